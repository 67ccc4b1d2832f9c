/**
 * QA's status of a flow on the index: the last browser run's coverage and outcome, with its date
 * and version, and the last mutation run's score.
 */
import type { FlowGraph } from '../graph/describe';
import type { Artifacts } from './artifacts';
import { Ident } from './meaning';
import type { MutationSummary } from '../kit';
import { flowMutation } from './mutation';
import { scoreSentence } from './mutation-panel';
import { formatDate, shortCommit } from './qa';

interface Props {
  graph: FlowGraph;
  artifacts: Artifacts | undefined;
  /** undefined while loading. */
  mutationSummary: MutationSummary | null | undefined;
}

export function CardQa({ graph, artifacts, mutationSummary }: Props) {
  const results = artifacts?.results.get(graph.machineId);
  const mutation = flowMutation(graph.machineId, mutationSummary);
  const failed = results?.paths.filter((p) => p.status !== 'passed').length ?? 0;
  return (
    <div className="card-qa small">
      <p>
        <strong>QA en el navegador: </strong>
        {!artifacts ? (
          'buscando los resultados…'
        ) : !results ? (
          'sin corrida.'
        ) : (
          <>
            {results.states.covered.length} de {results.states.total} estados y{' '}
            {results.transitions.covered.filter((t) => !(t in results.unreachable)).length} de{' '}
            {results.transitions.total} transiciones;{' '}
            {failed === 0 ? (
              <span className="qa-pass">
                ✓&nbsp;
                {results.paths.length === 1
                  ? 'pasó su recorrido'
                  : `pasaron sus ${results.paths.length} recorridos`}
              </span>
            ) : (
              <span className="qa-fail">
                ✗&nbsp;{failed === 1 ? 'falló 1 recorrido' : `fallaron ${failed} recorridos`} de{' '}
                {results.paths.length}
              </span>
            )}
            . Corrida del {formatDate(results.date)}
            {results.commit ? (
              <>
                , versión <Ident>{shortCommit(results.commit)}</Ident>
              </>
            ) : null}
            .
          </>
        )}
      </p>
      <p>
        <strong>Mutación: </strong>
        {mutationSummary === undefined ? (
          'buscando la corrida…'
        ) : mutation ? (
          <>
            {scoreSentence(mutation)}
            {mutation.machine ? ` Corrida del ${formatDate(mutation.machine.date)}.` : ''}
          </>
        ) : (
          'sin corrida.'
        )}
      </p>
    </div>
  );
}
