/** The selected state: what it means, its transitions, QA coverage and the screenshots of the page in it. */
import type { MachineModel } from '../kit';
import type { Artifacts } from './artifacts';
import { SCREEN_WIDTHS, screenUrl } from './artifacts';
import type { FlowEntry } from './flows';
import {
  actionSegs,
  conditionText,
  triggerSegs,
  type FlowGraph,
  type GraphTransition,
} from '../graph/describe';
import { shortStateId } from './link/link';
import { Ident, NoteText, StateName, noteOf, stateMeaning } from './meaning';
import type { PathChoice } from './paths-panel';
import { kindName, qaPathChoice, screenTakers } from './qa';
import { Screen } from './screen';

interface Props {
  entry: FlowEntry;
  graph: FlowGraph;
  selected: string | undefined;
  active: ReadonlySet<string>;
  artifacts: Artifacts | undefined;
  model?: MachineModel | undefined;
  /** Replays the QA path that took the screenshots. */
  onPlay?: (choice: PathChoice) => void;
}

const KIND_NAMES = {
  atomic: 'simple',
  compound: 'con estados dentro',
  parallel: 'con regiones en paralelo (todas activas a la vez)',
  final: 'final',
  history: 'historial',
} as const;

/** The identifiers of a transition, one line: event or delay, guard, actions. */
function TransitionCode({ t }: { t: GraphTransition }) {
  const segs = [...triggerSegs(t), ...(t.actions.length > 0 ? [{ text: ' ' }, ...actionSegs(t)] : [])];
  return (
    <code className="secondary">
      {segs.map((s, i) =>
        s.en ? (
          <span key={i} lang="en">
            {s.text}
          </span>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </code>
  );
}

function Names({
  entry,
  kind,
  names,
}: {
  entry: FlowEntry;
  kind: 'actions' | 'actors';
  names: readonly string[];
}) {
  return (
    <ul className="names">
      {names.map((name) => {
        const note = noteOf(entry, kind, name);
        return (
          <li key={name}>
            {note ? <NoteText text={note} /> : null} <Ident className="secondary">{name}</Ident>
          </li>
        );
      })}
    </ul>
  );
}

export function StatePanel({ entry, graph, selected, active, artifacts, model, onPlay }: Props) {
  const state = graph.states.find((s) => s.id === selected);
  if (!state) {
    return (
      <section className="panel" aria-labelledby="state-title">
        <h2 id="state-title">Estado seleccionado</h2>
        <p className="muted">
          Selecciona un estado del diagrama (clic, o Tab y Enter) para ver sus detalles.
        </p>
      </section>
    );
  }
  const outgoing = [...graph.transitions.filter((t) => t.source === state.id), ...state.internal];
  const coverage = artifacts?.coverage.get(graph.machineId);
  const results = artifacts?.results.get(graph.machineId);
  const unreachable = results?.unreachable ?? {};
  const screens = artifacts?.screens[graph.machineId]?.[state.id] ?? [];
  const taker = screenTakers(results).get(state.id);
  const replay = taker ? qaPathChoice(taker, model) : undefined;
  return (
    <section className="panel" aria-labelledby="state-title">
      <h2 id="state-title">Estado seleccionado</h2>
      <p className="state-meaning">
        <strong>{stateMeaning(state, state.id)}</strong>
      </p>
      <dl className="facts">
        <dt>Nombre en el código</dt>
        <dd>
          <Ident>{shortStateId(graph.machineId, state.id)}</Ident>
        </dd>
        <dt>Tipo</dt>
        <dd>
          {state.region ? 'región de un estado con regiones en paralelo, ' : ''}
          {KIND_NAMES[state.kind]}
          {state.initial ? ', inicial' : ''}
        </dd>
        <dt>Ahora</dt>
        <dd>{active.has(state.id) ? 'activo' : 'inactivo'}</dd>
        {state.tags.length > 0 ? (
          <>
            <dt>Pantalla y etiquetas</dt>
            <dd>
              <Ident>{state.tags.join(', ')}</Ident>
            </dd>
          </>
        ) : null}
        {coverage ? (
          <>
            <dt>Cobertura de QA</dt>
            <dd>{coverage.states.has(state.id) ? 'cubierto' : 'sin cubrir'}</dd>
          </>
        ) : null}
      </dl>
      {state.entry.length > 0 ? (
        <>
          <h3>Al entrar</h3>
          <Names entry={entry} kind="actions" names={state.entry} />
        </>
      ) : null}
      {state.exit.length > 0 ? (
        <>
          <h3>Al salir</h3>
          <Names entry={entry} kind="actions" names={state.exit} />
        </>
      ) : null}
      {state.invokes.length > 0 ? (
        <>
          <h3>Llama a</h3>
          <Names entry={entry} kind="actors" names={state.invokes.map((i) => i.src)} />
        </>
      ) : null}
      {outgoing.length > 0 ? (
        <>
          <h3>Transiciones</h3>
          <ul className="transitions">
            {outgoing.map((t) => {
              const guardNote = conditionText(t, entry.notes.guards);
              return (
                <li key={t.key}>
                  <p>
                    {t.description || 'Sin descripción.'}
                    {unreachable[t.key] !== undefined ? (
                      <span className="small">
                        {' '}
                        (QA la declara inalcanzable desde la página:{' '}
                        <NoteText text={unreachable[t.key] ?? ''} />)
                      </span>
                    ) : coverage && !coverage.transitions.has(t.key) ? (
                      <strong className="uncovered"> (sin cubrir)</strong>
                    ) : null}
                  </p>
                  {t.targets.length > 0 ? (
                    <p className="small">
                      Lleva a:{' '}
                      {t.targets.map((id, i) => (
                        <span key={id}>
                          {i > 0 ? ' y ' : ''}
                          <StateName graph={graph} id={id} />
                        </span>
                      ))}
                    </p>
                  ) : (
                    <p className="small">Se queda en este estado.</p>
                  )}
                  {guardNote ? (
                    <p className="small">
                      Condición: <NoteText text={guardNote} />
                    </p>
                  ) : null}
                  <p className="small">
                    <TransitionCode t={t} />
                  </p>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      {screens.length > 0 ? (
        <>
          <h3>Lo que ve el prospecto</h3>
          <div className="screens">
            {SCREEN_WIDTHS.filter((w) => screens.includes(w)).map((width) => (
              <Screen
                key={width}
                src={screenUrl(graph.machineId, state.id, width)}
                alt={`La página en el estado «${stateMeaning(state, state.id)}», a ${width} px de ancho`}
                width={width}
              />
            ))}
          </div>
          {taker ? (
            <p className="small">
              Capturas del recorrido {taker.id.split(' ')[0]} ({kindName(taker.kind)}) de la corrida de QA
              {taker.status === 'passed' ? '' : ', que después falló'}.{' '}
              {replay && 'choice' in replay && onPlay ? (
                <button type="button" className="link" onClick={() => onPlay(replay.choice)}>
                  Reproducir ese recorrido
                </button>
              ) : null}
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
