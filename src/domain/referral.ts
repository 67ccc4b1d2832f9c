import { REFERRAL_CODE_MAX_LENGTH } from './constants';
import { referralCodeFrom, referralCodePattern } from './landing';

/** A referral code: letters of any alphabet, digits, '-' and '_', up to REFERRAL_CODE_MAX_LENGTH. */
export const REFERRAL_CODE_PATTERN = referralCodePattern(REFERRAL_CODE_MAX_LENGTH);

/**
 * A referral code from untrusted input (query string, session storage): the trimmed code in NFC
 * when it matches REFERRAL_CODE_PATTERN, otherwise undefined (ignored, never an error).
 */
export function parseReferralCode(raw: unknown): string | undefined {
  return referralCodeFrom(raw, REFERRAL_CODE_MAX_LENGTH);
}

/** Source precedence of spec section 5: a valid ?ref wins over a valid code kept in session storage. */
export function resolveReferralCode(fromQuery: unknown, fromSession: unknown): string | undefined {
  return parseReferralCode(fromQuery) ?? parseReferralCode(fromSession);
}

/** Text of the referral banner (spec section 2), with the code as given. */
export function referralBannerText(code: string): string {
  return `¡${code} TE REGALA UN GRAN DESCUENTO!`;
}
