import { FEATURE_AREAS, FEATURES_PAGE_COPY as COPY } from '../content/features';
import { pageByKey } from '../content/pages';
import { PageHeading } from '../ui/page-heading';
import './features-page.css';

export default function FeaturesPage() {
  return (
    <>
      <PageHeading title={pageByKey('caracteristicas').h1}>
        <p>{COPY.bajada}</p>
      </PageHeading>
      <section className="container" aria-label={COPY.areas}>
        <div className="card-grid feature-areas">
          {FEATURE_AREAS.map((area) => (
            <article key={area.title} className="card">
              <h2>{area.title}</h2>
              <ul className="checklist">
                {area.bullets.map((b) => (
                  <li key={b}>{b}</li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </section>
      <section className="container cta-box">
        <h2>{COPY.ctaTitulo}</h2>
        <a className="btn btn-primary" href="/registro">
          {COPY.ctaBoton}
        </a>
      </section>
    </>
  );
}
