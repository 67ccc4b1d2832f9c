import { useEffect } from 'react';
import { findFlow } from './flows';
import { useHash } from './hash';
import { IndexPage } from './index-page';
import { MachinePage } from './machine-page';
import { slugOf } from './link/link';

export function App() {
  const hash = useHash();
  const slug = slugOf(hash);
  const entry = slug === undefined ? undefined : findFlow(slug);

  useEffect(() => {
    document.title = entry ? `${entry.title} · Flujos del sitio` : 'Flujos del sitio';
  }, [entry]);

  if (slug === undefined) return <IndexPage />;
  if (!entry) {
    return (
      <main className="page">
        <p>
          <a href="#/">← Todos los flujos</a>
        </p>
        <h1>Flujo no encontrado</h1>
        <p role="alert">No existe un flujo llamado «{slug}». Elige uno de la lista de flujos.</p>
      </main>
    );
  }
  return <MachinePage key={entry.slug} entry={entry} hash={hash} />;
}
