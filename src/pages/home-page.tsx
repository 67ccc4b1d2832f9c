import { Suspense, type ComponentType } from 'react';
import { REGION_NAMES } from '../content/errors';
import { FaqPage } from '../ui/accordion';
import { JsonLd } from '../ui/json-ld';
import { StaticHtml } from '../ui/static-html';
import { planProducts } from '../seo/plans';
import { Hero } from './home/hero';
import { useVisitor } from './home/use-visitor';
import { lazyInRegion, siblingsAfter } from '../ui/lazy-region';
import { RegionBoundary, retryableLazy } from '../ui/region-boundary';
import { retryOnce } from '../ui/retry-import';
import './home/home.css';

/*
 * Home landing (/, /gastronomicos): every section of spec section 2, in order.
 *
 * The hero hydrates with this chunk; highlights and 'Empieza hoy' stay server HTML (StaticHtml),
 * so neither their code nor their icons reach the browser. Everything below them is prerendered in
 * full as well, but its code (copy, carousels, pricing with the visitor's country, FAQ) is a
 * separate chunk, requested when the visitor nears it or presses a control in it: until then React
 * keeps that boundary's server HTML as it is (readable, links working) and hydrates it when the
 * code arrives; a press that came first is pressed again then (lazyRegion). While
 * prerendering the same module is awaited up front (import.meta.env.SSR is a build-time constant,
 * so the client bundle keeps only the lazy import) and the boundary renders synchronously.
 */
const REST_ID = 'resto-de-inicio';
const PLAN_PRODUCTS = planProducts();
const loadRest = () => import('./home/home-rest').then((m) => m.default);
const HomeRest: ComponentType = import.meta.env.SSR
  ? await loadRest()
  : retryableLazy(
      loadRest,
      lazyInRegion(() => siblingsAfter(document.getElementById(REST_ID)), retryOnce(loadRest)),
    );
const firstScreen = import.meta.env.SSR ? await import('./home/highlights') : null;
// The referral strip (XState and its machine) loads after hydration, and only when a code exists.
const ReferralBanner = retryableLazy(() =>
  import('../flows/referral-banner/referral-banner').then((m) => m.default),
);

/**
 * The referral strip's place, at the top of the page (spec section 2: 'A top strip'). It is in the
 * prerendered HTML, and the head script makes it keep the strip's room from the first paint when a
 * code is active (REFERRAL_ACTIVE_CLASS), so the strip pushes nothing down when it appears.
 *
 * Its own component, so that learning the visitor (after hydration) re-renders only this: an update
 * reaching the lazy boundary below before its code is in would make React drop its server HTML.
 */
function ReferralSlot() {
  const referralCode = useVisitor()?.referralCode;
  return (
    <div className="referral-slot">
      {referralCode && (
        <RegionBoundary name={REGION_NAMES.recomendacion}>
          <Suspense fallback={null}>
            <ReferralBanner code={referralCode} />
          </Suspense>
        </RegionBoundary>
      )}
    </div>
  );
}

export default function HomePage() {
  return (
    <>
      <ReferralSlot />
      <Hero />
      <StaticHtml>
        {firstScreen && (
          <>
            <firstScreen.Highlights />
            <firstScreen.StartToday />
          </>
        )}
      </StaticHtml>
      {/* Marks where the lazy sections' server HTML starts: they are watched for the visitor nearing them. */}
      <div id={REST_ID} aria-hidden="true" />
      {/*
       * The FAQ below is the page's: its questions are also the page's FAQPage JSON-LD. That and the
       * plans' are added once the code runs: the prerendered page has no room left in its first
       * round trip (bench/budgets.ts).
       */}
      <JsonLd data={PLAN_PRODUCTS} afterHydration />
      <FaqPage afterHydration>
        <RegionBoundary name={REGION_NAMES.restoDeInicio}>
          <Suspense fallback={null}>
            <HomeRest />
          </Suspense>
        </RegionBoundary>
      </FaqPage>
    </>
  );
}
