import { ONLINE_STORE_COPY as COPY } from '../content/online-store';
import { pageByKey } from '../content/pages';
import { PageHeading } from '../ui/page-heading';

export default function OnlineStorePage() {
  return (
    <>
      <PageHeading title={pageByKey('tiendaOnline').h1}>
        <p>{COPY.bajada}</p>
        <a className="btn btn-primary" href="/registro">
          {COPY.comenzar}
        </a>
      </PageHeading>
      <section className="container card-grid" aria-label={COPY.ventajas}>
        {COPY.puntos.map((p) => (
          <article key={p.title} className="card">
            <h2>{p.title}</h2>
            <p>{p.text}</p>
          </article>
        ))}
      </section>
    </>
  );
}
