/**
 * Independent models: a small flat machine written from the product specification, not derived
 * from the machine it checks, whose paths the real machine must follow (kiesraad/abacus checks
 * its pages against such models). Each model state says what the real machine shows there (its
 * tags, exactly; the invocations in flight, exactly; where no tag tells two screens apart, a
 * state value it matches); each model event says what happens to the real machine (a visitor's
 * event, an answer of an invoked actor, a delay running out, a start with some input) and which
 * view-provided actions that runs.
 *
 * Three layers keep model and machine together:
 * - types: `independentModel(machine, definition)` refuses a target that is not a state, a state
 *   that is never a target, an event without its real steps, and (typed by the real machine) an
 *   event, payload, tag, state value, invocation, delay or action the real machine does not have;
 * - `checkModel`: the same at run time, plus the other direction: every tag and every event of the
 *   real machine is observed or sent by the model, or listed as out of its scope with a reason;
 * - `followModel`: every shortest path of the model (one ending with each transition), replayed
 *   on the real machine under the Simulator, compared after every step.
 */
import {
  createMachine,
  type AnyStateMachine,
  type EventFromLogic,
  type InputFrom,
  type SnapshotFrom,
  type StateMachine,
} from 'xstate';
import { withFakes, type ActorCall } from './fakes';
import { allNodes, delayEventOf, eventTypes, type AnySnapshot } from './graph';
import { edgePaths, type ModelPath } from './paths';
import { Simulator, StepError } from './simulator';
import { isAfterEvent } from './conventions';
import type { Step } from '../explorer/sim/steps';
import { formatLink } from '../explorer/link/link';

// ---------------------------------------------------------------------------------------------
// What the real machine names, by type

type Parts<M> =
  M extends StateMachine<
    infer _Context,
    infer _Event,
    infer _Children,
    infer Actor,
    infer Action,
    infer _Guard,
    infer Delay,
    infer _Value,
    infer _Tag,
    infer _Input,
    infer _Output,
    infer _Emitted,
    infer _Meta,
    infer _Schema,
    infer _TransitionMeta
  >
    ? {
        actor: Actor extends { src: infer S } ? S : never;
        action: Action extends { type: infer A } ? A : never;
        delay: Delay;
      }
    : never;

export type TagOf<M extends AnyStateMachine> = Parameters<SnapshotFrom<M>['hasTag']>[0];
export type StateValueOf<M extends AnyStateMachine> = Parameters<SnapshotFrom<M>['matches']>[0];
/** The machine's actor names; our machines name each invocation after its actor. */
export type InvocationOf<M extends AnyStateMachine> = Parts<M>['actor'] & string;
export type DelayOf<M extends AnyStateMachine> = Parts<M>['delay'] & string;
export type ActionOf<M extends AnyStateMachine> = Parts<M>['action'] & string;

/** One thing that happens to the real machine. */
export type RealStep<M extends AnyStateMachine> =
  /** The page opens: the machine starts with this input (a path's first event starts it). */
  | { start: InputFrom<M> }
  /** The visitor (or the view) sends this event. */
  | { send: EventFromLogic<M> }
  /** The pending call of this invocation answers. */
  | { resolve: InvocationOf<M>; output?: unknown }
  /** The pending call of this invocation fails. */
  | { reject: InvocationOf<M>; error?: unknown }
  /** The pending delay with this name runs out. */
  | { wait: DelayOf<M> };

/** What the real machine shows in a model state. */
export interface Observation<M extends AnyStateMachine> {
  /** Its tags (the screen, the failure, busy...), exactly. */
  tags: readonly TagOf<M>[];
  /** State values it matches, where no tag tells two situations apart. */
  matches?: readonly StateValueOf<M>[];
  /** The invocations in flight, exactly (none when absent). */
  pending?: readonly InvocationOf<M>[];
  /** It has finished (a final state). */
  done?: true;
}

/** A model transition: its target, or its target and the effects it runs when they differ from its event's. */
export type ModelTransition<M extends AnyStateMachine> =
  string | { target: string; effects: readonly ActionOf<M>[] };

export interface ModelStateConfig<M extends AnyStateMachine> {
  description?: string;
  /** What the real machine shows here; null while it has not started. */
  expect: Observation<M> | null;
  /** Model event -> model state. */
  on?: Record<string, ModelTransition<M>>;
  /**
   * Model events this state says nothing about, each with the reason: the every-event check and
   * the random walks do not try them here. Every other event the state does not take, it refuses:
   * the real machine must then stay where it is and run nothing.
   */
  notModelled?: Record<string, string>;
}

export interface ModelEventConfig<M extends AnyStateMachine> {
  description?: string;
  steps: readonly RealStep<M>[];
  /**
   * The view-provided actions these steps run, in order, exactly (none when absent); a transition
   * that runs others says so itself.
   */
  effects?: readonly ActionOf<M>[];
  /**
   * A journey of several actions (fill in and send the whole step, answer three steps) rather than
   * one: it is tried only in the states that take it, never as a refused event, and this says why.
   */
  onlyWhereTaken?: string;
}

/** What a rule of the specification sees after a step: the real machine before and after it. */
export interface InvariantStep<M extends AnyStateMachine> {
  snapshot: SnapshotFrom<M>;
  /** Undefined after the step that started the machine. */
  before: SnapshotFrom<M> | undefined;
  /** The real steps of the model event just applied. */
  steps: readonly RealStep<M>[];
  /** Every call of an invoked actor so far, in order. */
  calls: readonly ActorCall[];
}

/**
 * A rule of the specification that holds after every step of every path, whatever the model
 * state: checked on the model's paths, on every refused event and on the random walks.
 */
export interface Invariant<M extends AnyStateMachine> {
  /** The rule, in Spanish, as the product owner reads it. */
  rule: string;
  /** Its identifier, for code and messages. */
  id: string;
  /** True when the step keeps the rule, else what broke it. */
  check: (step: InvariantStep<M>) => true | string;
}

export interface ModelDefinition<M extends AnyStateMachine> {
  id: string;
  description?: string;
  initial: string;
  states: Record<string, ModelStateConfig<M>>;
  events: Record<string, ModelEventConfig<M>>;
  /** Events and tags of the real machine this model does not exercise, each with the reason. */
  outOfScope?: Record<string, string>;
  /** The specification's rules that hold after every step. */
  invariants?: readonly Invariant<M>[];
  /** Events a group of states says nothing about (as each state's `notModelled`), with the reason. */
  leftOut?: readonly LeftOut[];
}

export interface LeftOut {
  reason: string;
  events: readonly string[];
  states: readonly string[];
}

export interface IndependentModel<M extends AnyStateMachine> extends ModelDefinition<M> {
  /** The machine the model describes. */
  real: M;
}

// ---------------------------------------------------------------------------------------------
// The model's own consistency, by type (after abacus's typeCheckedMachineDefinition)

type ErrorMessage<T extends string> = { __errorMessage__: T };
type TargetOf<V> = V extends { target: infer T } ? T : V;
type TargetsOf<S> = { [K in keyof S]: S[K] extends { on: infer O } ? TargetOf<O[keyof O]> : never }[keyof S];
type EventsOf<S> = { [K in keyof S]: S[K] extends { on: infer O } ? keyof O : never }[keyof S] & string;

type CheckedStates<S, I> = {
  [K in keyof S]: K extends TargetsOf<S> | I
    ? S[K] extends { on: infer O }
      ? Omit<S[K], 'on'> & {
          on: {
            [E in keyof O]: TargetOf<O[E]> extends keyof S
              ? O[E]
              : ErrorMessage<`state ${K & string}, event ${E & string}: ${TargetOf<O[E]> & string} is not a state`>;
          };
        }
      : S[K]
    : ErrorMessage<`state ${K & string} is never a target`>;
};

/**
 * An independent model of `real`: its states' targets and its events are checked by type against
 * each other, its observations and steps against the real machine's names.
 */
export function independentModel<M extends AnyStateMachine, const T extends ModelDefinition<M>>(
  real: M,
  definition: T & {
    states: CheckedStates<T['states'], T['initial']>;
    events: Record<EventsOf<T['states']>, ModelEventConfig<M>>;
  },
): IndependentModel<M> {
  return { ...definition, real };
}

// ---------------------------------------------------------------------------------------------
// The same at run time, and the real machine's names the model leaves out

/** Every disagreement between a model and a machine (empty when none). */
export function checkModel<M extends AnyStateMachine>(
  definition: ModelDefinition<M>,
  machine: AnyStateMachine,
): string[] {
  const model = definition as unknown as ModelDefinition<AnyStateMachine>;
  const problems: string[] = [];
  const states = Object.keys(model.states);
  const used = new Set<string>();
  const targets = new Set<string>([model.initial]);
  for (const [name, state] of Object.entries(model.states)) {
    for (const [event, transition] of Object.entries(state.on ?? {})) {
      const target = typeof transition === 'string' ? transition : transition.target;
      used.add(event);
      targets.add(target);
      if (!states.includes(target)) problems.push(`state ${name}, event ${event}: ${target} is not a state`);
      if (!model.events[event]) problems.push(`event ${event} has no real steps`);
    }
  }
  for (const s of states) if (!targets.has(s)) problems.push(`state ${s} is never a target`);
  const leftOut = [
    ...Object.entries(model.states).flatMap(([name, state]) =>
      Object.keys(state.notModelled ?? {}).map((event) => [name, event] as const),
    ),
  ];
  for (const [name, event] of leftOut) {
    if (!model.states[name]) problems.push(`left out in ${name}: the model has no state ${name}`);
    else if (!model.events[event]) problems.push(`left out in ${name}: the model has no event ${event}`);
    else if (model.states[name].on?.[event] !== undefined)
      problems.push(`state ${name} takes ${event}: it cannot also leave it out`);
  }
  // A group may name a state that takes some of its events: the state's own transition counts.
  for (const l of model.leftOut ?? []) {
    for (const name of l.states)
      if (!model.states[name]) problems.push(`left out: the model has no state ${name}`);
    for (const event of l.events)
      if (!model.events[event]) problems.push(`left out: the model has no event ${event}`);
  }
  for (const e of Object.keys(model.events)) if (!used.has(e)) problems.push(`event ${e} is never taken`);

  const nodes = allNodes(machine.root);
  const realEvents = eventTypes(machine);
  const invocations = new Set(nodes.flatMap((n) => n.invoke.map((i) => i.id)));
  const delays = new Set(nodes.flatMap((n) => n.after.map((a) => delayEventOf(machine, a.eventType).delay)));
  const tags = new Set(nodes.flatMap((n) => n.tags));
  const effects = withFakes(machine).effects;
  const sent = new Set<string>();
  const observedTags = new Set<string>();
  for (const [name, event] of Object.entries(model.events)) {
    for (const step of event.steps) {
      if ('send' in step) {
        sent.add(step.send.type);
        if (!realEvents.includes(step.send.type))
          problems.push(`event ${name}: the machine has no ${step.send.type}`);
      } else if ('resolve' in step || 'reject' in step) {
        const id = 'resolve' in step ? step.resolve : step.reject;
        sent.add(`xstate.${'resolve' in step ? 'done' : 'error'}.actor.${id}`);
        if (!invocations.has(id)) problems.push(`event ${name}: the machine invokes no ${id}`);
      } else if ('wait' in step) {
        for (const t of realEvents)
          if (isAfterEvent(t) && delayEventOf(machine, t).delay === step.wait) sent.add(t);
        if (!delays.has(step.wait)) problems.push(`event ${name}: the machine has no delay ${step.wait}`);
      }
    }
    for (const effect of event.effects ?? [])
      if (!effects.has(effect)) problems.push(`event ${name}: ${effect} is not an action the views provide`);
  }
  for (const [name, state] of Object.entries(model.states))
    for (const [event, t] of Object.entries(state.on ?? {}))
      for (const effect of typeof t === 'string' ? [] : t.effects)
        if (!effects.has(effect))
          problems.push(`state ${name}, event ${event}: ${effect} is not an action the views provide`);
  for (const [name, state] of Object.entries(model.states)) {
    for (const tag of state.expect?.tags ?? []) {
      observedTags.add(tag);
      if (!tags.has(tag)) problems.push(`state ${name}: the machine has no tag ${tag}`);
    }
  }
  const outOfScope = model.outOfScope ?? {};
  for (const t of realEvents)
    if (!sent.has(t) && !(t in outOfScope))
      problems.push(`the machine's event ${t} is neither in the model nor out of its scope`);
  for (const t of tags)
    if (!observedTags.has(t) && !(t in outOfScope))
      problems.push(`the machine's tag ${t} is neither observed by the model nor out of its scope`);
  for (const key of Object.keys(outOfScope))
    if (!realEvents.includes(key) && !tags.has(key))
      problems.push(`out of scope: the machine has no event or tag ${key}`);
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Following the model on the real machine, one event at a time

/** The model as an XState machine, for xstate/graph. */
export function modelMachine<M extends AnyStateMachine>(model: ModelDefinition<M>): AnyStateMachine {
  const states = Object.fromEntries(
    Object.entries(model.states).map(([name, s]) => [
      name,
      {
        description: s.description,
        on: Object.fromEntries(
          Object.entries(s.on ?? {}).map(([event, t]) => [event, typeof t === 'string' ? t : t.target]),
        ),
      },
    ]),
  );
  return createMachine({ id: model.id, initial: model.initial, states });
}

/** The model's shortest paths: one ending with each of its transitions, none a prefix of another. */
export function modelPaths<M extends AnyStateMachine>(model: ModelDefinition<M>): ModelPath[] {
  return edgePaths(modelMachine(model));
}

export interface Divergence {
  /** The model's events up to the failing one. */
  path: string[];
  message: string;
}

export interface FollowReport {
  paths: number;
  steps: number;
  /** The model states no path reaches (a model with such a state is wrong). */
  unreached: string[];
  /**
   * The first divergence of every path that diverged, then every event a state refuses that the
   * real machine did not refuse (when `everyEvent` is on).
   */
  divergences: Divergence[];
  /** The every-event check: how the events each state does not take went (absent when off). */
  refusals?: RefusalCount;
}

export interface RefusalCount {
  /** Sent to the real machine, which had to stay where it was. */
  tried: number;
  /** Could not reach the machine there (the page finished, a journey whose later step does not apply). */
  cannotHappen: number;
  /**
   * Not tried: left out by the state (`notModelled`, `leftOut`), a journey tried only where it is
   * taken, an answer or a delay the state does not list (a call's answer cannot be refused).
   */
  notModelled: number;
}

const sorted = (items: Iterable<string>) => [...items].sort();
const same = (a: readonly string[], b: readonly string[]) => JSON.stringify(a) === JSON.stringify(b);

function observe(
  snapshot: AnySnapshot | undefined,
  sim: Simulator | undefined,
  o: Observation<AnyStateMachine> | null,
): string[] {
  if (o === null) return sim ? ['the machine runs before the model starts it'] : [];
  if (!sim || !snapshot) return ['the model expects a running machine: its path never started it'];
  if (snapshot.status === 'error') return [`the machine failed: ${String(sim.error)}`];
  const out: string[] = [];
  const tags = sorted(snapshot.tags);
  if (!same(tags, sorted(o.tags)))
    out.push(`tags ${JSON.stringify(tags)}, the model expects ${JSON.stringify(sorted(o.tags))}`);
  for (const value of o.matches ?? [])
    if (!snapshot.matches(value as never))
      out.push(`state ${JSON.stringify(snapshot.value)} does not match ${JSON.stringify(value)}`);
  const pending = sorted(sim.pendingCalls().map((c) => c.id));
  if (!same(pending, sorted(o.pending ?? [])))
    out.push(
      `calls in flight ${JSON.stringify(pending)}, the model expects ${JSON.stringify(sorted(o.pending ?? []))}`,
    );
  if ((snapshot.status === 'done') !== (o.done === true))
    out.push(o.done ? 'the machine has not finished' : 'the machine has finished');
  return out;
}

/** An error's own fields beyond Error's (a failed save's `kind` and details), as the explorer keeps them. */
function errorFields(error: unknown): Record<string, unknown> | undefined {
  if (!(error instanceof Error)) return undefined;
  const fields = Object.fromEntries(
    Object.entries(error).filter(([key, value]) => key !== 'name' && key !== 'cause' && value !== undefined),
  );
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/** What the model says of one of its events in the state it is in. */
export type ModelVerdict =
  | { kind: 'take'; target: string; effects: readonly string[] }
  | { kind: 'refuse' }
  | { kind: 'skip'; why: string };

export interface WalkOutcome {
  /**
   * `taken`: a transition of the model; `refused`: the real machine got it and the model refuses
   * it; `cannotHappen`: nothing was applied (an answer nobody waits for, a delay not running, a
   * page not open or finished); `notModelled`: the model says nothing about it here.
   */
  outcome: 'taken' | 'refused' | 'cannotHappen' | 'notModelled';
  /** What the real machine did otherwise than the model says. */
  divergence?: string;
}

export interface WalkedEvent {
  event: string;
  /** The model state after it. */
  state: string;
  refused: boolean;
}

/**
 * The model and the real machine side by side, one model event at a time: the model's paths, the
 * every-event check and the random walks all go through it. After each event the real machine
 * must show what the model's state says, have run the effects it says, and keep every invariant;
 * an event the state refuses must leave it where it was.
 */
export class ModelWalker<M extends AnyStateMachine = AnyStateMachine> {
  readonly model: ModelDefinition<AnyStateMachine>;
  readonly machine: AnyStateMachine;
  /** The model state. */
  state: string;
  /** The model events applied so far (taken or refused). */
  readonly history: WalkedEvent[] = [];
  /** The input of the latest start (undefined before it). */
  input: unknown;
  /** The real steps since the latest start, as the flow explorer replays them. */
  steps: Step[] = [];
  private sim: Simulator | undefined;

  constructor(model: ModelDefinition<M>, machine: AnyStateMachine = (model as IndependentModel<M>).real) {
    this.model = model as unknown as ModelDefinition<AnyStateMachine>;
    this.machine = machine;
    this.state = model.initial;
  }

  /** The real machine's snapshot (undefined before the start). */
  get snapshot(): AnySnapshot | undefined {
    return this.sim?.snapshot;
  }

  /** The events the model's current state takes. */
  enabled(): string[] {
    return Object.keys(this.model.states[this.state]?.on ?? {});
  }

  verdict(event: string): ModelVerdict {
    const config = this.model.states[this.state];
    const impl = this.model.events[event];
    if (!config || !impl) return { kind: 'skip', why: `${event} is not an event of the model` };
    const transition = config.on?.[event];
    if (transition !== undefined) {
      return typeof transition === 'string'
        ? { kind: 'take', target: transition, effects: impl.effects ?? [] }
        : { kind: 'take', target: transition.target, effects: transition.effects };
    }
    const left =
      config.notModelled?.[event] ??
      this.model.leftOut?.find((l) => l.events.includes(event) && l.states.includes(this.state))?.reason;
    if (left !== undefined) return { kind: 'skip', why: left };
    const first = impl.steps[0];
    if (first && !('send' in first) && !('start' in first))
      return {
        kind: 'skip',
        why: 'an answer or a delay is no visitor action to refuse: the model follows the outcomes it lists',
      };
    if (impl.onlyWhereTaken !== undefined) return { kind: 'skip', why: impl.onlyWhereTaken };
    if (impl.steps.some((s) => 'start' in s))
      return { kind: 'skip', why: 'opening the page again is a new page, not an event of this one' };
    if (config.expect === null) return { kind: 'skip', why: 'the page is not open' };
    return { kind: 'refuse' };
  }

  /** Whether the real machine can get this step now (a send needs a running machine, an answer its call). */
  applicable(step: RealStep<AnyStateMachine>): boolean {
    if ('start' in step) return true;
    const sim = this.sim;
    if (!sim || sim.snapshot.status !== 'active') return false;
    if ('send' in step) return true;
    if ('wait' in step) return sim.pendingDelays().some((d) => d.delay === step.wait);
    const id = 'resolve' in step ? step.resolve : step.reject;
    return sim.pendingCalls().filter((c) => c.id === id).length === 1;
  }

  /** Whether the event would reach the real machine here (its first step applies). */
  reaches(event: string): boolean {
    const first = this.model.events[event]?.steps[0];
    return first !== undefined && this.applicable(first);
  }

  /** Applies one model event; see WalkOutcome. */
  async take(event: string): Promise<WalkOutcome> {
    const verdict = this.verdict(event);
    if (verdict.kind === 'skip') return { outcome: 'notModelled' };
    const impl = this.model.events[event] as ModelEventConfig<AnyStateMachine>;
    const refused = verdict.kind === 'refuse';
    if (refused && !this.reaches(event)) return { outcome: 'cannotHappen' };
    const from = this.state;
    const target = verdict.kind === 'take' ? verdict.target : from;
    const outcome = refused ? 'refused' : 'taken';
    const before = this.sim?.snapshot;
    const started = this.sim;
    const seen = this.sim ? this.sim.log.effects.length : 0;
    const unchecked = refused || target === from;
    try {
      for (const [index, step] of impl.steps.entries()) {
        if (refused && index > 0 && !this.applicable(step)) {
          // Part of a journey reached the machine: start again without it.
          await this.replayHistory();
          return { outcome: 'cannotHappen' };
        }
        await this.apply(step, unchecked);
      }
    } catch (error) {
      this.history.push({ event, state: target, refused });
      return { outcome, divergence: error instanceof Error ? error.message : String(error) };
    }
    this.history.push({ event, state: target, refused });
    this.state = target;

    const sim = this.sim;
    const effects = sim ? sim.log.effects.slice(sim === started ? seen : 0).map((e) => e.action) : [];
    const expected = refused ? [] : [...verdict.effects];
    if (!same(effects, expected)) {
      const message = `effects ${JSON.stringify(effects)}, the model expects ${JSON.stringify(expected)}`;
      return { outcome, divergence: refused ? `${event} is refused in ${from}: ${message}` : message };
    }
    const problems = observe(sim?.snapshot, sim, this.model.states[target]?.expect ?? null);
    if (refused && before && sim?.snapshot && problems.length === 0) {
      const [was, is] = [JSON.stringify(before.value), JSON.stringify(sim.snapshot.value)];
      if (was !== is) problems.push(`the machine moved from ${was} to ${is}`);
    }
    problems.push(...this.brokenRules(before, impl.steps));
    if (problems.length === 0) return { outcome };
    return {
      outcome,
      divergence: refused
        ? `${event} is refused in ${from}: ${problems.join('; ')}`
        : `in ${target}: ${problems.join('; ')}`,
    };
  }

  /** The invariants the real machine breaks now, each as «rule» (id): why. */
  brokenRules(before: AnySnapshot | undefined, steps: readonly RealStep<AnyStateMachine>[]): string[] {
    const sim = this.sim;
    if (!sim || sim.snapshot.status === 'error') return [];
    const out: string[] = [];
    for (const invariant of this.model.invariants ?? []) {
      const step = { snapshot: sim.snapshot, before, steps, calls: sim.log.calls } as never;
      const verdict = invariant.check(step);
      if (verdict !== true)
        out.push(`la regla «${invariant.rule}» (${invariant.id}) no se cumple: ${verdict}`);
    }
    return out;
  }

  stop(): void {
    this.sim?.stop();
  }

  private async apply(step: RealStep<AnyStateMachine>, unchecked: boolean): Promise<void> {
    if ('start' in step) {
      this.sim?.stop();
      this.sim = new Simulator(this.machine, step.start);
      this.input = step.start;
      this.steps = [];
      return;
    }
    const sim = this.sim;
    if (!sim) throw new StepError('the machine has not started');
    if ('send' in step) {
      this.steps.push(
        unchecked ? { kind: 'event', event: step.send, unchecked } : { kind: 'event', event: step.send },
      );
      sim.send(step.send);
    } else if ('resolve' in step) {
      this.steps.push({
        kind: 'done',
        id: step.resolve,
        ...(step.output === undefined ? {} : { output: step.output }),
      });
      await sim.settle(step.resolve, { output: step.output });
    } else if ('reject' in step) {
      const error = step.error ?? new Error('falla simulada');
      const fields = errorFields(error);
      const message = error instanceof Error ? error.message : String(error);
      this.steps.push({ kind: 'error', id: step.reject, message, ...(fields ? { fields } : {}) });
      await sim.settle(step.reject, { error });
    } else {
      const delay = sim.pendingDelays().find((d) => d.delay === step.wait);
      if (!delay) throw new StepError(`no delay ${step.wait} is pending`);
      this.steps.push({ kind: 'delay', type: delay.type });
      sim.fireDelay(delay.type);
    }
  }

  /** The real machine again from the start, through the events applied so far. */
  private async replayHistory(): Promise<void> {
    this.sim?.stop();
    this.sim = undefined;
    this.steps = [];
    this.state = this.model.initial;
    for (const { event, state } of this.history) {
      const transition = this.model.states[this.state]?.on?.[event];
      const target =
        transition === undefined
          ? this.state
          : typeof transition === 'string'
            ? transition
            : transition.target;
      const unchecked = transition === undefined || target === this.state;
      for (const step of this.model.events[event]?.steps ?? []) await this.apply(step, unchecked);
      this.state = state;
    }
  }
}

async function followPath(
  model: ModelDefinition<AnyStateMachine>,
  machine: AnyStateMachine,
  path: ModelPath,
): Promise<Divergence | undefined> {
  const walker = new ModelWalker(model, machine);
  const events = () => walker.history.map((h) => h.event);
  try {
    for (const [index, { event, state }] of path.steps.entries()) {
      const name = String(state.value);
      const config = model.states[name];
      if (!config) return { path: events(), message: `the model has no state ${name}` };
      if (index === 0) {
        const problems = observe(undefined, undefined, config.expect);
        if (problems.length > 0) return { path: [], message: `in ${name}: ${problems.join('; ')}` };
        continue;
      }
      if (!model.events[event.type])
        return { path: [...events(), event.type], message: `${event.type} has no real steps` };
      const { divergence } = await walker.take(event.type);
      if (divergence) return { path: events(), message: divergence };
    }
    return undefined;
  } catch (error) {
    return { path: events(), message: error instanceof Error ? error.message : String(error) };
  } finally {
    walker.stop();
  }
}

/** A walker through these model events, which the real machine follows (throws where it does not). */
async function walkerAt(
  model: ModelDefinition<AnyStateMachine>,
  machine: AnyStateMachine,
  events: readonly string[],
): Promise<ModelWalker | undefined> {
  const walker = new ModelWalker(model, machine);
  for (const event of events) {
    const { divergence } = await walker.take(event);
    if (divergence) {
      walker.stop();
      return undefined;
    }
  }
  return walker;
}

/**
 * Every event of the model that a state neither takes nor leaves out, sent in that state (reached
 * by its shortest path): the real machine must refuse it, staying where it was.
 */
async function tryEveryEvent(
  model: ModelDefinition<AnyStateMachine>,
  machine: AnyStateMachine,
  paths: readonly ModelPath[],
  count: RefusalCount,
): Promise<Divergence[]> {
  const prefixes = new Map<string, string[]>();
  for (const path of paths) {
    for (const [index, step] of path.steps.entries()) {
      const name = String(step.state.value);
      const events = path.steps.slice(1, index + 1).map((s) => s.event.type);
      const known = prefixes.get(name);
      if (!known || events.length < known.length) prefixes.set(name, events);
    }
  }
  const divergences: Divergence[] = [];
  for (const prefix of prefixes.values()) {
    let probe = await walkerAt(model, machine, prefix);
    if (!probe) continue; // that path's own divergence is reported already
    for (const event of Object.keys(model.events)) {
      probe ??= await walkerAt(model, machine, prefix);
      if (!probe) break;
      const verdict = probe.verdict(event);
      if (verdict.kind === 'take') continue;
      if (verdict.kind === 'skip') {
        count.notModelled++;
        continue;
      }
      if (!probe.reaches(event)) {
        count.cannotHappen++;
        continue;
      }
      const { outcome, divergence } = await probe.take(event);
      if (outcome === 'cannotHappen') count.cannotHappen++;
      else count.tried++;
      if (divergence) divergences.push({ path: [...prefix, event], message: divergence });
      probe.stop();
      probe = undefined;
    }
    probe?.stop();
  }
  return divergences;
}

export interface FollowOptions {
  /** The machine to follow the model (the model's own machine unless a variant is given). */
  machine?: AnyStateMachine;
  /** Also send every event each state refuses (default on). */
  everyEvent?: boolean;
}

/**
 * Replays the model's paths on `machine` and reports where the machine does not do what the
 * model says; then, in every model state, every event the state refuses.
 */
export async function followModel<M extends AnyStateMachine>(
  model: IndependentModel<M>,
  options: FollowOptions = {},
): Promise<FollowReport> {
  const machine = options.machine ?? model.real;
  const definition = model as unknown as ModelDefinition<AnyStateMachine>;
  const paths = modelPaths(definition);
  const divergences: Divergence[] = [];
  const reached = new Set<string>();
  let steps = 0;
  for (const path of paths) {
    steps += path.steps.length - 1;
    for (const step of path.steps) reached.add(String(step.state.value));
    const divergence = await followPath(definition, machine, path);
    if (divergence) divergences.push(divergence);
  }
  const unreached = Object.keys(definition.states).filter((s) => !reached.has(s));
  if (options.everyEvent === false) return { paths: paths.length, steps, unreached, divergences };
  const refusals: RefusalCount = { tried: 0, cannotHappen: 0, notModelled: 0 };
  divergences.push(...(await tryEveryEvent(definition, machine, paths, refusals)));
  return { paths: paths.length, steps, unreached, divergences, refusals };
}

// ---------------------------------------------------------------------------------------------
// A walk as a link of the flow explorer

export interface ExplorerLink {
  /** What the explorer reads after its address: `#/<slug>?caso=<n>&pasos=<steps>`. */
  hash: string;
  /** False when the explorer replays the steps on other data than the walk's (then `note` says how). */
  exact: boolean;
  note?: string;
}

function startOf(machine: AnyStateMachine, input: unknown) {
  const sim = new Simulator(machine, input);
  const start = {
    context: (sim.snapshot.context ?? {}) as Record<string, unknown>,
    delays: sim.pendingDelays().length,
  };
  sim.stop();
  return start;
}

/**
 * The explorer's link that replays a walk's real steps (ModelWalker.steps) on the flow's chart: the
 * model case (`caso`) whose input starts the machine closest to the walk's, and, when they differ,
 * a first step that gives the context the walk's fields (`contexto:`).
 */
export function explorerLink(options: {
  slug: string;
  machine: AnyStateMachine;
  /** The inputs of the flow's model cases, in order (the explorer's `caso`). */
  runs: readonly unknown[];
  input: unknown;
  steps: readonly Step[];
}): ExplorerLink {
  const { slug, machine, runs, input } = options;
  const wanted = startOf(machine, input);
  const differences = (run: unknown) => {
    const context = startOf(machine, run).context;
    return Object.keys(wanted.context).filter(
      (key) => JSON.stringify(context[key]) !== JSON.stringify(wanted.context[key]),
    );
  };
  let run = 0;
  let fields = runs.length > 0 ? differences(runs[0]) : Object.keys(wanted.context);
  for (const [index, candidate] of runs.entries()) {
    const d = differences(candidate);
    if (d.length < fields.length) [run, fields] = [index, d];
  }
  const notes: string[] = [];
  const steps: Step[] = [];
  if (fields.length > 0) {
    // The explorer changes the context only while no delay is pending (it would lose it).
    if (wanted.delays > 0) notes.push(`the case's data differs in ${fields.join(', ')}`);
    else
      steps.push({ kind: 'context', context: Object.fromEntries(fields.map((f) => [f, wanted.context[f]])) });
  }
  steps.push(...options.steps);
  if (options.steps.some((s) => s.kind === 'error' && s.fields))
    notes.push("a failed call's fields (kind, refused…) are not in the link: it fails with its message only");
  const hash = formatLink(slug, machine.id, { run, steps });
  return notes.length > 0 ? { hash, exact: false, note: notes.join('; ') } : { hash, exact: true };
}
