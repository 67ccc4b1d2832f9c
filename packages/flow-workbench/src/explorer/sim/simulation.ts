/**
 * The explorer's simulation: the very machine the site runs, under the kit's Simulator (every
 * effect only recorded, every actor a promise a button settles, delays on a manual clock), with a
 * record per step of the transitions taken and the named actions run. Every step is checked
 * (`snapshot.can` for events, a pending delay or call for the others), so a replayed link either
 * reproduces the exact state or says which step does not apply.
 */
import type { AnyStateMachine, AnyStateNode, EventObject } from 'xstate';
import {
  Simulator,
  StepError,
  activeStateIds,
  activeStateNodes,
  allNodes,
  clone,
  eventVerdict,
  fallbackGuards,
  handles,
  transitionKey,
  withFakes,
  type Verdict,
  type AnySnapshot,
  type PendingCall,
  type PendingDelay,
  type TransitionLike,
} from '../../kit';
import type { Step } from './steps';
import {
  doneActorEvent,
  errorActorEvent,
  isAfterEvent,
  isXStateEvent,
  parseActorEvent,
} from '../../kit/conventions';

export { StepError, type PendingCall, type PendingDelay, type Verdict };

/** A machine that stopped with an error nobody handled: the message, and the states it was in. */
export interface StoppedByError {
  message: string;
  /** The active state ids when it stopped. */
  stateIds: string[];
}

/** Which answers of an invoked actor the machine handles in its current state. */
export interface HandledOutcomes {
  done: boolean;
  error: boolean;
}

export interface ActionRun {
  name: string;
  /** An effect the view provides on the site: here only recorded. */
  effect: boolean;
  params?: unknown;
}

/**
 * The last step's event went the other way: the guards listed before the transition it took (one
 * without a guard, in the same state) did not hold for its value, as when the rules' answer sends
 * the visitor back to a field or the browser's check marks the form invalid.
 */
export interface FallbackTaken {
  /** The event as the machine got it (an answer as `xstate.done.actor.<id>` with its output). */
  event: EventObject;
  /** The value the guards looked at: the answer's output or error, else the event's fields. */
  value: unknown;
  guards: string[];
}

export interface StepRecord {
  step: Step | undefined;
  /** Transition keys taken, in order (coverage keys). */
  transitions: string[];
  actions: ActionRun[];
}

function actionName(action: unknown): string | undefined {
  if (typeof action === 'string') return action;
  if (typeof action === 'object' && action !== null && 'type' in action && typeof action.type === 'string')
    return action.type;
  return undefined;
}

function pushName(names: string[], action: unknown): void {
  const name = actionName(action);
  if (name !== undefined && !isXStateEvent(name)) names.push(name);
}

export class Simulation {
  readonly machine: AnyStateMachine;
  readonly input: unknown;
  readonly effects: ReadonlySet<string>;
  readonly records: StepRecord[] = [];
  private readonly sim: Simulator;
  private readonly nodesById: ReadonlyMap<string, AnyStateNode>;
  private current: StepRecord = { step: undefined, transitions: [], actions: [] };
  /** How many of the log's effects have been attached to an action run. */
  private effectsSeen = 0;
  private nodesBefore = new Set<string>();
  private fallback: FallbackTaken | undefined;

  constructor(machine: AnyStateMachine, input: unknown) {
    this.machine = machine;
    this.input = input;
    this.nodesById = new Map(allNodes(machine.root).map((n) => [n.id, n]));
    // Set before the start: the initial microsteps are recorded while the simulator starts.
    this.effects = withFakes(machine).effects;
    this.sim = new Simulator(machine, input, {
      onMicrostep: (transitions, snapshot) => this.recordMicrostep(transitions, activeStateNodes(snapshot)),
    });
    this.finishStep();
  }

  /** The named actions of a microstep: exits (deepest first), transition actions, entries. */
  private recordMicrostep(transitions: readonly TransitionLike[], nodes: readonly AnyStateNode[]): void {
    const after = new Set(nodes.map((n) => n.id));
    const reentered = new Set<string>();
    for (const t of transitions) {
      this.current.transitions.push(transitionKey(t));
      const def = t as TransitionLike & { reenter?: boolean; target?: readonly AnyStateNode[] };
      if (def.reenter)
        for (const target of def.target ?? []) for (const n of allNodes(target)) reentered.add(n.id);
    }
    const exited = [...this.nodesBefore]
      .filter((id) => !after.has(id) || reentered.has(id))
      .map((id) => this.nodesById.get(id))
      .filter((n) => n !== undefined)
      .sort((a, b) => b.path.length - a.path.length);
    const entered = nodes.filter((n) => !this.nodesBefore.has(n.id) || reentered.has(n.id));
    const names: string[] = [];
    for (const n of exited) for (const a of n.exit) pushName(names, a);
    for (const t of transitions)
      for (const a of (t as unknown as { actions: readonly unknown[] }).actions) pushName(names, a);
    for (const n of entered) for (const a of n.entry) pushName(names, a);
    for (const name of names) this.current.actions.push({ name, effect: this.effects.has(name) });
    this.nodesBefore = after;
  }

  /** Attaches the recorded params of the effects to their runs, in order. */
  private finishStep(): void {
    const queue = this.sim.log.effects.slice(this.effectsSeen);
    this.effectsSeen = this.sim.log.effects.length;
    const takeParams = (run: ActionRun) => {
      const index = queue.findIndex((q) => q.action === run.name);
      if (index >= 0) {
        run.params = queue[index]?.params;
        queue.splice(index, 1);
      }
    };
    for (const run of this.current.actions) if (run.effect) takeParams(run);
    if (this.records.length === 0 && this.current.transitions.length === 0) {
      // The start: the initial states' entry actions.
      const nodes = activeStateNodes(this.snapshot);
      if (this.current.actions.length === 0) {
        for (const n of nodes)
          for (const a of n.entry) {
            const name = actionName(a);
            if (name !== undefined && !isXStateEvent(name)) {
              const run: ActionRun = { name, effect: this.effects.has(name) };
              takeParams(run);
              this.current.actions.push(run);
            }
          }
      }
      this.nodesBefore = new Set(nodes.map((n) => n.id));
    }
    this.records.push(this.current);
    this.current = { step: undefined, transitions: [], actions: [] };
  }

  get snapshot(): AnySnapshot {
    return this.sim.snapshot;
  }

  get now(): number {
    return this.sim.now;
  }

  /** Every active state id (all regions of a parallel state, and their ancestors). */
  activeIds(): Set<string> {
    return this.sim.activeIds();
  }

  pendingDelays(): PendingDelay[] {
    return this.sim.pendingDelays();
  }

  pendingCalls(): PendingCall[] {
    return this.sim.pendingCalls();
  }

  /** What the machine would do with this event now: accepted (and where it leads) or why not. */
  verdict(event: EventObject): Verdict {
    if (this.snapshot.status !== 'active') return { accepted: false, why: 'unhandled', guards: [] };
    return eventVerdict(this.snapshot, event);
  }

  /**
   * The answers of an invoked actor the machine handles now. An answer it does not handle is not
   * offered: a done one would change nothing, an error one would stop the machine with an error.
   */
  handledOutcomes(id: string): HandledOutcomes {
    if (this.snapshot.status !== 'active') return { done: false, error: false };
    return {
      done: handles(this.snapshot, doneActorEvent(id)),
      error: handles(this.snapshot, errorActorEvent(id)),
    };
  }

  /** When the machine stopped with an error nobody handled: what it said, and where it was. */
  stoppedByError(): StoppedByError | undefined {
    const snapshot = this.snapshot;
    if (snapshot.status !== 'error') return undefined;
    const error: unknown = (snapshot as { error?: unknown }).error ?? this.sim.error;
    return {
      message: error instanceof Error ? error.message : String(error),
      stateIds: activeStateIds(snapshot),
    };
  }

  /** When the last step's event was taken by an "otherwise" because guards did not hold for its value. */
  lastFallback(): FallbackTaken | undefined {
    return this.snapshot.status === 'active' ? this.fallback : undefined;
  }

  /** Applies one step; throws a StepError (Spanish) when it does not apply in this state. */
  async apply(step: Step): Promise<void> {
    if (this.snapshot.status === 'error')
      throw new StepError('la máquina se detuvo por un error: no acepta más pasos');
    if (this.snapshot.status !== 'active') throw new StepError('la máquina ya terminó');
    const fallback = fallbackOf(this.snapshot, step);
    this.fallback = undefined;
    this.current.step = step;
    switch (step.kind) {
      case 'event':
        if (!step.unchecked) {
          const verdict = eventVerdict(this.snapshot, step.event);
          if (!verdict.accepted) throw new StepError(refusal(step.event.type, verdict));
        }
        this.sim.send(step.event);
        break;
      case 'delay':
        this.sim.fireDelay(step.type);
        break;
      case 'done':
        await this.sim.settle(step.id, { output: clone(step.output) });
        break;
      case 'error':
        await this.sim.settle(step.id, { error: Object.assign(new Error(step.message), clone(step.fields)) });
        break;
      case 'context': {
        const unknown = Object.keys(step.context).filter((k) => !(k in (this.snapshot.context ?? {})));
        if (unknown.length > 0)
          throw new StepError(`el contexto no tiene ${unknown.map((k) => `\`${k}\``).join(', ')}`);
        this.sim.replaceContext({ ...this.snapshot.context, ...clone(step.context) });
        break;
      }
    }
    this.fallback = fallback;
    this.finishStep();
  }

  stop(): void {
    this.sim.stop();
  }

  /** A new simulation with these steps applied; `failed` says which step did not apply and why. */
  static async replay(
    machine: AnyStateMachine,
    input: unknown,
    steps: readonly Step[],
  ): Promise<{ simulation: Simulation; failed: { index: number; message: string } | undefined }> {
    const simulation = new Simulation(machine, input);
    for (const [index, step] of steps.entries()) {
      try {
        await simulation.apply(step);
      } catch (error) {
        simulation.stop();
        const fresh = new Simulation(machine, input);
        const message = error instanceof StepError ? error.message : 'la máquina rechazó el paso';
        return { simulation: fresh, failed: { index, message } };
      }
    }
    return { simulation, failed: undefined };
  }
}

/** The event a step gives the machine and the value its guards look at (none for a context change). */
function stepEvent(step: Step): { event: EventObject; value: unknown } | undefined {
  switch (step.kind) {
    case 'event': {
      const { type: _type, ...fields } = step.event as EventObject & Record<string, unknown>;
      return { event: step.event, value: fields };
    }
    case 'delay':
      return { event: { type: step.type }, value: undefined };
    case 'done':
      return {
        event: { type: doneActorEvent(step.id), output: step.output } as EventObject,
        value: step.output,
      };
    case 'error': {
      const error = Object.assign(new Error(step.message), step.fields);
      return { event: { type: errorActorEvent(step.id), error } as EventObject, value: error };
    }
    case 'context':
      return undefined;
  }
}

function fallbackOf(snapshot: AnySnapshot, step: Step): FallbackTaken | undefined {
  const given = stepEvent(step);
  if (!given) return undefined;
  const guards = fallbackGuards(snapshot, given.event);
  return guards.length > 0 ? { ...given, guards } : undefined;
}

/** Why an event is refused, in Spanish, identifiers between backticks. */
export function refusal(type: string, verdict: Exclude<Verdict, { accepted: true }>): string {
  const event = `el evento \`${type}\``;
  switch (verdict.why) {
    case 'unhandled':
      return `${event} no se acepta en este estado`;
    case 'ignored':
      return `${event} se ignora en este estado`;
    case 'threw':
      return `${event} no se acepta: una condición falló con el error «${verdict.message ?? ''}»`;
    case 'guards':
      return `${event} no se acepta ahora: no se cumple ${verdict.guards.map((g) => `\`${g}\``).join(' ni ')}`;
  }
}

/** The steps of the machine's own events as taken from a model path. */
/** An error's own fields beyond Error's (a failed save's `kind` and details), when it has any. */
function errorFields(error: unknown): Record<string, unknown> | undefined {
  if (!(error instanceof Error)) return undefined;
  const fields = Object.fromEntries(
    Object.entries(error).filter(([key, value]) => key !== 'name' && key !== 'cause' && value !== undefined),
  );
  return Object.keys(fields).length > 0 ? fields : undefined;
}

export function stepsOfPath(events: readonly EventObject[]): Step[] {
  const steps: Step[] = [];
  for (const event of events) {
    const type = event.type;
    if (type === 'xstate.init') continue;
    const actor = parseActorEvent(type);
    if (actor?.outcome === 'done') {
      steps.push({ kind: 'done', id: actor.id, output: (event as { output?: unknown }).output });
    } else if (actor?.outcome === 'error') {
      const error = (event as { error?: unknown }).error;
      const fields = errorFields(error);
      steps.push({
        kind: 'error',
        id: actor.id,
        message: error instanceof Error ? error.message : String(error),
        ...(fields ? { fields } : {}),
      });
    } else if (isAfterEvent(type)) {
      steps.push({ kind: 'delay', type });
    } else {
      steps.push({ kind: 'event', event, unchecked: true });
    }
  }
  return steps;
}
