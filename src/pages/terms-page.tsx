import { config } from '../config';
import { FREE_TRIAL_DAYS, LINK_APPROVAL_WAIT_WEEKS, REFUND_GUARANTEE_HOURS } from '../domain/constants';
import { TERMS_COPY as COPY } from '../content/legal/terms';
import { pageByKey } from '../content/pages';
import { LegalPage } from '../ui/page-heading';

export default function TermsPage() {
  return (
    <LegalPage title={pageByKey('terminos').h1}>
      <h2>{COPY.servicio.titulo}</h2>
      <p>{COPY.servicio.texto(config.brandName)}</p>
      <h2>{COPY.plazo.titulo}</h2>
      <p>{COPY.plazo.texto}</p>
      <h2>{COPY.garantia.titulo}</h2>
      <p>{COPY.garantia.texto(REFUND_GUARANTEE_HOURS)}</p>
      <h2>{COPY.prueba.titulo}</h2>
      <p>{COPY.prueba.texto(FREE_TRIAL_DAYS)}</p>
      <h2>{COPY.enlaces.titulo}</h2>
      <p>{COPY.enlaces.texto(LINK_APPROVAL_WAIT_WEEKS.min, LINK_APPROVAL_WAIT_WEEKS.max)}</p>
      <h2>{COPY.contacto.titulo}</h2>
      <p>
        {COPY.contacto.texto}
        <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>.
      </p>
    </LegalPage>
  );
}
