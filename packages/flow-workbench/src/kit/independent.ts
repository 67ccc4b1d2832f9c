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
import { withFakes } from './fakes';
import { allNodes, delayEventOf, eventTypes, type AnySnapshot } from './graph';
import { edgePaths, type ModelPath } from './paths';
import { Simulator, StepError } from './simulator';
import { isAfterEvent } from './conventions';

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
}

export interface ModelEventConfig<M extends AnyStateMachine> {
  description?: string;
  steps: readonly RealStep<M>[];
  /**
   * The view-provided actions these steps run, in order, exactly (none when absent); a transition
   * that runs others says so itself.
   */
  effects?: readonly ActionOf<M>[];
}

export interface ModelDefinition<M extends AnyStateMachine> {
  id: string;
  description?: string;
  initial: string;
  states: Record<string, ModelStateConfig<M>>;
  events: Record<string, ModelEventConfig<M>>;
  /** Events and tags of the real machine this model does not exercise, each with the reason. */
  outOfScope?: Record<string, string>;
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
// Following the model's paths on the real machine

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
  /** The first divergence of every path that diverged. */
  divergences: Divergence[];
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

async function apply(sim: Simulator | undefined, step: RealStep<AnyStateMachine>, machine: AnyStateMachine) {
  if ('start' in step) {
    sim?.stop();
    return new Simulator(machine, step.start);
  }
  if (!sim) throw new StepError('the machine has not started');
  if ('send' in step) sim.send(step.send);
  else if ('resolve' in step) await sim.settle(step.resolve, { output: step.output });
  else if ('reject' in step)
    await sim.settle(step.reject, { error: step.error ?? new Error('falla simulada') });
  else {
    const delay = sim.pendingDelays().find((d) => d.delay === step.wait);
    if (!delay) throw new StepError(`no delay ${step.wait} is pending`);
    sim.fireDelay(delay.type);
  }
  return sim;
}

async function followPath(
  model: ModelDefinition<AnyStateMachine>,
  machine: AnyStateMachine,
  path: ModelPath,
): Promise<Divergence | undefined> {
  let sim: Simulator | undefined;
  const taken: string[] = [];
  let from: ModelStateConfig<AnyStateMachine> | undefined;
  try {
    for (const [index, { event, state }] of path.steps.entries()) {
      const name = String(state.value);
      const config = model.states[name];
      if (!config) return { path: taken, message: `the model has no state ${name}` };
      if (index > 0) {
        taken.push(event.type);
        const impl = model.events[event.type];
        if (!impl) return { path: taken, message: `${event.type} has no real steps` };
        const seen = sim ? sim.log.effects.length : 0;
        const started = sim;
        for (const step of impl.steps) sim = await apply(sim, step, machine);
        const effects = sim ? sim.log.effects.slice(sim === started ? seen : 0).map((e) => e.action) : [];
        const transition = from?.on?.[event.type];
        const expected = [...(typeof transition === 'object' ? transition.effects : (impl.effects ?? []))];
        if (!same(effects, expected))
          return {
            path: taken,
            message: `effects ${JSON.stringify(effects)}, the model expects ${JSON.stringify(expected)}`,
          };
      }
      const problems = observe(sim?.snapshot, sim, config.expect);
      if (problems.length > 0) return { path: taken, message: `in ${name}: ${problems.join('; ')}` };
      from = config;
    }
    return undefined;
  } catch (error) {
    return { path: taken, message: error instanceof Error ? error.message : String(error) };
  } finally {
    sim?.stop();
  }
}

/**
 * Replays the model's paths on `machine` (the model's own machine unless a variant is given) and
 * reports where the machine does not do what the model says.
 */
export async function followModel<M extends AnyStateMachine>(
  model: IndependentModel<M>,
  options: { machine?: AnyStateMachine } = {},
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
  return { paths: paths.length, steps, unreached, divergences };
}
