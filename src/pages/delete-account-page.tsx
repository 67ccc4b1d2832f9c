import { config } from '../config';
import { ACCOUNT_DELETION_BUSINESS_DAYS } from '../domain/constants';
import { LegalPage } from '../ui/page-heading';

export default function DeleteAccountPage() {
  return (
    <LegalPage title="Actualización de datos y eliminación de cuenta">
      <h2>Cómo pedirlo</h2>
      <p>
        Escríbenos a <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a> desde el e-mail con
        el que te registraste. Te vamos a pedir una confirmación antes de hacer cualquier cambio.
      </p>
      <h2>Actualización parcial</h2>
      <p>Puedes pedir que actualicemos:</p>
      <ul>
        <li>el e-mail de registro,</li>
        <li>la contraseña,</li>
        <li>el teléfono de contacto.</li>
      </ul>
      <h2>Eliminación de la cuenta</h2>
      <p>
        La eliminación es irreversible: se borran tu tienda, tu catálogo y tus datos. La hacemos dentro de los{' '}
        {ACCOUNT_DELETION_BUSINESS_DAYS} días hábiles posteriores a tu confirmación.
      </p>
    </LegalPage>
  );
}
