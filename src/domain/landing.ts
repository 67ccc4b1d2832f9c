/**
 * What a landing address leaves in the browser's storage (spec section 5): the whole query string
 * when it carries a campaign, and the referral code.
 *
 * These functions are the rule's only copy, and they run in two places: imported by the domain
 * (attribution.ts, referral.ts) like any module, and bundled into the head script of every page
 * (src/boot/head.entry.ts), which records the visit before any link of the page can be followed.
 * The head script is inline in every page's HTML, so the functions import nothing but the
 * character rule they share with the names (hidden-chars.ts, itself import-free): the limits and
 * names come in as parameters (LandingRules). The unit tests run the built head script and compare
 * what it stores with these functions.
 */
import { hasHiddenChars } from './hidden-chars';

/** The limits and names the rule works with, passed in so the functions stay self-contained. */
export interface LandingRules {
  /** Any of these parameters with a usable value makes the query string worth storing. */
  triggers: readonly string[];
  /** Longest usable value of one parameter, in characters. */
  valueMax: number;
  /** Longest stored query string, in characters. */
  queryMax: number;
  /** Longest referral code, in characters (code points: see referralCodePattern). */
  referralMax: number;
  /** Local storage key of the campaign query string. */
  attributionKey: string;
  /** Session storage key of the referral code. */
  referralKey: string;
}

/**
 * Caps a raw query string (with or without '?') at `max` characters, dropping the trailing
 * parameters that do not fit whole; the result has no leading '?'.
 */
export function capQuery(raw: string, max: number): string {
  const query = raw.startsWith('?') ? raw.slice(1) : raw;
  if (query.length <= max) return query;
  const kept: string[] = [];
  let length = 0;
  for (const part of query.split('&')) {
    const added = part.length + (kept.length > 0 ? 1 : 0);
    if (length + added > max) break;
    kept.push(part);
    length += added;
  }
  return kept.join('&');
}

/**
 * Whether a campaign text may be stored and sent: no character that hides or reorders text
 * (hidden-chars.ts: control characters such as %00-%1F, line separators, bidi overrides, lone
 * UTF-16 surrogates), the rule the names follow too. The API's schema applies this same function
 * to the tracking fields, so a value the browser keeps is never one the API refuses.
 */
export function isCampaignText(value: string): boolean {
  return !hasHiddenChars(value);
}

/** A campaign value that passes isCampaignText and is at most `max` characters long. */
export function isCampaignValue(value: string, max: number): boolean {
  return value.length <= max && isCampaignText(value);
}

/** A parameter's trimmed value when it is not empty and passes isCampaignValue. */
export function usableParam(params: URLSearchParams, name: string, max: number): string | undefined {
  const raw = params.get(name);
  if (raw === null) return undefined;
  const trimmed = raw.trim();
  return trimmed === '' || !isCampaignValue(trimmed, max) ? undefined : trimmed;
}

/**
 * A raw query string (with or without '?', no leading '?' in the result) without the parameters
 * that break the campaign rule: a name or value (decoded) with a control character or over `max`
 * characters, or raw text that is not a campaign text. The others stay exactly as written.
 */
export function cleanQuery(raw: string, max: number): string {
  const query = raw.startsWith('?') ? raw.slice(1) : raw;
  return query
    .split('&')
    .filter((part) => {
      if (part === '' || !isCampaignText(part)) return false;
      for (const [name, value] of new URLSearchParams(part)) {
        if (!isCampaignValue(name, max) || !isCampaignValue(value, max)) return false;
      }
      return true;
    })
    .join('&');
}

/** Whether any trigger parameter carries a usable value. */
export function hasCampaign(params: URLSearchParams, rules: LandingRules): boolean {
  return rules.triggers.some((name) => usableParam(params, name, rules.valueMax) !== undefined);
}

/**
 * The value to store for a page's query string (with or without '?'), or undefined when nothing
 * must be stored (no trigger parameter, or none left after cleaning and capping). A parameter
 * that breaks the campaign rule is never stored: it would make the API refuse every lead.
 */
export function campaignQuery(search: string, rules: LandingRules): string | undefined {
  const capped = capQuery(cleanQuery(search, rules.valueMax), rules.queryMax);
  return capped !== '' && hasCampaign(new URLSearchParams(capped), rules) ? capped : undefined;
}

/**
 * A referral code: 1 to `max` letters of any alphabet (accents included), digits, '-' and '_'.
 * The one measure of a code's length: characters (code points), as a person counts them, so a
 * letter outside the basic plane (two UTF-16 units) counts once. With the `u` flag the pattern
 * counts exactly that; the landing, the API's schema (referral.ts) and the wizard's restore all
 * judge a code with this pattern, never with `.length`.
 */
export function referralCodePattern(max: number): RegExp {
  return new RegExp(`^[\\p{L}0-9_-]{1,${max}}$`, 'u');
}

/**
 * A referral code from untrusted input: the trimmed code in NFC (so 'ú' typed as 'u' + accent
 * counts once) when it matches referralCodePattern, else undefined.
 */
export function referralCodeFrom(raw: unknown, max: number): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const code = raw.trim().normalize('NFC');
  return referralCodePattern(max).test(code) ? code : undefined;
}

/**
 * Records a landing: the campaign query string in local storage, and a valid ?ref in session
 * storage (a code kept earlier in the session stays when the address has none). An address with
 * neither opens no storage at all, unless `withStoredReferral` asks for the code kept earlier: the
 * first use of each storage area is a synchronous call to the browser, which this script would make
 * before the first paint. Storage that is missing or refuses a write (private modes, disabled
 * cookies) records nothing, without an error.
 *
 * Returns the referral code active on this page: the address's, else (with `withStoredReferral`)
 * the one kept earlier in the session.
 */
export function recordLanding(
  search: string,
  rules: LandingRules,
  withStoredReferral = false,
): string | undefined {
  try {
    const campaign = campaignQuery(search, rules);
    if (campaign !== undefined) localStorage.setItem(rules.attributionKey, campaign);
  } catch {
    // No local storage: the lead goes without its campaign, as it would with storage disabled.
  }
  let code: string | undefined;
  try {
    code = referralCodeFrom(new URLSearchParams(search).get('ref'), rules.referralMax);
    if (code !== undefined) sessionStorage.setItem(rules.referralKey, code);
    else if (withStoredReferral)
      code = referralCodeFrom(sessionStorage.getItem(rules.referralKey), rules.referralMax);
  } catch {
    // No session storage: the code applies to this page only.
  }
  return code;
}
