import { useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  countryPricesMachine,
  selectPlanQuotes,
  type FetchRateOutput,
} from '../../machines/country-prices.machine';
import type { Currency } from '../../domain/countries';
import { detectCountry, fetchRate, RateUnavailableError } from '../../services/geo';
import type { PricingActions, PricingState } from './pricing';

/**
 * Runs the country-and-prices machine (loaded after hydration, so XState is not in the first
 * load) with the real calls 1 and 2, and reports what the pricing section shows.
 */
const machine = countryPricesMachine.provide({
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
  },
});

export interface LivePricesProps {
  ccParam: string | null;
  hasCountryCookie: boolean;
  referral: boolean;
  onChange: (state: PricingState, actions: PricingActions) => void;
}

export default function LivePrices({ ccParam, hasCountryCookie, referral, onChange }: LivePricesProps) {
  const actor = useActorRef(machine, { input: { ccParam, hasCountryCookie } });
  const countryCode = useSelector(actor, (s) => s.context.countryCode);
  const rate = useSelector(actor, (s) => s.context.rate);
  const withDomain = useSelector(actor, (s) => s.matches({ domain: 'on' }));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const showCountryPicker = useSelector(actor, (s) => !s.context.hasCountryCookie);

  const actions = useMemo<PricingActions>(
    () => ({
      changeCountry: (code) => actor.send({ type: 'country.change', code }),
      toggleDomain: () => actor.send({ type: 'domain.toggle' }),
    }),
    [actor],
  );

  useEffect(() => {
    const quotes = selectPlanQuotes(actor.getSnapshot(), { referral });
    onChange({ countryCode, rate, withDomain, quotes, showCountryPicker, interactive: true, busy }, actions);
  }, [actor, actions, onChange, countryCode, rate, withDomain, busy, showCountryPicker, referral]);

  return null;
}
