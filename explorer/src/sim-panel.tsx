/** The buttons that drive the simulation: events the machine accepts now, delays, invoked actors. */
import type { EventObject } from 'xstate';
import type { MachineModel } from '../../flow-kit';
import type { FlowEntry } from './flows';
import { pretty } from './format';
import type { FlowGraph } from './graph/describe';
import { Fields, Ident, NoteText, StateName, eventFields, noteOf } from './meaning';
import type { Simulation } from './sim/simulation';
import type { Step } from './sim/steps';

function uniqueByJson<T>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = pretty(item, 0);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Without a model: every event type the active states handle, without payload. */
function bareEvents(simulation: Simulation): EventObject[] {
  const types = new Set<string>();
  for (const node of simulation.snapshot._nodes) {
    for (const type of node.transitions.keys()) if (!type.startsWith('xstate.')) types.add(type);
  }
  return [...types].sort().map((type) => ({ type }));
}

export function samplesFor(simulation: Simulation, model: MachineModel | undefined): EventObject[] {
  return model ? model.samples(simulation.snapshot) : bareEvents(simulation);
}

/** The events offered as buttons: the samples the machine accepts in this state. */
export function acceptedEvents(simulation: Simulation, model: MachineModel | undefined): EventObject[] {
  if (simulation.snapshot.status !== 'active') return [];
  return uniqueByJson(
    samplesFor(simulation, model).filter(
      (e) => !e.type.startsWith('xstate.') && simulation.snapshot.can(e as never),
    ),
  );
}

const SIMULATED_ERROR = 'Error simulado';

function outcomes(simulation: Simulation, model: MachineModel | undefined, id: string) {
  const samples = samplesFor(simulation, model);
  const done = uniqueByJson(
    samples
      .filter((e) => e.type === `xstate.done.actor.${id}`)
      .map((e) => (e as EventObject & { output?: unknown }).output),
  );
  const error = samples
    .filter((e) => e.type === `xstate.error.actor.${id}`)
    .map((e) => (e as EventObject & { error?: unknown }).error)
    .map((e) => (e instanceof Error ? e.message : typeof e === 'string' ? e : SIMULATED_ERROR))[0];
  return { done: done.length > 0 ? done : [undefined], error: error ?? SIMULATED_ERROR };
}

interface Props {
  entry: FlowEntry;
  graph: FlowGraph;
  simulation: Simulation;
  model: MachineModel | undefined;
  busy: boolean;
  onStep: (step: Step) => void;
}

export function SimPanel({ entry, graph, simulation, model, busy, onStep }: Props) {
  const events = acceptedEvents(simulation, model);
  const delays = simulation.pendingDelays();
  const calls = simulation.pendingCalls();
  const finished = simulation.snapshot.status !== 'active';

  return (
    <section className="panel" aria-labelledby="sim-events">
      <h2 id="sim-events">Qué puede pasar ahora</h2>
      {finished ? <p className="muted">La máquina terminó: no acepta más eventos.</p> : null}
      {!finished && events.length === 0 ? (
        <p className="muted">Ningún evento de la lista de ejemplos se acepta en este estado.</p>
      ) : null}
      <ul className="buttons">
        {events.map((event) => {
          const note = noteOf(entry, 'events', event.type);
          const fields = eventFields(event);
          return (
            <li key={pretty(event, 0)}>
              <button
                type="button"
                className="event"
                disabled={busy}
                onClick={() => onStep({ kind: 'event', event })}
              >
                <span className="meaning">{note ? <NoteText text={note} /> : 'Evento'}</span>{' '}
                <Ident className="secondary">{event.type}</Ident>
                {Object.keys(fields).length > 0 ? (
                  <span className="payload">
                    {' '}
                    (<Fields value={fields} />)
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>

      <h3>Esperas</h3>
      {delays.length === 0 ? <p className="muted">No hay esperas pendientes.</p> : null}
      <ul className="buttons">
        {delays.map((d) => {
          const note = noteOf(entry, 'delays', d.delay);
          return (
            <li key={d.type}>
              <button type="button" disabled={busy} onClick={() => onStep({ kind: 'delay', type: d.type })}>
                <span className="meaning">
                  Dejar pasar la espera de {d.ms} ms
                  {note ? (
                    <>
                      : <NoteText text={note} />
                    </>
                  ) : (
                    ''
                  )}
                </span>{' '}
                <Ident className="secondary">{d.delay}</Ident>
              </button>
              <span className="muted small">
                {' '}
                en <StateName graph={graph} id={d.stateId} />
                {d.remaining !== d.ms ? `; faltan ${d.remaining} ms` : ''}
              </span>
            </li>
          );
        })}
      </ul>

      <h3>Llamadas que esperan respuesta</h3>
      {calls.length === 0 ? <p className="muted">Ninguna llamada pendiente.</p> : null}
      <ul className="calls">
        {calls.map((call) => {
          const { done, error } = outcomes(simulation, model, call.id);
          const note = noteOf(entry, 'actors', call.src);
          return (
            <li key={call.id}>
              <p>
                {note ? <NoteText text={note} /> : 'Una llamada'}{' '}
                <Ident className="secondary">{call.src}</Ident>
                {call.id !== call.src ? (
                  <span className="muted">
                    {' '}
                    (invocación <Ident>{call.id}</Ident>)
                  </span>
                ) : null}
              </p>
              <details>
                <summary>Datos enviados</summary>
                <p className="payload">
                  <Fields value={call.input} />
                </p>
              </details>
              <div className="buttons-row">
                {done.map((output, i) => (
                  <button
                    key={i}
                    type="button"
                    className="ok"
                    disabled={busy}
                    onClick={() => onStep({ kind: 'done', id: call.id, output })}
                  >
                    Responde
                    {done.length > 1 || output !== undefined ? (
                      <span className="payload">
                        {' '}
                        (<Fields value={output} />)
                      </span>
                    ) : null}
                  </button>
                ))}
                <button
                  type="button"
                  className="ko"
                  disabled={busy}
                  onClick={() => onStep({ kind: 'error', id: call.id, message: error })}
                >
                  Falla<span className="payload"> («{error}»)</span>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
