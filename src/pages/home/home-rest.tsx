import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { COUNTRIES } from '../../domain/countries';
import { DEFAULT_COUNTRY_CODE } from '../../domain/constants';
import { quotePlans } from '../../domain/plans';
import { Benefits } from './benefits';
import { FinalCta, Faq, ImageChecklist, IncomeManagement, SignupBox } from './closing-sections';
import { Pricing, type PricingActions, type PricingState } from '../../flows/country-prices/pricing';
import { Discover, Showcase } from './showcase';
import { Testimonials } from './testimonials';
import { useVisitor } from './use-visitor';
import { REGION_NAMES } from '../../content/errors';
import { RegionBoundary, retryableLazy } from '../../ui/region-boundary';
import './home.css';

// XState and the prices machine load after this section hydrates: the static prices show until then.
const LivePrices = retryableLazy(() =>
  import('../../flows/country-prices/live-prices').then((m) => m.default),
);

const NO_ACTIONS: PricingActions = { changeCountry: () => {}, toggleDomain: () => {} };

/** The prerendered prices: the default country (AR) until the machine reports. */
function staticPricing(referral: boolean): PricingState {
  return {
    countryCode: DEFAULT_COUNTRY_CODE,
    withDomain: false,
    rate: null,
    quotes: quotePlans(COUNTRIES[DEFAULT_COUNTRY_CODE], { referral }),
    showCountryPicker: true,
    interactive: false,
    busy: false,
  };
}

/**
 * The home sections below the first screen, from the testimonials to the final call to action,
 * with what depends on the visitor there (country, prices, the referral discount). `onHydrated`
 * tells the page its code is live (a press held until then is replayed).
 */
export default function HomeRest({ onHydrated }: { onHydrated?: () => void }) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  const visitor = useVisitor();
  const referralCode = visitor?.referralCode;
  const [live, setLive] = useState<{ state: PricingState; actions: PricingActions } | null>(null);
  const onPricesChange = useCallback(
    (state: PricingState, actions: PricingActions) => setLive({ state, actions }),
    [],
  );
  const fallback = useMemo(() => staticPricing(referralCode !== undefined), [referralCode]);
  const pricing = live?.state ?? fallback;
  const isArgentina = COUNTRIES[pricing.countryCode].codigo === 'AR';

  return (
    <>
      {visitor && (
        <RegionBoundary name={REGION_NAMES.precios}>
          <Suspense fallback={null}>
            <LivePrices
              ccParam={visitor.ccParam}
              ccCookie={visitor.ccCookie}
              referral={referralCode !== undefined}
              onChange={onPricesChange}
            />
          </Suspense>
        </RegionBoundary>
      )}
      <Testimonials />
      <Benefits isArgentina={isArgentina} />
      <Showcase />
      <Discover />
      <IncomeManagement />
      <Pricing state={pricing} actions={live?.actions ?? NO_ACTIONS} referralCode={referralCode} />
      <Faq isArgentina={isArgentina} />
      <SignupBox />
      <ImageChecklist />
      <FinalCta />
    </>
  );
}
