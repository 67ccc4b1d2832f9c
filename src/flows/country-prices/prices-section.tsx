import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_COUNTRY_CODE } from '../../domain/constants';
import { COUNTRIES } from '../../domain/countries';
import { quotePlans } from '../../domain/plans';
import { readCountryCookie } from '../../services/country-cookie';
import { readReferralCode } from '../../services/visit';
import { useFlowActor } from '../../ui/hooks/use-flow-actor';
import { useHydrated } from '../../ui/hooks/use-hydrated';
import {
  selectPlanQuotes,
  selectShowsCountryPicker,
  type CountryPricesInput,
} from './country-prices.machine';
import { countryPricesLogic } from './country-prices.wiring';
import { Pricing, type PricingActions, type PricingState } from './pricing';
import { publishShownCountry } from './shown-country';

/** The prerendered prices: the default country's, controls not yet working. */
const PRERENDERED: PricingState = {
  countryCode: DEFAULT_COUNTRY_CODE,
  withDomain: false,
  rate: null,
  quotes: quotePlans(COUNTRIES[DEFAULT_COUNTRY_CODE]),
  showCountryPicker: true,
  interactive: false,
  busy: false,
};

/**
 * Where the country may come from, read when the machine is made. The server knows neither, and
 * nothing read here is shown before hydration has finished.
 */
function countrySources(): CountryPricesInput {
  if (typeof window === 'undefined') return { ccParam: null, ccCookie: null };
  return { ccParam: new URLSearchParams(window.location.search).get('cc'), ccCookie: readCountryCookie() };
}

/**
 * The plans section with its country-and-prices machine: it starts the machine (the flow's
 * wiring), draws the section from the machine's snapshot and sends it the visitor's choices. It
 * hydrates over the prerendered section as it is (default currency, dropdown disabled, no
 * discount line) and shows the visitor's country, referral discount and working controls right
 * after. `onHydrated` (lazyRegion) replays a press held until its code was in.
 */
export default function PricesSection({ onHydrated }: { onHydrated?: () => void }) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  const hydrated = useHydrated();
  const [input] = useState(countrySources);
  const actor = useFlowActor(countryPricesLogic, { input });
  const snapshot = useSelector(actor, (s) => s);
  const referralCode = useMemo(
    () => (hydrated ? readReferralCode(window.location.search) : undefined),
    [hydrated],
  );
  const actions = useMemo<PricingActions>(
    () => ({
      changeCountry: (code) => actor.send({ type: 'country.change', code }),
      toggleDomain: () => actor.send({ type: 'domain.toggle' }),
    }),
    [actor],
  );

  const { countryCode, rate } = snapshot.context;
  useEffect(() => {
    if (hydrated) publishShownCountry(countryCode);
  }, [hydrated, countryCode]);
  useEffect(() => () => publishShownCountry(DEFAULT_COUNTRY_CODE), []);

  const state: PricingState = hydrated
    ? {
        countryCode,
        rate,
        withDomain: snapshot.matches({ domain: 'on' }),
        quotes: selectPlanQuotes(snapshot, { referral: referralCode !== undefined }),
        showCountryPicker: selectShowsCountryPicker(snapshot),
        interactive: true,
        busy: snapshot.hasTag('busy'),
      }
    : PRERENDERED;
  return <Pricing state={state} actions={actions} referralCode={hydrated ? referralCode : undefined} />;
}
