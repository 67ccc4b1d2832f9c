import { useEffect, useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  countryPricesMachine,
  selectPlanQuotes,
  selectShowsCountryPicker,
  type CountryPricesSnapshot,
  type FetchRateOutput,
} from './country-prices.machine';
import type { Currency } from '../../domain/countries';
import { rememberCountry } from '../../services/country-cookie';
import { detectCountry, fetchRate, RateUnavailableError } from '../../services/geo';
import type { PricingActions, PricingState } from './pricing';

/**
 * Runs the country-and-prices machine (loaded after hydration, so XState is not in the first
 * load) with the real calls 1 and 2 and the cc cookie, and reports what the pricing section shows.
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
    rememberCountry: (_, params) => rememberCountry(params.code),
  },
});

export interface LivePricesProps {
  ccParam: string | null;
  ccCookie: string | null;
  referral: boolean;
  onChange: (state: PricingState, actions: PricingActions) => void;
}

/** What the pricing section reads from a snapshot of the machine. */
function pricingView(snapshot: CountryPricesSnapshot, referral: boolean): PricingState {
  return {
    countryCode: snapshot.context.countryCode,
    rate: snapshot.context.rate,
    withDomain: snapshot.matches({ domain: 'on' }),
    quotes: selectPlanQuotes(snapshot, { referral }),
    showCountryPicker: selectShowsCountryPicker(snapshot),
    interactive: true,
    busy: snapshot.hasTag('busy'),
  };
}

const viewKey = (v: PricingState) =>
  [
    v.countryCode,
    v.rate,
    v.withDomain,
    v.showCountryPicker,
    v.busy,
    v.quotes[0]?.discountedPrice ? 1 : 0,
  ].join('|');

export default function LivePrices({ ccParam, ccCookie, referral, onChange }: LivePricesProps) {
  const actor = useActorRef(machine, { input: { ccParam, ccCookie } });
  const actions = useMemo<PricingActions>(
    () => ({
      changeCountry: (code) => actor.send({ type: 'country.change', code }),
      toggleDomain: () => actor.send({ type: 'domain.toggle' }),
    }),
    [actor],
  );

  // Reported from the actor's own subscription, which runs synchronously inside send(): a click
  // on the domain checkbox and the state it produces land in the same React update, so the
  // controlled checkbox never flips back for a frame.
  useEffect(() => {
    let last = '';
    const report = () => {
      const view = pricingView(actor.getSnapshot(), referral);
      const key = viewKey(view);
      if (key === last) return;
      last = key;
      onChange(view, actions);
    };
    report();
    const subscription = actor.subscribe(report);
    return () => subscription.unsubscribe();
  }, [actor, actions, onChange, referral]);

  return null;
}
