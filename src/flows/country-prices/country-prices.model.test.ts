import { describe, expect, it } from 'vitest';
import { BASE_PRICES } from '../../domain/plans';
import {
  COUNTRY_LOOKUP_ERROR_MESSAGE,
  RATE_EXCEPTION_MESSAGE,
  countryPricesMachine,
  rateUnavailableMessage,
  selectPlanQuotes,
  type CountryPricesInput,
} from './country-prices.machine';
import { COUNTRIES, chosenCountry, parseCountryCode, type CountryCode } from '../../domain/countries';
import { COUNTRY_RATE as RATE, countryPricesModel } from './country-prices.samples';
import {
  Coverage,
  expectFullCoverage,
  report,
  runModel,
  type ModelRunResult,
} from '../../../tests/model/support/model-harness';

describe('country and prices machine: model paths', () => {
  const coverage = new Coverage();
  const results: ModelRunResult[] = [];

  it.each(countryPricesModel.runs)('runs every path ($label)', async (run) => {
    const input = run.input as CountryPricesInput;
    results.push(
      await runModel(
        {
          ...run,
          name: 'country-prices',
          machine: countryPricesMachine,
          check: ({ real, before, event, calls, effects }) => {
            const code = real.context.countryCode as CountryCode;
            const remembered = parseCountryCode(input.ccCookie);
            if (event.type === 'xstate.init') {
              // The rule of resolveCountry, up to the lookup: the address, then the cookie.
              const chosen = chosenCountry({ param: input.ccParam, cookie: input.ccCookie });
              if (chosen) expect(code).toBe(chosen);
              else expect(real.matches({ prices: { resolvingCountry: 'detecting' } })).toBe(true);
            }
            if (event.type === 'country.change') {
              const asked = parseCountryCode((event as { code?: unknown }).code);
              const changes = effects.filter((e) => e.action === 'rememberCountry');
              if (remembered) {
                // The cookie hides the dropdown: no country change is possible.
                expect(real.can(event as never)).toBe(false);
                expect(changes).toEqual([]);
              } else if (asked && before) {
                // A choice is shown and remembered in the cc cookie.
                expect(code).toBe(asked);
                expect(changes.at(-1)).toEqual({ action: 'rememberCountry', params: { code: asked } });
              }
            }
            const rateCall = calls.filter((c) => c.src === 'fetchRate' && !c.settled).at(-1);
            if (real.matches({ prices: 'loadingRate' })) {
              expect(rateCall?.input).toEqual({ currencyCode: COUNTRIES[code].moneda.codigo });
            }
            // The rate is asked only for non-USD countries other than AR.
            for (const c of calls.filter((x) => x.src === 'fetchRate')) {
              expect(['USD', 'ARS']).not.toContain((c.input as { currencyCode: string }).currencyCode);
            }
            if (event.type === 'xstate.error.actor.detectCountry') {
              expect(effects.at(0)).toEqual({
                action: 'logLookupError',
                params: { message: COUNTRY_LOOKUP_ERROR_MESSAGE },
              });
              expect(code === 'AR' || real.matches({ prices: 'loadingRate' })).toBe(true);
            }
            if (
              event.type === 'xstate.done.actor.fetchRate' &&
              real.matches({ prices: { ready: 'rateUnavailable' } })
            ) {
              expect(effects.at(-1)).toEqual({
                action: 'logRateError',
                params: { message: rateUnavailableMessage(code) },
              });
            }
            if (event.type === 'xstate.error.actor.fetchRate') {
              expect(effects.at(-1)).toEqual({
                action: 'logRateError',
                params: { message: RATE_EXCEPTION_MESSAGE },
              });
            }
            const quotes = selectPlanQuotes(real);
            const premium = quotes.find((q) => q.plan === 'planPremium');
            const currency = code === 'AR' ? 'ARS' : 'USD';
            const expected =
              BASE_PRICES.planPremium[currency] +
              (real.matches({ domain: 'on' }) ? BASE_PRICES.moduloDominio[currency] : 0);
            expect(premium?.price.importe).toBe(expected);
            if (real.matches({ prices: { ready: 'regional' } })) {
              expect(real.context.rate).toBe(RATE);
              expect(premium?.price.importeRegional).toBeGreaterThan(0);
            } else {
              expect(real.context.rate).toBeNull();
              expect(premium?.price.importeRegional).toBeUndefined();
            }
          },
        },
        coverage,
      ),
    );
  });

  it('reaches every state and transition', () => {
    report('country-prices', results, countryPricesMachine);
    expectFullCoverage(countryPricesMachine, coverage);
  });
});
