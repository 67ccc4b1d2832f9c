/** The buttons that drive the simulation: events the machine accepts now, delays, invoked actors. */
import type { EventObject } from 'xstate';
import type { MachineModel } from '../../flow-kit';
import { payloadText, pretty, shortId } from './format';
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
    .map((e) => (e instanceof Error ? e.message : typeof e === 'string' ? e : 'Error simulado'))[0];
  return { done: done.length > 0 ? done : [undefined], error: error ?? 'Error simulado' };
}

interface Props {
  simulation: Simulation;
  model: MachineModel | undefined;
  busy: boolean;
  onStep: (step: Step) => void;
}

export function SimPanel({ simulation, model, busy, onStep }: Props) {
  const events = acceptedEvents(simulation, model);
  const delays = simulation.pendingDelays();
  const calls = simulation.pendingCalls();
  const finished = simulation.snapshot.status !== 'active';

  return (
    <section className="panel" aria-labelledby="sim-events">
      <h2 id="sim-events">Eventos que acepta ahora</h2>
      {finished ? <p className="muted">La máquina terminó: no acepta más eventos.</p> : null}
      {!finished && events.length === 0 ? (
        <p className="muted">Ningún evento de la lista de ejemplos se acepta en este estado.</p>
      ) : null}
      <ul className="buttons">
        {events.map((event) => {
          const payload = payloadText(event);
          return (
            <li key={pretty(event, 0)}>
              <button
                type="button"
                className="event"
                disabled={busy}
                onClick={() => onStep({ kind: 'event', event })}
              >
                <span className="ev-type">{event.type}</span>
                {payload ? <span className="payload"> {payload}</span> : null}
              </button>
            </li>
          );
        })}
      </ul>

      <h3>Esperas</h3>
      {delays.length === 0 ? <p className="muted">No hay esperas pendientes.</p> : null}
      <ul className="buttons">
        {delays.map((d) => (
          <li key={d.type}>
            <button type="button" disabled={busy} onClick={() => onStep({ kind: 'delay', type: d.type })}>
              Esperar {d.delay} ({d.ms} ms)
            </button>
            <span className="muted">
              {' '}
              en {shortId(d.stateId)}
              {d.remaining !== d.ms ? `, faltan ${d.remaining} ms` : ''}
            </span>
          </li>
        ))}
      </ul>

      <h3>Actores invocados</h3>
      {calls.length === 0 ? <p className="muted">Ninguna llamada pendiente.</p> : null}
      <ul className="calls">
        {calls.map((call) => {
          const { done, error } = outcomes(simulation, model, call.id);
          return (
            <li key={call.id}>
              <p>
                <code>{call.src}</code>
                {call.id !== call.src ? (
                  <span className="muted">
                    {' '}
                    (invocación <code>{call.id}</code>)
                  </span>
                ) : null}{' '}
                espera respuesta.
              </p>
              <details>
                <summary>Datos enviados</summary>
                <pre tabIndex={0}>{pretty(call.input)}</pre>
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
                    éxito {call.id}
                    {done.length > 1 || output !== undefined ? (
                      <span className="payload"> {pretty(output, 0)}</span>
                    ) : null}
                  </button>
                ))}
                <button
                  type="button"
                  className="ko"
                  disabled={busy}
                  onClick={() => onStep({ kind: 'error', id: call.id, message: error })}
                >
                  error {call.id}
                  <span className="payload"> {error}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
