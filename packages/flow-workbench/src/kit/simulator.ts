/**
 * One running machine under the kit's control: the real machine with fake effects (fakes.ts) on
 * a ManualClock. A step is what a model path or a person does: send an event, settle an invoked
 * actor's pending call, or fire a pending delay. A step that does not apply in the current state
 * throws a StepError, in Spanish, since the flow explorer shows it to product owners; identifiers
 * in it are between backticks (the explorer marks them as code, lang="en").
 *
 * Pending delays are read from XState's public inspection events: entering a state with an
 * `after` runs the built-in `xstate.raise` action with the delayed event and its resolved delay,
 * leaving it runs `xstate.cancel`, and the delayed event's arrival ends it.
 */
import {
  createActor,
  type Actor,
  type AnyStateMachine,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import { ManualClock } from './clock';
import { attachLog, withFakes, type FakeLog } from './fakes';
import { activeStateIds, delayEventOf, type AnySnapshot, type TransitionLike } from './graph';
import { microstep } from './xstate-adapter';
import { doneActorEvent, errorActorEvent, isAfterEvent, parseActorEvent } from './conventions';

export class StepError extends Error {}

/** The event a machine gets after its context was replaced (no machine handles it). */
export const CONTEXT_EVENT = 'explorador.contexto';

export interface PendingDelay {
  /** `xstate.after.<delay>.<state id>`: what a delay step names. */
  type: string;
  delay: string;
  stateId: string;
  ms: number;
  remaining: number;
}

export interface PendingCall {
  id: string;
  src: string;
  input: unknown;
}

export interface SimulatorOptions {
  /** Told of every inspection event of the actor's system (coverage, for instance). */
  inspect?: (event: InspectionEvent) => void;
  /** Told of every microstep of the machine: the transitions it took and the snapshot after. */
  onMicrostep?: (transitions: readonly TransitionLike[], snapshot: AnySnapshot) => void;
}

interface ScheduledDelay {
  type: string;
  ms: number;
  due: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export class Simulator {
  readonly machine: AnyStateMachine;
  readonly input: unknown;
  /** The names of the actions the views provide (only recorded here). */
  readonly effects: ReadonlySet<string>;
  /** Every actor call and every effect so far. */
  readonly log: FakeLog = { calls: [], effects: [] };
  readonly clock = new ManualClock();
  /** What the machine threw, if it did (its snapshot's status is then 'error'). */
  error: unknown;
  private actor: Actor<AnyStateMachine>;
  private readonly options: SimulatorOptions;
  private readonly delays = new Map<string, ScheduledDelay>();
  /** The done/error event a settled call has yet to deliver. */
  private awaiting: string | undefined;

  constructor(machine: AnyStateMachine, input: unknown, options: SimulatorOptions = {}) {
    this.machine = machine;
    this.input = input;
    this.options = options;
    this.effects = withFakes(machine).effects;
    this.actor = this.startActor({ input });
  }

  private startActor(from: { input: unknown } | { snapshot: unknown }): Actor<AnyStateMachine> {
    const actor = createActor(withFakes(this.machine).machine, {
      ...from,
      clock: this.clock,
      inspect: (event: InspectionEvent) => {
        this.inspect(event, this.options);
        this.options.inspect?.(event);
      },
    } as never) as Actor<AnyStateMachine>;
    attachLog(actor.system, this.log);
    actor.subscribe({ error: (error) => (this.error = error) });
    actor.start();
    return actor;
  }

  /**
   * Other data for the machine, as a person trying a situation asks (the flow explorer): the actor
   * restarts from its persisted snapshot with this context, in the same states; a call in flight
   * is made again with the input it had (the first one is stopped). Then the machine gets an event
   * it handles nowhere (`CONTEXT_EVENT`), so its immediate transitions see the new data as they
   * would at its next event. Refused while a delay is pending (a restored actor would lose it).
   */
  replaceContext(context: unknown): void {
    if (this.snapshot.status !== 'active') throw new StepError('la máquina ya terminó');
    const delay = this.pendingDelays()[0];
    if (delay)
      throw new StepError(
        `hay una espera pendiente (\`${delay.delay}\`): el contexto se puede cambiar cuando ninguna espera está en curso`,
      );
    const persisted = this.actor.getPersistedSnapshot() as Record<string, unknown>;
    this.actor.stop();
    this.actor = this.startActor({ snapshot: { ...persisted, context } });
    this.actor.send({ type: CONTEXT_EVENT });
  }

  private inspect(event: InspectionEvent, options: SimulatorOptions): void {
    if (event.actorRef.sessionId !== event.rootId) return;
    const step = options.onMicrostep && microstep(event);
    if (step) options.onMicrostep?.(step.transitions, step.snapshot as AnySnapshot);
    if (event.type === '@xstate.event') {
      if (event.event.type === this.awaiting) this.awaiting = undefined;
      this.delays.delete(event.event.type);
    } else if (event.type === '@xstate.action') {
      const params: unknown = event.action.params;
      if (!isRecord(params)) return;
      if (event.action.type === 'xstate.cancel' && typeof params.sendId === 'string') {
        this.delays.delete(params.sendId);
      } else if (
        event.action.type === 'xstate.raise' &&
        typeof params.delay === 'number' &&
        isRecord(params.event) &&
        typeof params.event.type === 'string' &&
        isAfterEvent(params.event.type)
      ) {
        const type = params.event.type;
        this.delays.set(typeof params.id === 'string' ? params.id : type, {
          type,
          ms: params.delay,
          due: this.clock.now() + params.delay,
        });
      }
    }
  }

  get snapshot(): AnySnapshot {
    return this.actor.getSnapshot() as AnySnapshot;
  }

  get now(): number {
    return this.clock.now();
  }

  /** Every active state id (all regions of a parallel state, and their ancestors). */
  activeIds(): Set<string> {
    return new Set(activeStateIds(this.snapshot));
  }

  pendingDelays(): PendingDelay[] {
    if (this.snapshot.status !== 'active') return [];
    return [...this.delays.values()]
      .map(({ type, ms, due }) => ({
        type,
        ...delayEventOf(this.machine, type),
        ms,
        remaining: Math.max(0, due - this.clock.now()),
      }))
      .sort((a, b) => a.remaining - b.remaining);
  }

  pendingCalls(): PendingCall[] {
    const children = this.snapshot.children as Record<string, unknown>;
    return this.log.calls
      .filter((c) => !c.settled && c.id in children)
      .map(({ id, src, input }) => ({ id, src, input }));
  }

  send(event: EventObject): void {
    this.actor.send(event);
  }

  /** Moves the clock to the moment the delay with this event type is due (it fires, and any due before it). */
  fireDelay(type: string): void {
    const delay = [...this.delays.values()].find((d) => d.type === type);
    if (!delay) throw new StepError(`no hay una espera \`${type}\` pendiente`);
    this.clock.advanceTo(delay.due);
  }

  /** Resolves (output) or rejects (error) the one pending call of the invocation `id`, and waits until its answer reaches the machine. */
  async settle(id: string, outcome: { output?: unknown } | { error: unknown }): Promise<void> {
    const pending = this.log.calls.filter((c) => c.id === id && !c.settled);
    const call = pending[0];
    if (!call) throw new StepError(`no hay una llamada pendiente de \`${id}\``);
    if (pending.length > 1) throw new StepError(`hay ${pending.length} llamadas pendientes de \`${id}\``);
    const failed = 'error' in outcome;
    this.awaiting = failed ? errorActorEvent(id) : doneActorEvent(id);
    if (failed) call.reject(outcome.error);
    else call.resolve(outcome.output);
    // A settled promise reaches the machine a few microtasks later.
    for (let i = 0; i < 1000 && this.awaiting !== undefined; i++) await Promise.resolve();
    if (this.awaiting !== undefined) await new Promise((resolve) => setTimeout(resolve, 0));
    if (this.awaiting !== undefined) {
      this.awaiting = undefined;
      throw new StepError(`la respuesta de \`${id}\` no llegó a la máquina`);
    }
  }

  /**
   * A model path's step, as xstate/graph names it: `xstate.init` (the start, already done),
   * `xstate.done.actor.<id>` with its output, `xstate.error.actor.<id>` with its error,
   * `xstate.after.<delay>.<state id>`, or any other event, sent as is.
   */
  async step(event: EventObject): Promise<void> {
    const type = event.type;
    if (type === 'xstate.init') return;
    const actor = parseActorEvent(type);
    if (actor?.outcome === 'done')
      await this.settle(actor.id, { output: (event as { output?: unknown }).output });
    else if (actor?.outcome === 'error')
      await this.settle(actor.id, { error: (event as { error?: unknown }).error });
    else if (isAfterEvent(type)) this.fireDelay(type);
    else this.send(event);
  }

  stop(): void {
    this.actor.stop();
  }
}
