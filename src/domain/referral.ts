import { REFERRAL_CODE_MAX_LENGTH } from './constants';

/**
 * A referral code: letters of any alphabet (accents included), digits, '-' and '_', from 1 to
 * REFERRAL_CODE_MAX_LENGTH characters. With the `u` flag the length counts characters (code
 * points), not UTF-16 units; the code is compared in NFC so 'ú' typed as 'u' + accent counts once.
 */
export const REFERRAL_CODE_PATTERN = new RegExp(`^[\\p{L}0-9_-]{1,${REFERRAL_CODE_MAX_LENGTH}}$`, 'u');

/**
 * A referral code from untrusted input (query string, session storage): the trimmed code in NFC
 * when it matches REFERRAL_CODE_PATTERN, otherwise undefined (ignored, never an error).
 */
export function parseReferralCode(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const code = raw.trim().normalize('NFC');
  return REFERRAL_CODE_PATTERN.test(code) ? code : undefined;
}

/** Source precedence of spec section 5: a valid ?ref wins over a valid code kept in session storage. */
export function resolveReferralCode(fromQuery: unknown, fromSession: unknown): string | undefined {
  return parseReferralCode(fromQuery) ?? parseReferralCode(fromSession);
}

/** Text of the referral banner (spec section 2), with the code as given. */
export function referralBannerText(code: string): string {
  return `¡${code} TE REGALA UN GRAN DESCUENTO!`;
}
