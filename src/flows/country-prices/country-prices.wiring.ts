import { fromPromise } from 'xstate';
import type { Currency } from '../../domain/countries';
import { rememberCountry } from '../../services/country-cookie';
import { detectCountry, fetchRate, RateUnavailableError } from '../../services/geo';
import { countryPricesMachine, type FetchRateOutput } from './country-prices.machine';

/** The country-and-prices machine with the real calls 1 and 2 and the cc cookie. */
export function countryPricesLogic() {
  return countryPricesMachine.provide({
    actors: {
      detectCountry: fromPromise<string | null | undefined, void>(({ signal }) => detectCountry({ signal })),
      fetchRate: fromPromise<FetchRateOutput, { currencyCode: Currency['codigo'] }>(
        async ({ input, signal }) => {
          try {
            return { ok: true, rate: await fetchRate(input.currencyCode, { signal }) };
          } catch (error) {
            // Non-OK or unreadable answer: 'No se pudo recuperar cotizacion para pais {code}'.
            if (error instanceof RateUnavailableError) return { ok: false };
            // Network failure: 'Error invocacion servicio de cotizaciones'.
            throw error;
          }
        },
      ),
    },
    actions: {
      // Spec section 8: a failed lookup is logged as an error.
      logLookupError: (_, params) => console.error(params.message),
      // Spec section 8 says "console log": an expected condition, so console.info (lint allows no .log).
      logRateError: (_, params) => console.info(params.message),
      rememberCountry: (_, params) => rememberCountry(params.code),
    },
  });
}
