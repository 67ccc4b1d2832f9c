import { useEffect, useMemo } from 'react';
import {
  selectPlanQuotes,
  selectShowsCountryPicker,
  type CountryPricesSnapshot,
} from './country-prices.machine';
import type { PricingActions, PricingState } from './pricing';
import { useFlowActor } from '../../ui/hooks/use-flow-actor';
import { countryPricesLogic } from './country-prices.wiring';

/** Runs the country-and-prices machine (loaded after hydration, so XState is not in the first load) and reports what the pricing section shows. */
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
  const actor = useFlowActor(countryPricesLogic, { input: { ccParam, ccCookie } });
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
