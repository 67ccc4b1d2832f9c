import { lazy, Suspense } from 'react';
import { readPaymentParams } from '../../domain/payment-params';
import { PageHeading } from '../components/page-heading';
import { useHydrated } from '../hooks/use-hydrated';
import { useQueryParams } from '../hooks/use-query';
import { LOADING_PARAMS_TEXT } from '../pagos/copy';
import '../pagos/pagos.css';

// The flow (XState, the PayPal loader) is fetched once the page is interactive: it depends on the
// query string, which the prerendered HTML cannot know.
const PaymentFlow = lazy(() => import('../pagos/payment-flow'));

export default function PaymentPage() {
  const hydrated = useHydrated();
  const query = useQueryParams();
  const loading = (
    <p className="pagos-status" role="status">
      {LOADING_PARAMS_TEXT}
    </p>
  );
  return (
    <>
      <PageHeading title="Pago de suscripción" />
      <section className="container pagos" id="pago" aria-label="Pago">
        {hydrated ? (
          <Suspense fallback={loading}>
            <PaymentFlow key={query.toString()} params={readPaymentParams(query)} />
          </Suspense>
        ) : (
          loading
        )}
      </section>
    </>
  );
}
