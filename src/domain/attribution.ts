import {
  ATTRIBUTION_STORAGE_KEY,
  PROMOTION_CAMPAIGN_VALUE,
  REFERRAL_CODE_MAX_LENGTH,
  REFERRAL_STORAGE_KEY,
} from './constants';
import { campaignQuery, capQuery, hasCampaign, usableParam, type LandingRules } from './landing';
import {
  TRACKING_FIELDS,
  TRACKING_VALUE_MAX_LENGTH,
  URL_QUERY_STRING_MAX_LENGTH,
  type TrackingFields,
} from './prospect';

/**
 * Marketing attribution of spec sections 3 and 5. The whole query string is stored (under
 * ATTRIBUTION_STORAGE_KEY, without the leading '?') when any trigger parameter is present;
 * everything else is derived from it when read back, so the stored value stays a plain string.
 */

export interface Attribution extends TrackingFields {
  urlQueryString: string;
  ndbCampaign?: string;
}

/** Any of these in the query string makes it worth storing. */
const ATTRIBUTION_TRIGGER_PARAMS = ['fbclid', 'utm_source', 'ndb_s', 'ndb_c'] as const;
const FACEBOOK_SOURCE = 'fb';

/** The rule of spec section 5 with this site's limits and storage keys (see landing.ts). */
export const LANDING_RULES: LandingRules = {
  triggers: ATTRIBUTION_TRIGGER_PARAMS,
  valueMax: TRACKING_VALUE_MAX_LENGTH,
  queryMax: URL_QUERY_STRING_MAX_LENGTH,
  referralMax: REFERRAL_CODE_MAX_LENGTH,
  attributionKey: ATTRIBUTION_STORAGE_KEY,
  referralKey: REFERRAL_STORAGE_KEY,
};

function toParams(queryString: string): URLSearchParams {
  return new URLSearchParams(queryString.startsWith('?') ? queryString.slice(1) : queryString);
}

function value(params: URLSearchParams, name: string): string | undefined {
  return usableParam(params, name, TRACKING_VALUE_MAX_LENGTH);
}

/** Whether any trigger parameter (fbclid, utm_source, ndb_s, ndb_c) carries a usable value. */
export function shouldStoreAttribution(params: URLSearchParams): boolean {
  return hasCampaign(params, LANDING_RULES);
}

/**
 * Caps a raw query string (without '?') at URL_QUERY_STRING_MAX_LENGTH characters, dropping the
 * trailing parameters that do not fit whole.
 */
export function capQueryString(raw: string): string {
  return capQuery(raw, URL_QUERY_STRING_MAX_LENGTH);
}

/**
 * The value to store for a page's query string (location.search, with or without '?'), or
 * undefined when nothing must be stored (no trigger parameter, or none left after capping).
 */
export function attributionToStore(search: string): string | undefined {
  return campaignQuery(search, LANDING_RULES);
}

/** Parses a query string into the attribution fields, with the fallbacks of spec section 5. */
export function parseAttribution(queryString: string): Attribution {
  const urlQueryString = capQueryString(queryString);
  const params = toParams(urlQueryString);
  const out: Attribution = { urlQueryString };
  const utmSource = value(params, 'utm_source') ?? value(params, 'ndb_s');
  const utmCampaign = value(params, 'utm_campaign') ?? value(params, 'ndb_c');
  const utmContent = value(params, 'utm_content');
  const utmTerm = value(params, 'utm_term');
  const fbclid = value(params, 'fbclid');
  const ndbCampaign = value(params, 'ndb_c');
  if (utmSource !== undefined) out.utmSource = utmSource;
  if (utmCampaign !== undefined) out.utmCampaign = utmCampaign;
  if (utmContent !== undefined) out.utmContent = utmContent;
  if (utmTerm !== undefined) out.utmTerm = utmTerm;
  if (fbclid !== undefined) out.fbclid = fbclid;
  if (ndbCampaign !== undefined) out.ndbCampaign = ndbCampaign;
  return out;
}

/**
 * Reads back what was stored under ATTRIBUTION_STORAGE_KEY (pass the raw storage value).
 * Anything that is not a plausible stored query string gives undefined. A value stored by an
 * older visit passes the rule of today's: a parameter that breaks it is left out, as if it had
 * never been stored (it would make the API refuse the lead).
 */
export function readStoredAttribution(raw: string | undefined): Attribution | undefined {
  if (typeof raw !== 'string' || raw === '' || raw.length > URL_QUERY_STRING_MAX_LENGTH) return undefined;
  const kept = attributionToStore(raw);
  return kept === undefined ? undefined : parseAttribution(kept);
}

/** Promotion mode (DESIGN section 3, trial offer): the stored ndb campaign equals 'pe'. */
export function isPromotionMode(stored: Attribution | undefined): boolean {
  return stored?.ndbCampaign === PROMOTION_CAMPAIGN_VALUE;
}

/** The campaign source (utm_source, else ndb_s). */
export function campaignSource(stored: Attribution | undefined): string | undefined {
  return stored?.utmSource;
}

/** Whether the visitor came from a Facebook campaign (the wizard then runs the bot check). */
export function isFacebookSource(stored: Attribution | undefined): boolean {
  return campaignSource(stored) === FACEBOOK_SOURCE;
}

/** The tracking fields sent with the lead (calls 3 and 4). */
export function trackingFields(stored: Attribution | undefined): TrackingFields {
  if (!stored) return {};
  const out: TrackingFields = {};
  for (const field of TRACKING_FIELDS) {
    const value = stored[field];
    if (value !== undefined) out[field] = value;
  }
  return out;
}
