import { config } from '../config';
import { ACCOUNT_DELETION_BUSINESS_DAYS } from '../domain/constants';
import { ACCOUNT_DELETION_COPY as COPY } from '../content/legal/account-deletion';
import { pageByKey } from '../content/pages';
import { LegalPage } from '../ui/page-heading';

export default function DeleteAccountPage() {
  return (
    <LegalPage title={pageByKey('eliminarCuenta').h1}>
      <h2>{COPY.pedido.titulo}</h2>
      <p>
        {COPY.pedido.texto}
        <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>
        {COPY.pedido.cierre}
      </p>
      <h2>{COPY.actualizacion.titulo}</h2>
      <p>{COPY.actualizacion.texto}</p>
      <ul>
        {COPY.actualizacion.datos.map((dato) => (
          <li key={dato}>{dato}</li>
        ))}
      </ul>
      <h2>{COPY.eliminacion.titulo}</h2>
      <p>{COPY.eliminacion.texto(ACCOUNT_DELETION_BUSINESS_DAYS)}</p>
    </LegalPage>
  );
}
