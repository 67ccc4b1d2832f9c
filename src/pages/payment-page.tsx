import { Suspense } from 'react';
import { REGION_NAMES } from '../content/errors';
import { PAYMENT_PAGE_COPY } from '../content/payment-page';
import { pageByKey } from '../content/pages';
import { readPaymentParams } from '../domain/payment-params';
import { RegionBoundary, retryableLazy } from '../ui/region-boundary';
import { StaticHtml } from '../ui/static-html';
import { useHydratedInTransition } from '../ui/hooks/use-hydrated';
import { useQueryParams } from '../ui/hooks/use-query-params';
import { LOADING_PARAMS_TEXT } from '../flows/payment/copy';
import '../flows/payment/pagos.css';

// The heading is static: it stays server HTML and its code is not part of the page's load.
const heading = import.meta.env.SSR ? await import('../ui/page-heading') : null;

// The flow (XState, the PayPal loader) is fetched once the page is interactive: it depends on the
// query string, which the prerendered HTML cannot know.
const PaymentFlow = retryableLazy(() => import('../flows/payment/payment-flow').then((m) => m.default));

export default function PaymentPage() {
  const hydrated = useHydratedInTransition();
  const query = useQueryParams();
  const loading = (
    <p className="pagos-status" role="status">
      {LOADING_PARAMS_TEXT}
    </p>
  );
  return (
    <>
      <StaticHtml>{heading && <heading.PageHeading title={pageByKey('pagos').h1} />}</StaticHtml>
      <section className="container pagos" id="pago" aria-label={PAYMENT_PAGE_COPY.region}>
        {hydrated ? (
          <RegionBoundary name={REGION_NAMES.pago}>
            <Suspense fallback={loading}>
              <PaymentFlow key={query.toString()} params={readPaymentParams(query)} />
            </Suspense>
          </RegionBoundary>
        ) : (
          loading
        )}
      </section>
    </>
  );
}
