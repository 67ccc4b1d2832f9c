import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../../src/domain/countries';
import { formatMoney } from '../../../src/domain/money';
import {
  BASE_PRICES,
  needsExchangeRate,
  parseExchangeRate,
  quotePlans,
  regionalAmount,
} from '../../../src/domain/plans';

const amounts = (code: CountryCode, options: Parameters<typeof quotePlans>[1] = {}) =>
  quotePlans(COUNTRIES[code], options).map((q) => q.price.importe);

describe('plan prices per country (spec section 9)', () => {
  it('Argentina pays in ARS, without regional amounts even with a rate', () => {
    const quotes = quotePlans(COUNTRIES.AR, { rate: 1000 });
    expect(quotes.map((q) => q.price)).toEqual([
      { codigoMoneda: 'ARS', importe: 14000 },
      { codigoMoneda: 'ARS', importe: 36000 },
      { codigoMoneda: 'ARS', importe: 80400 },
    ]);
    expect(amounts('AR', { withDomain: true })).toEqual([14000, 44400, 80400]);
  });

  it.each(['CL', 'CO', 'MX', 'PE', 'UY'] as const)('%s pays in USD with the regional amount', (code) => {
    const quotes = quotePlans(COUNTRIES[code], { rate: 950 });
    expect(quotes.map((q) => q.price.codigoMoneda)).toEqual(['USD', 'USD', 'USD']);
    expect(quotes.map((q) => q.price.importe)).toEqual([12, 36, 80]);
    expect(quotes.map((q) => q.price.importeRegional)).toEqual([
      Math.round(12 * 950 * 1.02),
      Math.round(36 * 950 * 1.02),
      Math.round(80 * 950 * 1.02),
    ]);
  });

  it('Panama pays in USD and never shows a regional amount', () => {
    expect(needsExchangeRate('PA')).toBe(false);
    const quotes = quotePlans(COUNTRIES.PA, { rate: 1, withDomain: true });
    expect(quotes.map((q) => q.price)).toEqual([
      { codigoMoneda: 'USD', importe: 12 },
      { codigoMoneda: 'USD', importe: 44 },
      { codigoMoneda: 'USD', importe: 80 },
    ]);
  });

  it('the domain add-on adds 8 USD and the sum of both regional amounts to Premium only', () => {
    const [pro, premium, platinum] = quotePlans(COUNTRIES.CL, { rate: 900, withDomain: true });
    expect(pro?.price.importe).toBe(12);
    expect(premium?.price.importe).toBe(44);
    expect(premium?.price.importeRegional).toBe(Math.round(36 * 900 * 1.02) + Math.round(8 * 900 * 1.02));
    expect(platinum?.price.importe).toBe(80);
  });

  it('quotes the add-on itself on Premium only, ticked or not (the checkbox label shows it)', () => {
    for (const withDomain of [false, true]) {
      const [pro, premium, platinum] = quotePlans(COUNTRIES.CL, { rate: 900, withDomain });
      expect(premium?.domainAddOn).toEqual({
        codigoMoneda: 'USD',
        importe: 8,
        importeRegional: Math.round(8 * 900 * 1.02),
      });
      expect(pro?.domainAddOn).toBeUndefined();
      expect(platinum?.domainAddOn).toBeUndefined();
    }
    expect(quotePlans(COUNTRIES.AR)[1]?.domainAddOn).toEqual({ codigoMoneda: 'ARS', importe: 8400 });
  });

  it('the referral gives 25 % off every card, domain included', () => {
    const ar = quotePlans(COUNTRIES.AR, { referral: true, withDomain: true });
    expect(ar.map((q) => q.discountedPrice?.importe)).toEqual([10500, 33300, 60300]);
    const cl = quotePlans(COUNTRIES.CL, { referral: true, rate: 1000 });
    expect(cl.map((q) => q.discountedPrice?.importe)).toEqual([9, 27, 60]);
    expect(cl[0]?.discountedPrice?.importeRegional).toBe(Math.round(Math.round(12 * 1000 * 1.02) * 0.75));
    expect(quotePlans(COUNTRIES.MX).every((q) => q.discountedPrice === undefined)).toBe(true);
  });
});

describe('exchange-rate text (call 2)', () => {
  it.each([
    ['950.5', 950.5],
    [' 3.71\n', 3.71],
    ['40', 40],
  ])('parses %j', (text, rate) => expect(parseExchangeRate(text)).toBe(rate));

  it.each(['', 'abc', '0', '0.0', '-5', 'NaN', 'Infinity', '1e3', '1,5', '<html>', '12abc', '{"rate":3}'])(
    'rejects %j',
    (text) => expect(parseExchangeRate(text)).toBeUndefined(),
  );

  it('rejects non-strings', () => {
    for (const v of [undefined, null, 3, {}]) expect(parseExchangeRate(v)).toBeUndefined();
  });

  it('a rate too small to give a positive amount shows no regional price', () => {
    expect(regionalAmount(12, 0.0001)).toBeUndefined();
    expect(quotePlans(COUNTRIES.CL, { rate: 0.0001 })[0]?.price.importeRegional).toBeUndefined();
  });

  it('a huge rate shows no regional price instead of Infinity or an unsafe number', () => {
    expect(regionalAmount(12, 1e308)).toBeUndefined();
    expect(regionalAmount(80, Number.MAX_SAFE_INTEGER)).toBeUndefined();
    expect(parseExchangeRate('9'.repeat(400))).toBeUndefined();
  });

  it('Premium with the domain shows no regional price when the two exact amounts add up past a safe one', () => {
    const premium = quotePlans(COUNTRIES.CO, { rate: 200695170560182.53, withDomain: true })[1];
    expect(premium?.domainAddOn?.importeRegional).toBeDefined();
    expect(premium?.price.importeRegional).toBeUndefined();
    expect(premium?.price.importe).toBeGreaterThan(0);
  });
});

const rateArb = fc.oneof(
  fc.constant(undefined),
  fc.constant(0),
  fc.constant(Number.NaN),
  fc.constant(Number.POSITIVE_INFINITY),
  fc.double({ min: -1e6, max: 0 }),
  fc.double({ min: 1e-9, max: 1e6, noNaN: true }),
  fc.double({ min: 1e6, max: Number.MAX_VALUE, noNaN: true }),
);

describe('properties over every country, rate, domain and referral', () => {
  it('prices are well-formed and follow the rules', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COUNTRY_CODES),
        rateArb,
        fc.boolean(),
        fc.boolean(),
        (code, rate, withDomain, referral) => {
          const country = COUNTRIES[code];
          const quotes = quotePlans(country, { rate, withDomain, referral });
          expect(quotes.map((q) => q.plan)).toEqual(['planProfesional', 'planPremium', 'planPlatinum']);
          const currency = code === 'AR' ? 'ARS' : 'USD';
          for (const q of quotes) {
            expect(q.price.codigoMoneda).toBe(currency);
            const base = BASE_PRICES[q.plan][currency];
            const domain = q.plan === 'planPremium' && withDomain ? BASE_PRICES.moduloDominio[currency] : 0;
            expect(q.price.importe).toBe(base + domain);
            const regional = q.price.importeRegional;
            if (regional !== undefined) {
              expect(needsExchangeRate(code)).toBe(true);
              expect(Number.isSafeInteger(regional)).toBe(true);
              expect(regional).toBeGreaterThan(0);
            }
            if (!needsExchangeRate(code)) expect(regional).toBeUndefined();
            if (referral) {
              const d = q.discountedPrice;
              expect(d).toBeDefined();
              expect(d!.importe).toBe(Math.round(q.price.importe * 0.75));
              expect(d!.importe).toBeLessThan(q.price.importe);
              if (regional !== undefined) expect(d!.importeRegional).toBe(Math.round(regional * 0.75));
            } else {
              expect(q.discountedPrice).toBeUndefined();
            }
            expect(() => formatMoney(q.price.importe, q.price.codigoMoneda, country.locale)).not.toThrow();
            if (regional !== undefined) {
              expect(formatMoney(regional, country.moneda.codigo, country.locale)).toMatch(/\d/);
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('any response text gives either no regional amount or a positive whole one', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COUNTRY_CODES),
        fc.oneof(fc.string(), fc.stringMatching(/^\d{1,20}(\.\d{1,10})?$/)),
        (code, text) => {
          const rate = parseExchangeRate(text);
          if (rate !== undefined) expect(rate).toBeGreaterThan(0);
          for (const q of quotePlans(COUNTRIES[code], { rate, withDomain: true })) {
            const r = q.price.importeRegional;
            if (r !== undefined) expect(Number.isSafeInteger(r) && r > 0).toBe(true);
          }
        },
      ),
    );
  });

  it('with a valid rate, a regional amount always shows for the five countries that need it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<CountryCode>('CL', 'CO', 'MX', 'PE', 'UY'),
        fc.double({ min: 0.1, max: 1e6, noNaN: true }),
        (code, rate) => {
          for (const q of quotePlans(COUNTRIES[code], { rate })) {
            expect(q.price.importeRegional).toBe(Math.round(q.price.importe * rate * 1.02));
          }
        },
      ),
    );
  });
});
