import { PageHeading } from '../components/page-heading';
import { RegistrationWizard } from '../registro/wizard';
import '../registro/registro.css';

export default function RegistrationPage() {
  return (
    <>
      <PageHeading title="Registra tu negocio">
        <p>Déjanos tus datos, responde tres preguntas rápidas y te ayudamos a abrir tu tienda online.</p>
      </PageHeading>
      <section className="container wizard" id="wizard" aria-label="Registro">
        <RegistrationWizard />
      </section>
    </>
  );
}
