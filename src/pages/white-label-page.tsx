import { whatsappLink } from '../config';
import { FEATURE_AREAS } from '../content/features';
import { BENEFITS } from '../content/home/benefits';
import { pageByKey } from '../content/pages';
import { WHITE_LABEL_COPY as COPY } from '../content/white-label';
import { WHITE_LABEL_CALL_MESSAGE } from '../content/white-label-chat';
import { Accordion, FaqPage } from '../ui/accordion';
import { IconCardList } from '../ui/content-icon';
import { PageHeading } from '../ui/page-heading';
import './white-label.css';

const CALL_LINK = whatsappLink(WHITE_LABEL_CALL_MESSAGE);
const FEATURES = BENEFITS.filter((b) => b.visible);
const FAQ = COPY.faq.items.map((item) => ({
  id: item.id,
  title: item.pregunta,
  content: <p>{item.respuesta}</p>,
}));

function CallLink({ children }: { children: string }) {
  return (
    <a className="btn btn-primary" href={CALL_LINK} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/**
 * White-label landing (spec section 2): hero with a WhatsApp call, highlights, management
 * areas, the platform's features, the single monthly plan, FAQ and a closing call to action.
 */
export default function WhiteLabelPage() {
  return (
    <>
      <PageHeading title={pageByKey('marcablanca').h1}>
        <p>{COPY.bajada}</p>
        <CallLink>{COPY.llamada}</CallLink>
      </PageHeading>

      <section className="container wl-section" aria-labelledby="mb-destacados">
        <h2 id="mb-destacados">{COPY.destacados.titulo}</h2>
        <IconCardList
          items={COPY.destacados.items}
          listClassName="wl-highlights"
          itemClassName="card"
          badgeClassName="wl-icon"
        />
      </section>

      <section className="container wl-section" aria-labelledby="mb-areas">
        <h2 id="mb-areas">{COPY.areas.titulo}</h2>
        <p>{COPY.areas.bajada}</p>
        <ul className="wl-areas">
          {FEATURE_AREAS.map((area) => (
            <li key={area.title}>{area.title}</li>
          ))}
        </ul>
        <a href="/caracteristicas">{COPY.areas.verMas}</a>
      </section>

      <section className="container wl-section" aria-labelledby="mb-funciones">
        <h2 id="mb-funciones">{COPY.funciones.titulo}</h2>
        <p>{COPY.funciones.bajada}</p>
        <ul className="checklist wl-features">
          {FEATURES.map((f) => (
            <li key={f.id} data-feature={f.id}>
              {f.titulo}
              {f.soloArgentina && <span className="wl-note"> ({COPY.funciones.soloArgentina})</span>}
            </li>
          ))}
        </ul>
      </section>

      <section className="container wl-section" aria-labelledby="mb-plan">
        <h2 id="mb-plan">{COPY.plan.titulo}</h2>
        <article className="card wl-plan" aria-labelledby="mb-plan-nombre">
          <h3 id="mb-plan-nombre">{COPY.plan.nombre}</h3>
          <p>{COPY.plan.detalle}</p>
          <ul className="checklist">
            {COPY.plan.incluye.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <CallLink>{COPY.plan.consulta}</CallLink>
        </article>
      </section>

      <section className="container wl-section" aria-labelledby="mb-faq">
        <h2 id="mb-faq">{COPY.faq.titulo}</h2>
        <FaqPage>
          <Accordion items={FAQ} />
        </FaqPage>
      </section>

      <section className="container cta-box" aria-labelledby="mb-cierre">
        <h2 id="mb-cierre">{COPY.cierre.titulo}</h2>
        <p>{COPY.cierre.bajada}</p>
        <CallLink>{COPY.cierre.llamada}</CallLink>
      </section>
    </>
  );
}
