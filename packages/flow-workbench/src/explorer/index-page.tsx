import { useArtifacts } from './artifacts';
import { CardChanges, IndexChanges } from './changes-panel';
import { changesOf, flowsChanges } from './changes/changes';
import { describeMachine, type MachineCounts } from '../graph/describe';
import { flowDescription, flowName, flowPage, flows, visitsSource } from './flows';
import { useMutation } from './mutation';
import { CardQa } from './qa-card';
import { CardVisits } from './visits-panel';
import { DEFAULT_PERIOD } from './visits/counts';
import { useCounts } from './visits/use-counts';

const COUNT_LABELS: [keyof MachineCounts, string][] = [
  ['states', 'Estados'],
  ['transitions', 'Transiciones'],
  ['guards', 'Guardas'],
  ['delays', 'Esperas'],
  ['invokes', 'Actores invocados'],
];

export function IndexPage() {
  const counts = useCounts(visitsSource?.url, DEFAULT_PERIOD);
  const artifacts = useArtifacts();
  const mutation = useMutation();
  return (
    <main className="page">
      <h1>Flujos del sitio</h1>
      <p className="lead">
        Cada flujo del sitio es una máquina de estados. Los diagramas se dibujan a partir del código, y la
        simulación ejecuta la misma máquina que el sitio: la navegación, la analítica y los servicios externos
        solo se registran, nunca se llaman.
      </p>
      {flowsChanges ? <IndexChanges data={flowsChanges} /> : null}
      {counts?.status === 'error' ? (
        <p className="notice visits-error" role="alert">
          {counts.message}
        </p>
      ) : null}
      <ul className="flow-list">
        {flows.map((entry) => {
          const graph = describeMachine(entry.machine);
          const sizes = graph.counts;
          const page = flowPage(entry);
          const changes = changesOf(entry.slug);
          return (
            <li key={entry.slug}>
              <article className="card">
                <h2>
                  <a href={`#/${entry.slug}`}>{flowName(entry)}</a>
                </h2>
                <p className="muted">
                  {page ? (
                    <>
                      Página: <strong>{page}</strong> ·{' '}
                    </>
                  ) : null}
                  Máquina <code lang="en">{entry.machine.id}</code>
                </p>
                <p>{flowDescription(entry)}</p>
                {changes ? <CardChanges slug={entry.slug} changes={changes} /> : null}
                <dl className="counts">
                  {COUNT_LABELS.map(([key, label]) => (
                    <div key={key}>
                      <dt>{label}</dt>
                      <dd>{sizes[key]}</dd>
                    </div>
                  ))}
                </dl>
                <CardQa graph={graph} artifacts={artifacts} mutationSummary={mutation} />
                {counts ? <CardVisits graph={graph} counts={counts} /> : null}
              </article>
            </li>
          );
        })}
      </ul>
    </main>
  );
}
