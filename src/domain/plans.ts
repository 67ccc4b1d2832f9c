import { REFERRAL_DISCOUNT_PERCENT, REGIONAL_PRICE_FACTOR } from './constants';
import { COUNTRIES, esArgentina, type Country, type CountryCode } from './countries';

export const PLAN_IDS = ['planProfesional', 'planPremium', 'planPlatinum'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export type PriceItemId = PlanId | 'moduloDominio';

/** Base monthly prices of spec section 9. */
export const BASE_PRICES: Readonly<Record<PriceItemId, { ARS: number; USD: number }>> = {
  planProfesional: { ARS: 14000, USD: 12 },
  planPremium: { ARS: 36000, USD: 36 },
  planPlatinum: { ARS: 80400, USD: 80 },
  moduloDominio: { ARS: 8400, USD: 8 },
};

export const PLAN_NAMES: Readonly<Record<PlanId, string>> = {
  planProfesional: 'Profesional',
  planPremium: 'Premium',
  planPlatinum: 'Platinum',
};

export interface PlanPrice {
  codigoMoneda: 'ARS' | 'USD';
  importe: number;
  /** Approximate amount in the local currency; absent when it must not be shown. */
  importeRegional?: number;
}

/** Whether the exchange rate must be loaded: currency is not USD and the country is not AR (spec 9). */
export function needsExchangeRate(code: CountryCode): boolean {
  const country = COUNTRIES[code];
  return country.moneda.codigo !== 'USD' && !esArgentina(country);
}

/**
 * Parses the plain-text body of the exchange-rate call. Returns undefined for anything
 * that is not a finite, positive number (empty, text, NaN, negative, Infinity).
 */
export function parseExchangeRate(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** round(usd x rate x 1.02); undefined when the result is not a positive safe integer. */
export function regionalAmount(usd: number, rate: number | undefined): number | undefined {
  if (rate === undefined || !Number.isFinite(rate) || rate <= 0) return undefined;
  const value = Math.round(usd * rate * REGIONAL_PRICE_FACTOR);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** Price of one item for a country, with the regional amount when it applies. */
function priceFor(item: PriceItemId, country: Country, rate?: number): PlanPrice {
  const base = BASE_PRICES[item];
  if (esArgentina(country)) return { codigoMoneda: 'ARS', importe: base.ARS };
  const price: PlanPrice = { codigoMoneda: 'USD', importe: base.USD };
  if (needsExchangeRate(country.codigo)) {
    const regional = regionalAmount(base.USD, rate);
    if (regional !== undefined) price.importeRegional = regional;
  }
  return price;
}

/** Sum of two prices of the same currency (plan plus domain add-on). */
function addPrices(a: PlanPrice, b: PlanPrice): PlanPrice {
  const sum: PlanPrice = { codigoMoneda: a.codigoMoneda, importe: a.importe + b.importe };
  if (a.importeRegional !== undefined && b.importeRegional !== undefined) {
    // Two amounts that are each exact can add up to one that is not; the price is then shown in USD only.
    const regional = a.importeRegional + b.importeRegional;
    if (Number.isSafeInteger(regional)) sum.importeRegional = regional;
  }
  return sum;
}

/** Applies a percentage discount, rounding to whole units as the prices are shown. */
function discounted(price: PlanPrice, percent = REFERRAL_DISCOUNT_PERCENT): PlanPrice {
  const factor = (100 - percent) / 100;
  const out: PlanPrice = { codigoMoneda: price.codigoMoneda, importe: Math.round(price.importe * factor) };
  if (price.importeRegional !== undefined) out.importeRegional = Math.round(price.importeRegional * factor);
  return out;
}

/** The plan that offers the domain add-on (spec section 4). */
const DOMAIN_ADD_ON_PLAN: PlanId = 'planPremium';

export interface PlanQuote {
  plan: PlanId;
  /** Full price (plan, plus domain when ticked on Premium). */
  price: PlanPrice;
  /** Price of the domain add-on, on the plan that offers it. */
  domainAddOn?: PlanPrice;
  /** Price after the referral discount, when a referral code is active. */
  discountedPrice?: PlanPrice;
}

export interface QuoteOptions {
  rate?: number;
  withDomain?: boolean;
  referral?: boolean;
}

/** The three plan cards' prices for a country (spec sections 4 and 9). */
export function quotePlans(country: Country, options: QuoteOptions = {}): PlanQuote[] {
  const domainAddOn = priceFor('moduloDominio', country, options.rate);
  return PLAN_IDS.map((plan) => {
    const offersDomain = plan === DOMAIN_ADD_ON_PLAN;
    const planPrice = priceFor(plan, country, options.rate);
    const price = offersDomain && options.withDomain ? addPrices(planPrice, domainAddOn) : planPrice;
    const quote: PlanQuote = { plan, price };
    if (offersDomain) quote.domainAddOn = domainAddOn;
    if (options.referral) quote.discountedPrice = discounted(price);
    return quote;
  });
}
