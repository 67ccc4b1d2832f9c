/**
 * The buttons that drive the simulation, decided by the machine (./sim/offers.ts): the events an
 * active state handles, refused ones disabled with the reason and the corrections that get past it
 * (also after a step a rule sent the other way); own values for an event's fields;
 * the pending delays, which fire on their own in real time; the pending calls with the answers the
 * machine handles. Red marks what leads to a failure state. A machine stopped by an error says so.
 */
import { useEffect, useMemo, useState } from 'react';
import type { MachineModel } from '../kit';
import { realAnswers, type FlowEntry } from './flows';
import { pretty } from './format';
import type { FlowGraph } from '../graph/describe';
import { AnswerData, EventData, Fields, Ident, NoteText, StateName, eventFields, noteOf } from './meaning';
import { secondsText } from '../words';
import { ContextValues, OwnValues } from './own-values';
import { realAnswerFor } from './sim/answers';
import { callOffer, correctionsFor, eventOffers, fallbackOffer, type OutcomeOffer } from './sim/offers';
import type { PendingCall, Simulation } from './sim/simulation';
import type { Step } from './sim/steps';
import './sim.css';
import { useRealTime } from './use-real-time';
import { Corrections, FailureMark, FallbackRefusal, Refusal, leadsClass } from './verdict-text';

interface Props {
  entry: FlowEntry;
  graph: FlowGraph;
  simulation: Simulation;
  /** Changes with every step (the simulation itself is mutable). */
  version: number;
  model: MachineModel | undefined;
  busy: boolean;
  onStep: (step: Step) => void;
}

const callKey = (call: PendingCall) => `${call.id}:${pretty(call.input, 0)}`;

/** The real answers of the pending calls that have one (./sim/answers.ts), computed as they appear. */
function useRealAnswers(machineId: string, calls: readonly PendingCall[]): ReadonlyMap<string, unknown> {
  const [answers, setAnswers] = useState<ReadonlyMap<string, unknown>>(new Map());
  const wanted = calls
    .filter((c) => realAnswerFor(realAnswers, machineId, c.src) && !answers.has(callKey(c)))
    .map((c) => ({ key: callKey(c), src: c.src, input: c.input }));
  const wantedKey = wanted.map((w) => w.key).join('\n');
  useEffect(() => {
    let cancelled = false;
    for (const w of wanted) {
      void realAnswerFor(realAnswers, machineId, w.src)
        ?.answer(w.input)
        .then(
          (output) => output,
          (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
        )
        .then((output) => {
          if (!cancelled) setAnswers((a) => new Map(a).set(w.key, output));
        });
    }
    return () => {
      cancelled = true;
    };
    // The calls are read through their key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [machineId, wantedKey]);
  return answers;
}

function isEmptyObject(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0
  );
}

function OutcomeButton({
  entry,
  call,
  outcome,
  index,
  label,
  busy,
  onStep,
}: {
  entry: FlowEntry;
  call: PendingCall;
  outcome: OutcomeOffer;
  index: number;
  label: string;
  busy: boolean;
  onStep: (step: Step) => void;
}) {
  const verdict = outcome.verdict;
  const reasonId = `refusal-${call.id}-${index}`;
  const step: Step =
    outcome.kind === 'done'
      ? { kind: 'done', id: call.id, output: outcome.output }
      : { kind: 'error', id: call.id, message: outcome.message ?? '' };
  return (
    <span className="outcome">
      <button
        type="button"
        className={`${outcome.kind === 'done' ? 'answer' : 'failure'} ${leadsClass(verdict)}`}
        disabled={busy || !verdict.accepted}
        aria-describedby={verdict.accepted ? undefined : reasonId}
        onClick={() => onStep(step)}
      >
        {label}
        {outcome.kind === 'done' ? (
          outcome.output === undefined ? null : (
            <span className="payload">
              {' '}
              (
              {isEmptyObject(outcome.output) ? (
                outcome.real ? (
                  'ningún dato a corregir'
                ) : (
                  'sin datos'
                )
              ) : (
                <AnswerData entry={entry} actor={call.src} output={outcome.output} />
              )}
              )
            </span>
          )
        ) : (
          <span className="payload"> («{outcome.message}»)</span>
        )}{' '}
        <FailureMark verdict={verdict} />
      </button>
      {verdict.accepted ? null : (
        <span className="small">
          {' '}
          <Refusal entry={entry} verdict={verdict} id={reasonId} />
        </span>
      )}
    </span>
  );
}

export function SimPanel({ entry, graph, simulation, version, model, busy, onStep }: Props) {
  const [realTime, setRealTime] = useState(false);
  const machineId = entry.machine.id;
  const stopped = simulation.stoppedByError();
  const finished = simulation.snapshot.status === 'done';
  const offers = eventOffers(simulation, model);
  // Looking ahead for corrections transitions the machine once per sample: once per step, not per
  // tick of the real-time countdown.
  const { fallback, corrections } = useMemo(
    () => ({
      fallback: stopped || finished ? undefined : fallbackOffer(simulation, model),
      corrections: new Map(
        offers
          .filter((o) => !o.verdict.accepted)
          .map((o) => [pretty(o.event, 0), correctionsFor(simulation, model, o.event)]),
      ),
    }),
    // The simulation is mutable: `version` changes with every step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [simulation, version, model, busy],
  );
  const delays = simulation.pendingDelays();
  const calls = simulation.pendingCalls();
  const answers = useRealAnswers(machineId, calls);
  const left = useRealTime(realTime, simulation, version, busy, (type) => onStep({ kind: 'delay', type }));
  const leaves = graph.states.filter(
    (s) => stopped?.stateIds.includes(s.id) && !s.children.some((c) => stopped.stateIds.includes(c)),
  );

  return (
    <section className="panel sim-panel" aria-labelledby="sim-events">
      <h2 id="sim-events">Qué puede pasar ahora</h2>
      {stopped ? (
        <div className="stopped" role="alert">
          <p>
            <strong>La máquina se detuvo por un error que ningún estado atiende:</strong> «
            <NoteText text={stopped.message} />
            ». No acepta más pasos; «Deshacer» vuelve al paso anterior.
          </p>
          <p>Se detuvo en:</p>
          <ul className="now">
            {leaves.map((s) => (
              <li key={s.id}>
                <StateName graph={graph} id={s.id} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {finished ? <p className="muted">La máquina terminó: no acepta más eventos.</p> : null}
      {fallback ? (
        <div className="fallback-refusal">
          <p className="small">
            <FallbackRefusal
              entry={entry}
              fallback={fallback.fallback}
              messages={fallback.messages}
              id="refusal-last-step"
            />
          </p>
          <p className="buttons-row">
            <Corrections entry={entry} corrections={fallback.corrections} busy={busy} onStep={onStep} />
          </p>
        </div>
      ) : null}
      {!finished && !stopped && offers.length === 0 ? (
        <p className="muted">Ningún evento de la lista de ejemplos se espera en este estado.</p>
      ) : null}
      <ul className="buttons">
        {offers.map(({ event, verdict }, i) => {
          const note = noteOf(entry, 'events', event.type);
          const fields = eventFields(event);
          const reasonId = `refusal-event-${i}`;
          return (
            <li key={pretty(event, 0)} className={verdict.accepted ? undefined : 'refused'}>
              <button
                type="button"
                className={`event ${leadsClass(verdict)}`}
                disabled={busy || !verdict.accepted}
                aria-describedby={verdict.accepted ? undefined : reasonId}
                onClick={() => onStep({ kind: 'event', event })}
              >
                <span className="meaning">{note ? <NoteText text={note} /> : 'Evento'}</span>{' '}
                <Ident className="secondary">{event.type}</Ident>
                {Object.keys(fields).length > 0 ? (
                  <span className="payload">
                    {' '}
                    (<EventData entry={entry} event={event} />)
                  </span>
                ) : null}{' '}
                <FailureMark verdict={verdict} />
              </button>
              {verdict.accepted ? null : (
                <p className="small">
                  <Refusal entry={entry} verdict={verdict} id={reasonId} />{' '}
                  <Corrections
                    entry={entry}
                    corrections={corrections.get(pretty(event, 0)) ?? []}
                    busy={busy}
                    onStep={onStep}
                  />
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {!stopped && !finished ? (
        <>
          <OwnValues
            entry={entry}
            simulation={simulation}
            model={model}
            offers={offers}
            busy={busy}
            onStep={onStep}
          />
          <ContextValues entry={entry} simulation={simulation} busy={busy} onStep={onStep} />
        </>
      ) : null}

      <h3>Esperas</h3>
      <label className="check">
        <input type="checkbox" checked={realTime} onChange={(e) => setRealTime(e.target.checked)} /> Tiempo
        real: las esperas pasan solas
      </label>
      {delays.length === 0 ? <p className="muted">No hay esperas pendientes.</p> : null}
      <ul className="buttons">
        {delays.map((d) => {
          const note = noteOf(entry, 'delays', d.delay);
          const verdict = simulation.verdict({ type: d.type });
          const ms = left.get(d.type);
          return (
            <li key={d.type}>
              <button
                type="button"
                className={leadsClass(verdict)}
                disabled={busy}
                onClick={() => onStep({ kind: 'delay', type: d.type })}
              >
                <span className="meaning">
                  Dejar pasar la espera de {secondsText(d.ms)}
                  {note ? (
                    <>
                      : <NoteText text={note} />
                    </>
                  ) : (
                    ''
                  )}
                </span>{' '}
                <Ident className="secondary">{d.delay}</Ident> <FailureMark verdict={verdict} />
              </button>
              <span className="muted small">
                {' '}
                en <StateName graph={graph} id={d.stateId} />
                {d.remaining !== d.ms ? `; faltan ${secondsText(d.remaining)}` : ''}
                {ms !== undefined ? (
                  <span className="countdown">
                    {' '}
                    · pasa sola en {(ms / 1000).toLocaleString('es', { maximumFractionDigits: 1 })} s
                  </span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>

      <h3>Llamadas que esperan respuesta</h3>
      {calls.length === 0 ? <p className="muted">Ninguna llamada pendiente.</p> : null}
      <ul className="calls">
        {calls.map((call) => {
          const real = realAnswerFor(realAnswers, machineId, call.src);
          const key = callKey(call);
          const computed = real && answers.has(key) ? { output: answers.get(key) } : undefined;
          const { outcomes } = callOffer(simulation, model, call, computed);
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
              {outcomes.length === 0 ? (
                <p className="muted small">
                  La máquina no espera una respuesta de esta llamada: sigue activa mientras dure el estado.
                </p>
              ) : (
                <div className="buttons-row">
                  {outcomes.map((outcome, i) =>
                    real && outcome.kind === 'done' && !computed ? (
                      i === outcomes.findIndex((o) => o.kind === 'done') ? (
                        <button key={i} type="button" disabled>
                          Calculando la respuesta…
                        </button>
                      ) : null
                    ) : (
                      <OutcomeButton
                        key={i}
                        entry={entry}
                        call={call}
                        outcome={outcome}
                        index={i}
                        label={
                          outcome.kind === 'error' ? 'Falla' : outcome.real && real ? real.label : 'Responde'
                        }
                        busy={busy}
                        onStep={onStep}
                      />
                    ),
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
