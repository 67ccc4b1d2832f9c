import { FEATURE_AREAS } from '../content/features';
import { PageHeading } from '../ui/page-heading';

export default function FeaturesPage() {
  return (
    <>
      <PageHeading title="La Gestión Completa De Tu Negocio">
        <p>Todo lo que necesitas para vender online y ordenar tu negocio, en una sola herramienta.</p>
      </PageHeading>
      <section className="container" aria-label="Áreas de gestión">
        <div className="card-grid">
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
        <h2>Empieza hoy mismo</h2>
        <a className="btn btn-primary" href="/registro">
          Registra tu Negocio Ahora
        </a>
      </section>
    </>
  );
}
