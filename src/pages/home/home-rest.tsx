import { useEffect } from 'react';
import { esArgentina } from '../../domain/countries';
import { PricesSlot } from '../../flows/country-prices/prices-slot';
import { useShownCountry } from '../../flows/country-prices/shown-country';
import { Benefits } from './benefits';
import { FinalCta, Faq, ImageChecklist, IncomeManagement, SignupBox } from './closing-sections';
import { Discover, Showcase } from './showcase';
import { Testimonials } from './testimonials';
import './home.css';

/**
 * The home sections below the first screen, from the testimonials to the final call to action.
 * The plans section is its own part (its code loads when the visitor nears it); the benefits and
 * the FAQ follow the country it shows. `onHydrated` tells the page its code is live (a press held
 * until then is replayed).
 */
export default function HomeRest({ onHydrated }: { onHydrated?: () => void }) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  const isArgentina = esArgentina({ codigo: useShownCountry() });

  return (
    <>
      <Testimonials />
      <Benefits isArgentina={isArgentina} />
      <Showcase />
      <Discover />
      <IncomeManagement />
      <PricesSlot />
      <Faq isArgentina={isArgentina} />
      <SignupBox />
      <ImageChecklist />
      <FinalCta />
    </>
  );
}
