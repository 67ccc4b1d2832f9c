import { useEffect } from 'react';
import { findFlow } from './flows';
import { useHash } from './hash';
import { IndexPage } from './index-page';
import { MachinePage } from './machine-page';
import { parseHash } from './sim/steps';

export function App() {
  const hash = useHash();
  const route = parseHash(hash);
  const entry = route.slug === undefined ? undefined : findFlow(route.slug);

  useEffect(() => {
    document.title = entry ? `${entry.title} · Flujos del sitio` : 'Flujos del sitio';
  }, [entry]);

  if (route.slug === undefined) return <IndexPage />;
  if (!entry) {
    return (
      <main className="page">
        <p>
          <a href="#/">← Todos los flujos</a>
        </p>
        <h1>Flujo no encontrado</h1>
        <p role="alert">No existe un flujo llamado «{route.slug}». Elige uno de la lista de flujos.</p>
      </main>
    );
  }
  return <MachinePage key={entry.slug} entry={entry} hash={hash} />;
}
