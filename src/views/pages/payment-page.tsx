import { PageHeading } from '../components/page-heading';

export default function PaymentPage() {
  return (
    <>
      <PageHeading title="Pago de suscripción" />
      <section className="container" id="pago" aria-label="Pago">
        <p>Cargando los datos del pago…</p>
      </section>
    </>
  );
}
