import { REFERRAL_CODE_MAX_LENGTH, REFERRAL_DISCOUNT_PERCENT } from './constants';

/** The referral of spec section 3: a code that gives a fixed discount (spec sections 5 and 9). */
export interface Referral {
  codigo: string;
  porcentajeDescuento: number;
}

const CODE_PATTERN = new RegExp(`^[A-Za-z0-9-]{1,${REFERRAL_CODE_MAX_LENGTH}}$`);

/**
 * A referral code from untrusted input (query string, session storage): the trimmed code when
 * it is plausible (letters, digits and dashes, at most 32 characters), otherwise undefined.
 */
export function parseReferralCode(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const code = raw.trim();
  return CODE_PATTERN.test(code) ? code : undefined;
}

/** Source precedence of spec section 5: a valid ?ref wins over a valid code kept in session storage. */
export function resolveReferralCode(fromQuery: unknown, fromSession: unknown): string | undefined {
  return parseReferralCode(fromQuery) ?? parseReferralCode(fromSession);
}

export function referralFor(code: string): Referral {
  return { codigo: code, porcentajeDescuento: REFERRAL_DISCOUNT_PERCENT };
}

/** Text of the referral banner (spec section 2), with the code as given. */
export function referralBannerText(code: string): string {
  return `¡${code} TE REGALA UN GRAN DESCUENTO!`;
}
