import { NOT_FOUND_COPY as COPY } from '../content/not-found';
import { pageByKey } from '../content/pages';

export default function NotFoundPage() {
  return (
    <section className="container not-found">
      <h1>{pageByKey('notFound').h1}</h1>
      <p>{COPY.texto}</p>
      <p>
        <a className="btn" href="/">
          {COPY.volver}
        </a>
      </p>
    </section>
  );
}
