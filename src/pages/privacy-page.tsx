import { config } from '../config';
import { LegalPage } from '../ui/page-heading';

export default function PrivacyPage() {
  return (
    <LegalPage title="Política de privacidad">
      <h2>Qué datos recopilamos</h2>
      <p>
        Cuando completas el registro guardamos el nombre de tu negocio, tu nombre y apellido, el país, tu
        número de WhatsApp y, si lo indicas, tu e-mail. También registramos de qué campaña llegaste para medir
        nuestras acciones de marketing.
      </p>
      <h2>Para qué los usamos</h2>
      <p>
        Usamos tus datos para contactarte, crear y administrar tu tienda y enviarte información del servicio.
        No vendemos ni cedemos tus datos a terceros.
      </p>
      <h2>El dinero de tus clientes</h2>
      <p>
        Tus clientes te pagan directamente a ti. {config.brandName} nunca recibe ni retiene dinero de tus
        clientes.
      </p>
      <h2>Tus derechos</h2>
      <p>
        Puedes pedir el acceso, la actualización o la eliminación de tus datos escribiendo a{' '}
        <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>. Más detalles en{' '}
        <a href="/eliminar-cuenta">actualización de datos y eliminación de cuenta</a>.
      </p>
      <h2>Cookies</h2>
      <p>Usamos cookies para recordar tu país y tus preferencias. Puedes borrarlas desde tu navegador.</p>
    </LegalPage>
  );
}
