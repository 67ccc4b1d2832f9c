/**
 * Runs the very machine the site runs, with its effects replaced by recorders: every action that
 * is not built into XState (navigation, storage, analytics, SDK calls, provided by the views)
 * only records its call, and every named actor becomes a promise that a button resolves or
 * rejects. Delays wait on a ManualClock until a button fires them. Every step is checked
 * (`snapshot.can` for events, a pending delay or call for the others), so a replayed link either
 * reproduces the exact state or says which step does not apply.
 */
import {
  createActor,
  fromPromise,
  type Actor,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import { allNodes, transitionKey, type AnySnapshot, type TransitionLike } from '../../../src/machines/model';
import { ManualClock } from './clock';
import type { Step } from './steps';

export class StepError extends Error {}

export interface ActionRun {
  name: string;
  /** An effect the view provides on the site: here only recorded. */
  effect: boolean;
  params?: unknown;
}

export interface StepRecord {
  step: Step | undefined;
  /** Transition keys taken, in order (coverage keys). */
  transitions: string[];
  actions: ActionRun[];
}

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

interface Call extends PendingCall {
  settled: boolean;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

const AFTER = 'xstate.after.';

function isBuiltinAction(impl: unknown): boolean {
  return typeof impl !== 'function' || 'resolve' in impl;
}

function clone<T>(value: T): T {
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}

function actionName(action: unknown): string | undefined {
  if (typeof action === 'string') return action;
  if (typeof action === 'object' && action !== null && 'type' in action && typeof action.type === 'string')
    return action.type;
  return undefined;
}

type StateNodeLike = AnySnapshot['_nodes'][number];

interface RecordedMachine {
  machine: AnyStateMachine;
  effects: ReadonlySet<string>;
  nodesById: ReadonlyMap<string, AnyStateNode>;
}

/** The running simulation of each actor system, which the shared recorders report to. */
const simulations = new WeakMap<object, Simulation>();
const recordedMachines = new WeakMap<AnyStateMachine, RecordedMachine>();

/**
 * The machine with every effect replaced by a recorder and every actor by a promise that waits
 * for a button; built once per machine (provide() is not cheap), the recorders find their
 * simulation through the actor system.
 */
function recordedMachine(machine: AnyStateMachine): RecordedMachine {
  const cached = recordedMachines.get(machine);
  if (cached) return cached;
  const effects = new Set<string>();
  const actions: Record<string, unknown> = {};
  for (const [name, impl] of Object.entries(machine.implementations.actions ?? {})) {
    if (isBuiltinAction(impl)) continue;
    effects.add(name);
    actions[name] = ({ system }: { system: object }, params: unknown) => {
      simulations.get(system)?.recordEffect(name, params);
    };
  }
  const actors: Record<string, unknown> = {};
  for (const src of Object.keys(machine.implementations.actors ?? {})) {
    actors[src] = fromPromise(
      ({ input, self, signal, system }) =>
        new Promise((resolve, reject) => {
          const call: Call = { id: self.id, src, input: clone(input), settled: false, resolve, reject };
          signal.addEventListener('abort', () => {
            call.settled = true;
          });
          simulations.get(system)?.recordCall(call);
        }),
    );
  }
  const recorded = {
    machine: machine.provide({ actions, actors } as never) as AnyStateMachine,
    effects,
    nodesById: new Map(allNodes(machine.root).map((n) => [n.id, n])),
  };
  recordedMachines.set(machine, recorded);
  return recorded;
}

export class Simulation {
  readonly machine: AnyStateMachine;
  readonly input: unknown;
  readonly effects: ReadonlySet<string>;
  readonly records: StepRecord[] = [];
  private readonly clock = new ManualClock();
  private readonly actor: Actor<AnyStateMachine>;
  private readonly calls: Call[] = [];
  private readonly dueById = new Map<string, number>();
  private readonly stateIds: string[];
  private readonly nodesById: ReadonlyMap<string, AnyStateNode>;
  private current: StepRecord = { step: undefined, transitions: [], actions: [] };
  private effectParams: { name: string; params: unknown }[] = [];
  private nodesBefore = new Set<string>();
  private awaiting: string | undefined;

  constructor(machine: AnyStateMachine, input: unknown) {
    this.machine = machine;
    this.input = input;
    const recorded = recordedMachine(machine);
    this.effects = recorded.effects;
    this.nodesById = recorded.nodesById;
    this.stateIds = [...recorded.nodesById.keys()];
    this.actor = createActor(recorded.machine, {
      input,
      clock: this.clock,
      inspect: (event) => this.inspect(event),
    });
    simulations.set(this.actor.system, this);
    this.clock.onSet = (due) => {
      const keys = Object.keys(this.actor.system.getSnapshot()._scheduledEvents);
      const last = keys.at(-1);
      if (last !== undefined) this.dueById.set(last, due);
    };
    this.actor.subscribe({ error: () => undefined });
    this.actor.start();
    this.finishStep();
  }

  /** An effect ran: its params, attached to its run when the step ends. */
  recordEffect(name: string, params: unknown): void {
    this.effectParams.push({ name, params: clone(params) });
  }

  /** An invoked actor started: it waits for a button. */
  recordCall(call: Call): void {
    this.calls.push(call);
  }

  private inspect(event: InspectionEvent): void {
    if (event.actorRef.sessionId !== event.rootId) return;
    if (event.type === '@xstate.event' && event.event.type === this.awaiting) this.awaiting = undefined;
    if (event.type !== '@xstate.microstep') return;
    const step = event as InspectionEvent & { _transitions: TransitionLike[]; snapshot: AnySnapshot };
    this.recordMicrostep(step._transitions, step.snapshot._nodes);
  }

  /** The named actions of a microstep: exits (deepest first), transition actions, entries. */
  private recordMicrostep(transitions: readonly TransitionLike[], nodes: readonly StateNodeLike[]): void {
    const after = new Set(nodes.map((n) => n.id));
    const reentered = new Set<string>();
    for (const t of transitions) {
      this.current.transitions.push(transitionKey(t));
      const def = t as TransitionLike & { reenter?: boolean; target?: readonly StateNodeLike[] };
      if (def.reenter)
        for (const target of def.target ?? []) for (const n of allNodes(target as never)) reentered.add(n.id);
    }
    const byId = this.nodesById;
    const exited = [...this.nodesBefore]
      .filter((id) => !after.has(id) || reentered.has(id))
      .map((id) => byId.get(id))
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
    const queue = this.effectParams;
    this.effectParams = [];
    for (const run of this.current.actions) {
      if (!run.effect) continue;
      const index = queue.findIndex((q) => q.name === run.name);
      if (index >= 0) {
        run.params = queue[index]?.params;
        queue.splice(index, 1);
      }
    }
    if (this.records.length === 0 && this.current.transitions.length === 0) {
      // The start: the initial states' entry actions.
      const nodes = this.snapshot._nodes;
      if (this.current.actions.length === 0) {
        for (const n of nodes)
          for (const a of n.entry) {
            const name = actionName(a);
            if (name !== undefined && !name.startsWith('xstate.')) {
              const run: ActionRun = { name, effect: this.effects.has(name) };
              const index = queue.findIndex((q) => q.name === name);
              if (index >= 0) {
                run.params = queue[index]?.params;
                queue.splice(index, 1);
              }
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
    return this.actor.getSnapshot() as AnySnapshot;
  }

  get now(): number {
    return this.clock.now();
  }

  /** Every active state id (all regions of a parallel state, and their ancestors). */
  activeIds(): Set<string> {
    return new Set(this.snapshot._nodes.map((n) => n.id));
  }

  pendingDelays(): PendingDelay[] {
    const scheduled = Object.entries(this.actor.system.getSnapshot()._scheduledEvents);
    const out: PendingDelay[] = [];
    for (const [id, ev] of scheduled) {
      if (ev.target !== this.actor || !ev.event.type.startsWith(AFTER)) continue;
      const rest = ev.event.type.slice(AFTER.length);
      const stateId =
        this.stateIds.filter((s) => rest.endsWith(`.${s}`)).sort((a, b) => b.length - a.length)[0] ?? '';
      const due = this.dueById.get(id) ?? this.clock.now() + ev.delay;
      out.push({
        type: ev.event.type,
        delay: stateId ? rest.slice(0, -(stateId.length + 1)) : rest,
        stateId,
        ms: ev.delay,
        remaining: Math.max(0, due - this.clock.now()),
      });
    }
    return out.sort((a, b) => a.remaining - b.remaining);
  }

  pendingCalls(): PendingCall[] {
    const children = this.snapshot.children as Record<string, unknown>;
    return this.calls
      .filter((c) => !c.settled && c.id in children)
      .map(({ id, src, input }) => ({ id, src, input }));
  }

  /** Applies one step; throws a StepError (Spanish) when it does not apply in this state. */
  async apply(step: Step): Promise<void> {
    if (this.snapshot.status !== 'active') throw new StepError('la máquina ya terminó');
    this.current.step = step;
    switch (step.kind) {
      case 'event': {
        if (!step.unchecked && !this.snapshot.can(step.event as never))
          throw new StepError(`el evento ${step.event.type} no se acepta en este estado`);
        this.actor.send(step.event);
        break;
      }
      case 'delay': {
        const entry = Object.entries(this.actor.system.getSnapshot()._scheduledEvents).find(
          ([, ev]) => ev.target === this.actor && ev.event.type === step.type,
        );
        if (!entry) throw new StepError(`no hay una espera ${step.type} pendiente`);
        this.clock.advanceTo(this.dueById.get(entry[0]) ?? this.clock.now() + entry[1].delay);
        break;
      }
      case 'done':
      case 'error': {
        const call = this.calls.find((c) => c.id === step.id && !c.settled);
        if (!call) throw new StepError(`no hay una llamada pendiente de ${step.id}`);
        call.settled = true;
        this.awaiting = `xstate.${step.kind === 'done' ? 'done' : 'error'}.actor.${step.id}`;
        if (step.kind === 'done') call.resolve(clone(step.output));
        else call.reject(new Error(step.message));
        // A settled promise reaches the machine a few microtasks later.
        for (let i = 0; i < 1000 && this.awaiting !== undefined; i++) await Promise.resolve();
        if (this.awaiting !== undefined) {
          this.awaiting = undefined;
          throw new StepError(`la respuesta de ${step.id} no llegó a la máquina`);
        }
        break;
      }
    }
    this.finishStep();
  }

  stop(): void {
    this.actor.stop();
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

function pushName(names: string[], action: unknown): void {
  const name = actionName(action);
  if (name !== undefined && !name.startsWith('xstate.')) names.push(name);
}

/** The steps of the machine's own events as taken from a model path. */
export function stepsOfPath(events: readonly EventObject[]): Step[] {
  const steps: Step[] = [];
  for (const event of events) {
    const type = event.type;
    if (type === 'xstate.init') continue;
    if (type.startsWith('xstate.done.actor.')) {
      steps.push({
        kind: 'done',
        id: type.slice('xstate.done.actor.'.length),
        output: (event as { output?: unknown }).output,
      });
    } else if (type.startsWith('xstate.error.actor.')) {
      const error = (event as { error?: unknown }).error;
      steps.push({
        kind: 'error',
        id: type.slice('xstate.error.actor.'.length),
        message: error instanceof Error ? error.message : String(error),
      });
    } else if (type.startsWith(AFTER)) {
      steps.push({ kind: 'delay', type });
    } else {
      steps.push({ kind: 'event', event, unchecked: true });
    }
  }
  return steps;
}
