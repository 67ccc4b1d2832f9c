import { PageHeading } from '../components/page-heading';

export default function RegistrationPage() {
  return (
    <>
      <PageHeading title="Registra tu negocio">
        <p>En cinco pasos simples te ayudamos a abrir tu tienda online.</p>
      </PageHeading>
      <section className="container" id="wizard" aria-label="Registro" />
    </>
  );
}
