/**
 * What the simulation offers in its current state, decided by the machine itself: the sample
 * events (the model tests' own, flow-kit/samples) that an active state handles, each accepted
 * (and whether it leads to a failure) or refused with the guards that do not hold; the answers of
 * each pending call that the machine handles (an error nobody handles would stop the machine, so
 * it is not offered), with the real answer where the explorer computes one (./answers.ts).
 */
import type { EventObject } from 'xstate';
import { activeStateNodes, type MachineModel } from '../../kit';
import { pretty } from '../format';
import type { PendingCall, Simulation, Verdict } from './simulation';
import { doneActorEvent, errorActorEvent, isXStateEvent } from '../../kit/conventions';

export interface EventOffer {
  event: EventObject;
  verdict: Verdict;
}

export interface OutcomeOffer {
  kind: 'done' | 'error';
  /** The output of a done answer. */
  output?: unknown;
  /** The message of an error answer. */
  message?: string;
  /** Computed by the real code from the call's input (./answers.ts), not a fixed sample. */
  real?: boolean;
  verdict: Verdict;
}

export interface CallOffer {
  call: PendingCall;
  /** Empty when the machine handles no answer (the call runs as long as its state does). */
  outcomes: OutcomeOffer[];
}

export const SIMULATED_ERROR = 'Error simulado';

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
  for (const node of activeStateNodes(simulation.snapshot)) {
    for (const type of node.transitions.keys()) if (!isXStateEvent(type)) types.add(type);
  }
  return [...types].sort().map((type) => ({ type }));
}

export function samplesFor(simulation: Simulation, model: MachineModel | undefined): EventObject[] {
  if (simulation.snapshot.status !== 'active') return [];
  return model ? model.samples(simulation.snapshot) : bareEvents(simulation);
}

/**
 * The sample events an active state handles, accepted ones first, each with the machine's verdict.
 * Events no active state handles are left out: they say nothing about this state.
 */
export function eventOffers(simulation: Simulation, model: MachineModel | undefined): EventOffer[] {
  const offers = uniqueByJson(samplesFor(simulation, model).filter((e) => !isXStateEvent(e.type)))
    .map((event) => ({ event, verdict: simulation.verdict(event) }))
    .filter(({ verdict }) => verdict.accepted || verdict.why !== 'unhandled');
  return [...offers.filter((o) => o.verdict.accepted), ...offers.filter((o) => !o.verdict.accepted)];
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return SIMULATED_ERROR;
}

/**
 * The answers of a pending call the machine handles: the real answer when there is one (else the
 * samples' outputs, or a bare answer), and the samples' first error message (or a generic one).
 */
export function callOffer(
  simulation: Simulation,
  model: MachineModel | undefined,
  call: PendingCall,
  real?: { output: unknown },
): CallOffer {
  const handled = simulation.handledOutcomes(call.id);
  const samples = samplesFor(simulation, model);
  const outcomes: OutcomeOffer[] = [];
  if (handled.done) {
    const outputs = real
      ? [real.output]
      : uniqueByJson(
          samples
            .filter((e) => e.type === doneActorEvent(call.id))
            .map((e) => (e as EventObject & { output?: unknown }).output),
        );
    for (const output of outputs.length > 0 ? outputs : [undefined]) {
      outcomes.push({
        kind: 'done',
        output,
        ...(real ? { real: true } : {}),
        verdict: simulation.verdict({ type: doneActorEvent(call.id), output } as EventObject),
      });
    }
  }
  if (handled.error) {
    const sample = samples.find((e) => e.type === errorActorEvent(call.id)) as
      (EventObject & { error?: unknown }) | undefined;
    const message = sample ? errorMessage(sample.error) : SIMULATED_ERROR;
    outcomes.push({
      kind: 'error',
      message,
      verdict: simulation.verdict({
        type: errorActorEvent(call.id),
        error: new Error(message),
      } as EventObject),
    });
  }
  return { call, outcomes };
}
