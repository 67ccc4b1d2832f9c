import { parseCountryCode, type CountryCode } from '../domain/countries';
import { parseExchangeRate } from '../domain/plans';
import { apiRequest, type ApiRequestOptions } from './http';

/**
 * Calls 1 and 2 of spec section 7: the visitor's country and the USD exchange rate. They throw on
 * failure; the country-and-prices machine decides what to log (spec section 8).
 */

const GEO_REQUEST_TIMEOUT_MS = 6000;

/** The rate call answered, but not with a usable rate (non-OK status or a body that is not a rate). */
export class RateUnavailableError extends Error {
  constructor(
    readonly currencyCode: string,
    readonly status: number,
  ) {
    super(`Cotización no disponible para ${currencyCode} (${status})`);
    this.name = 'RateUnavailableError';
  }
}

function request(path: string, options: ApiRequestOptions, accept: string): Promise<Response> {
  return apiRequest(path, { method: 'GET', headers: { Accept: accept } }, options, GEO_REQUEST_TIMEOUT_MS);
}

/**
 * Call 1: GET {api}/public/ip2location/ and read countryCode. Resolves with one of the seven
 * country codes; throws on a network error, a non-OK status or a body without a known code.
 */
export async function detectCountry(options: ApiRequestOptions = {}): Promise<CountryCode> {
  const response = await request('public/ip2location/', options, 'application/json');
  if (!response.ok) throw new Error(`ip2location respondió ${response.status}`);
  const body: unknown = await response.json();
  const raw =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>).countryCode : undefined;
  const code = parseCountryCode(raw);
  if (!code) throw new Error('ip2location no devolvió un país conocido');
  return code;
}

/**
 * Call 2: GET {api}/public/cotizaciones/USD/{currencyCode}, read as plain text. Resolves with a
 * positive rate; throws RateUnavailableError on a non-OK status or an unusable body, and the
 * network error itself otherwise.
 */
export async function fetchRate(currencyCode: string, options: ApiRequestOptions = {}): Promise<number> {
  if (!/^[A-Z]{3}$/.test(currencyCode)) throw new RateUnavailableError(currencyCode, 0);
  const response = await request(`public/cotizaciones/USD/${currencyCode}`, options, 'text/plain');
  if (!response.ok) throw new RateUnavailableError(currencyCode, response.status);
  const rate = parseExchangeRate(await response.text());
  if (rate === undefined) throw new RateUnavailableError(currencyCode, response.status);
  return rate;
}
