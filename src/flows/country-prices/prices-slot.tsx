import { memo, Suspense, type ComponentType } from 'react';
import { REFERRAL_ACTIVE_CLASS } from '../../boot/boot-script';
import { REGION_NAMES } from '../../content/errors';
import { lazyInRegion } from '../../ui/lazy-region';
import { RegionBoundary, retryableLazy } from '../../ui/region-boundary';
import { retryOnce } from '../../ui/retry-import';
import { PRICING_ANCHOR } from './anchor';

/*
 * The plans section in its place on the page. It is prerendered in full, prices in the default
 * currency included; its code (XState, the country-and-prices machine and the section that owns
 * it) loads when the visitor nears the section or presses a control in it (lazyRegion), or at
 * once when a referral code is active, and until then React keeps the server's HTML. While prerendering, the module is awaited up front and
 * renders synchronously.
 */
const loadSection = () => import('./prices-section').then((m) => m.default);
const Section: ComponentType = import.meta.env.SSR
  ? await loadSection()
  : retryableLazy(
      loadSection,
      lazyInRegion(() => {
        const section = document.getElementById(PRICING_ANCHOR);
        // A referral code's discount line shows as soon as the page runs, wherever the visitor is.
        const referral = document.documentElement.classList.contains(REFERRAL_ACTIVE_CLASS);
        return section && !referral ? [section] : [];
      }, retryOnce(loadSection)),
    );

/** Memoized: no parent update may reach the boundary before its code is in (React would drop its HTML). */
export const PricesSlot = memo(function PricesSlot() {
  return (
    <RegionBoundary name={REGION_NAMES.precios}>
      <Suspense fallback={null}>
        <Section />
      </Suspense>
    </RegionBoundary>
  );
});
