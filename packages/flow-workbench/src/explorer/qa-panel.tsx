/**
 * QA's run on the chart: what the browser model paths covered (x/y), when and on which code they
 * ran (with a warning when that is not the code of this page), each path with its outcome and the
 * step where it failed, replayable on the diagram, the screenshots it took, and the transitions QA
 * declares unreachable from the page with the reason. Without results, how to produce them.
 */
import type { MachineModel } from '../kit';
import { SCREENS_COMMAND, type Artifacts } from './artifacts';
import { BUILD } from './build-info';
import { versionOf, type FlowEntry } from './flows';
import type { FlowGraph } from '../graph/describe';
import { Ident, NoteText, StateName, StepLabel } from './meaning';
import type { PathChoice } from './paths-panel';
import { formatDate, kindName, qaPathChoice, shortCommit, staleness } from './qa';
import './qa.css';
import { stepsOfPath } from './sim/simulation';

interface Props {
  entry: FlowEntry;
  graph: FlowGraph;
  model: MachineModel | undefined;
  artifacts: Artifacts | undefined;
  onPlay: (choice: PathChoice) => void;
  onSelect: (stateId: string) => void;
}

function HowToProduce() {
  return (
    <p>
      Se producen al correr los recorridos del modelo en el navegador: <code>{SCREENS_COMMAND}</code> (solo
      esos recorridos, unos minutos) o <code>npm test</code> (todas las pruebas). Después vuelve a cargar esta
      página.
    </p>
  );
}

export function QaPanel({ entry, graph, model, artifacts, onPlay, onSelect }: Props) {
  const machineId = graph.machineId;
  const results = artifacts?.results.get(machineId);
  const transitionOf = (key: string) =>
    graph.transitions.find((t) => t.key === key) ??
    graph.states.flatMap((s) => s.internal).find((t) => t.key === key);

  return (
    <section className="panel qa-panel" aria-labelledby="qa-title">
      <h2 id="qa-title">Corrida de QA en el navegador</h2>
      {!artifacts ? (
        <p className="muted">Buscando los resultados de QA…</p>
      ) : !results ? (
        <>
          <p>
            {artifacts.results.size > 0
              ? 'La corrida de QA no recorrió este flujo en el navegador.'
              : 'Todavía no hay resultados de QA.'}
          </p>
          {artifacts.results.size === 0 ? <HowToProduce /> : null}
          {artifacts.coverage.has(machineId) ? (
            <p className="muted small">
              Hay una cobertura de una corrida anterior, sin el detalle de sus recorridos: se marca en el
              diagrama.
            </p>
          ) : null}
        </>
      ) : (
        <>
          {staleness(results, versionOf(entry), BUILD).map((text, i) => (
            <p key={i} className="qa-warning" role="note">
              <strong>Atención:</strong> <NoteText text={text} />
            </p>
          ))}
          <dl className="facts qa-summary">
            <dt>Estados cubiertos</dt>
            <dd>
              {results.states.covered.length}/{results.states.total}
            </dd>
            <dt>Transiciones cubiertas</dt>
            <dd>
              {results.transitions.covered.filter((t) => !(t in results.unreachable)).length}/
              {results.transitions.total}
              {Object.keys(results.unreachable).length > 0
                ? ` (y ${Object.keys(results.unreachable).length} declaradas inalcanzables)`
                : ''}
            </dd>
            <dt>Recorridos</dt>
            <dd>
              {results.paths.filter((p) => p.status === 'passed').length} pasaron de {results.paths.length}
              {results.paths.length < results.planned ? ` (la corrida eligió ${results.planned})` : ''}
            </dd>
            <dt>Corrida</dt>
            <dd>
              {formatDate(results.date)}
              {results.commit ? (
                <>
                  , versión <Ident>{shortCommit(results.commit)}</Ident>
                  {results.dirty ? ' con cambios sin guardar' : ''}
                </>
              ) : null}
            </dd>
          </dl>

          <h3>Recorridos en el navegador</h3>
          <ol className="qa-paths">
            {results.paths.map((path) => {
              const replay = qaPathChoice(path, model);
              const total = path.events.filter((e) => e.type !== 'xstate.init').length;
              const failedEvent = path.failedStep === undefined ? undefined : path.events[path.failedStep];
              const failedStep = failedEvent ? stepsOfPath([failedEvent])[0] : undefined;
              return (
                <li key={path.id} className={`qa-path status-${path.status}`}>
                  <p>
                    <strong>
                      Recorrido {path.id.split(' ')[0]} ({kindName(path.kind)})
                    </strong>
                    {/* Each separator and mark holds on to its neighbour: no line starts with a '·'
                        or ends with a '✓'. */}
                    &nbsp;· caso «{path.run}»&nbsp;· {total} {total === 1 ? 'paso' : 'pasos'}&nbsp;·{' '}
                    {path.status === 'passed' ? (
                      <span className="qa-pass">✓&nbsp;pasó</span>
                    ) : (
                      <span className="qa-fail">
                        ✗&nbsp;{path.status === 'interrupted' ? 'se interrumpió' : 'falló'}
                        {path.failedStep === 0
                          ? ' al abrir la página'
                          : path.failedStep !== undefined
                            ? ` en el paso ${path.failedStep} de ${total}`
                            : ''}
                      </span>
                    )}
                  </p>
                  {failedStep ? (
                    <p className="small">
                      Paso que falló: <StepLabel step={failedStep} entry={entry} />
                    </p>
                  ) : null}
                  {path.failure ? (
                    <p className="small qa-failure">
                      Falló la comprobación del estado «
                      <button type="button" className="link" onClick={() => onSelect(path.failure!.state)}>
                        <StateName graph={graph} id={path.failure.state} />
                      </button>
                      »: se esperaba {path.failure.expected || 'otra cosa'} y la página mostró{' '}
                      {path.failure.seen || 'otra cosa'}.
                    </p>
                  ) : null}
                  {path.error ? (
                    <details className="small">
                      <summary>Detalle técnico</summary>
                      <pre lang="en">{path.error}</pre>
                    </details>
                  ) : null}
                  {path.screens.length > 0 ? (
                    <details className="small">
                      <summary>
                        Capturas que tomó ({path.screens.length}{' '}
                        {path.screens.length === 1 ? 'estado' : 'estados'})
                      </summary>
                      <ul className="qa-shots">
                        {path.screens.map((id) => (
                          <li key={id}>
                            <button type="button" className="link" onClick={() => onSelect(id)}>
                              <StateName graph={graph} id={id} />
                            </button>
                          </li>
                        ))}
                      </ul>
                    </details>
                  ) : null}
                  {'choice' in replay ? (
                    <button type="button" onClick={() => onPlay(replay.choice)}>
                      Reproducir en el diagrama
                    </button>
                  ) : (
                    <p className="small muted">No se puede reproducir: {replay.problem}.</p>
                  )}
                </li>
              );
            })}
          </ol>

          {Object.keys(results.unreachable).length > 0 ? (
            <>
              <h3>Transiciones que QA declara inalcanzables desde la página</h3>
              <ul className="qa-unreachable">
                {Object.entries(results.unreachable).map(([key, why]) => {
                  const t = transitionOf(key);
                  return (
                    <li key={key}>
                      <p>
                        {t?.description || <Ident>{key}</Ident>}
                        {t ? (
                          <>
                            {' '}
                            <span className="small">
                              (desde <StateName graph={graph} id={t.source} />)
                            </span>
                          </>
                        ) : null}
                      </p>
                      <p className="small">
                        Por qué: <NoteText text={why} />
                      </p>
                    </li>
                  );
                })}
              </ul>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
