import { COOKIE_LIFETIME_DAYS, COUNTRY_COOKIE } from '../domain/constants';
import type { CountryCode } from '../domain/countries';
import { readCookie, writeCookie } from './storage';

/** The cc cookie's raw value, as the visitor's browser holds it (validated by whoever reads it). */
export function readCountryCookie(): string | null {
  return readCookie(COUNTRY_COOKIE) ?? null;
}

/**
 * Remembers the country a visitor chose (a flag or the prices' dropdown) in the cc cookie, for a
 * year (spec section 9's cookie lifetime), on every path, SameSite=Lax, Secure over HTTPS: the
 * next visit shows that country's prices without the dropdown.
 */
export function rememberCountry(code: CountryCode): void {
  writeCookie(COUNTRY_COOKIE, code, COOKIE_LIFETIME_DAYS);
}
