import { config } from '../config';
import { PRIVACY_COPY as COPY } from '../content/legal/privacy';
import { pageByKey } from '../content/pages';
import { LegalPage } from '../ui/page-heading';

export default function PrivacyPage() {
  return (
    <LegalPage title={pageByKey('privacidad').h1}>
      <h2>{COPY.datos.titulo}</h2>
      <p>{COPY.datos.texto}</p>
      <h2>{COPY.usos.titulo}</h2>
      <p>{COPY.usos.texto}</p>
      <h2>{COPY.dinero.titulo}</h2>
      <p>{COPY.dinero.texto(config.brandName)}</p>
      <h2>{COPY.derechos.titulo}</h2>
      <p>
        {COPY.derechos.texto}
        <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>
        {COPY.derechos.detalles}
        <a href="/eliminar-cuenta">{COPY.derechos.enlace}</a>.
      </p>
      <h2>{COPY.cookies.titulo}</h2>
      <p>{COPY.cookies.texto}</p>
    </LegalPage>
  );
}
