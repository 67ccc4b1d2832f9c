/**
 * Model-based path testing with xstate/graph for machines that invoke actors and use delays.
 *
 * createTestModel() refuses machines with `invoke` or `after` ("Invocations on test machines are
 * not supported"), so toModelMachine() derives the model: the same config and implementations,
 * with each invocation's onDone/onError and each delayed transition turned into an ordinary
 * transition on the very event type the real machine receives (xstate.done.actor.<id>,
 * xstate.error.actor.<id>, xstate.after.<delay>.<state id>). The paths of that model are then
 * replayed against the real machine, with its real guards and timers (SimulatedClock) and its
 * actors faked: a done/error step settles the pending fake call, an after step advances the clock
 * by the delay's value, any other step is sent as is. After every step the real snapshot must
 * equal the model's (state value, context, status), and the flow's own assertions run.
 */
import { expect } from 'vitest';
import {
  SimulatedClock,
  createActor,
  createMachine,
  fromPromise,
  type Actor,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import { createTestModel, getAdjacencyMap, type StatePath } from 'xstate/graph';

export type ModelSnapshot = ReturnType<Actor<AnyStateMachine>['getSnapshot']>;
type Snapshot = ModelSnapshot;
type Config = Record<string, unknown>;

export interface ActorCall {
  src: string;
  input: unknown;
  /** Resolved, rejected or stopped (its state was left). */
  settled: boolean;
  stopped: boolean;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

export interface EffectCall {
  action: string;
  params: unknown;
}

export interface StepContext {
  /** The model's snapshot after the step. */
  model: Snapshot;
  /** The real machine's snapshot after the step. */
  real: Snapshot;
  /** The real machine's snapshot before the step (undefined for the first). */
  before: Snapshot | undefined;
  /** The step's event, as the model took it. */
  event: EventObject;
  /** Every fake actor call so far on this path. */
  calls: readonly ActorCall[];
  /** Every call of an action provided by the view, so far on this path. */
  effects: readonly EffectCall[];
}

export interface ModelSpec {
  name: string;
  machine: AnyStateMachine;
  input?: unknown;
  /** Candidate events (with payloads) in a state, for the shortest paths. */
  events: (snapshot: Snapshot) => EventObject[];
  /** A narrower event set for the simple paths, when the full one makes too many. */
  simpleEvents?: (snapshot: Snapshot) => EventObject[];
  /**
   * Bound for large graphs: only the simple paths of at most this many steps (all of them). Without
   * it, xstate/graph's getSimplePaths gives every simple path.
   */
  maxSimpleSteps?: number;
  /** The simple paths are refused beyond this count (narrow simpleEvents or lower the bound). */
  maxSimplePaths?: number;
  /** The flow's own assertions after every step. */
  check?: (step: StepContext) => void;
}

// ---------------------------------------------------------------------------------------------
// Cheap assertions for the per-step checks (thousands of steps): expect() only on failure.

/** Fails with `message` unless `condition` holds. */
export function ok(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

/** Deep equality through JSON (plain data only); prints expect()'s diff when different. */
export function same(actual: unknown, expected: unknown, message: string): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) expect(actual, message).toEqual(expected);
}

// ---------------------------------------------------------------------------------------------
// The model machine

function isRecord(value: unknown): value is Config {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function transformState(config: Config, node: AnyStateNode, invokeSrc: Map<string, string>): Config {
  const out: Config = { ...config };
  const on: Config = isRecord(config.on) ? { ...config.on } : {};
  if (config.invoke !== undefined) {
    const invokes = Array.isArray(config.invoke) ? config.invoke : [config.invoke];
    for (const inv of invokes) {
      if (!isRecord(inv) || typeof inv.id !== 'string' || typeof inv.src !== 'string') {
        throw new Error(`${node.id}: every invoke needs a string id and src for the model`);
      }
      invokeSrc.set(inv.id, inv.src);
      if (inv.onDone !== undefined) on[`xstate.done.actor.${inv.id}`] = inv.onDone;
      if (inv.onError !== undefined) on[`xstate.error.actor.${inv.id}`] = inv.onError;
    }
    delete out.invoke;
  }
  if (isRecord(config.after)) {
    for (const [delay, transition] of Object.entries(config.after)) {
      on[`xstate.after.${delay}.${node.id}`] = transition;
    }
    delete out.after;
  }
  if (Object.keys(on).length > 0) out.on = on;
  if (isRecord(config.states)) {
    const states: Config = {};
    for (const [key, child] of Object.entries(config.states)) {
      const childNode = node.states[key];
      if (!isRecord(child) || !childNode) throw new Error(`${node.id}.${key}: unexpected config`);
      states[key] = transformState(child, childNode, invokeSrc);
    }
    out.states = states;
  }
  return out;
}

export interface ModelMachine {
  model: AnyStateMachine;
  /** Invoke id -> actor src. */
  invokeSrc: Map<string, string>;
}

export function toModelMachine(machine: AnyStateMachine): ModelMachine {
  const invokeSrc = new Map<string, string>();
  const config = transformState(machine.config as Config, machine.root, invokeSrc);
  const model = createMachine(config as never).provide(
    machine.implementations as never,
  ) as unknown as AnyStateMachine;
  return { model, invokeSrc };
}

// ---------------------------------------------------------------------------------------------
// Coverage

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child))];
}

interface TransitionLike {
  source: AnyStateNode;
  eventType: string;
}

function transitionKey(t: TransitionLike): string {
  const always = t.source.always ?? [];
  const alwaysIndex = always.indexOf(t as never);
  if (alwaysIndex >= 0) return `${t.source.id} always#${alwaysIndex}`;
  const index = (t.source.transitions.get(t.eventType) ?? []).indexOf(t as never);
  if (index < 0) throw new Error(`transition ${t.eventType} of ${t.source.id} not found in its state node`);
  return `${t.source.id} ${t.eventType}#${index}`;
}

/** Every state id and transition key of a machine. */
export function machineGraph(machine: AnyStateMachine): { states: string[]; transitions: string[] } {
  const nodes = allNodes(machine.root);
  const transitions: string[] = [];
  for (const node of nodes) {
    for (const defs of node.transitions.values()) for (const t of defs) transitions.push(transitionKey(t));
    for (const t of node.always ?? []) transitions.push(transitionKey(t));
  }
  return { states: nodes.map((n) => n.id), transitions };
}

export class Coverage {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();

  /** Records a microstep of the root actor (children, the fake actors, are ignored). */
  record(event: InspectionEvent): void {
    if (event.type !== '@xstate.microstep' || event.actorRef.sessionId !== event.rootId) return;
    const step = event as InspectionEvent & { _transitions: TransitionLike[]; snapshot: Snapshot };
    for (const t of step._transitions) {
      this.transitions.add(transitionKey(t));
      // A transient state is reached when a transition leaves it.
      this.states.add(t.source.id);
    }
    this.recordSnapshot(step.snapshot);
  }

  recordSnapshot(snapshot: Snapshot): void {
    for (const node of snapshot._nodes) this.states.add(node.id);
  }

  missing(machine: AnyStateMachine): { states: string[]; transitions: string[] } {
    const graph = machineGraph(machine);
    return {
      states: graph.states.filter((s) => !this.states.has(s)),
      transitions: graph.transitions.filter((t) => !this.transitions.has(t)),
    };
  }
}

// ---------------------------------------------------------------------------------------------
// Running paths

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function isBuiltinAction(impl: unknown): boolean {
  return typeof impl !== 'function' || 'resolve' in impl;
}

/** Where the fakes of the current path record. */
interface PathLog {
  calls: ActorCall[];
  effects: EffectCall[];
}

/** The view-provided (empty) actions of a machine, replaced by recorders. */
function recordingActions(machine: AnyStateMachine, log: PathLog): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, impl] of Object.entries(machine.implementations.actions ?? {})) {
    if (isBuiltinAction(impl)) continue;
    out[name] = (_: unknown, params: unknown) => {
      log.effects.push({ action: name, params: params === undefined ? undefined : structuredClone(params) });
    };
  }
  return out;
}

function fakeActors(machine: AnyStateMachine, log: PathLog): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const src of Object.keys(machine.implementations.actors ?? {})) {
    out[src] = fromPromise(
      ({ input, signal }) =>
        new Promise((resolve, reject) => {
          const call: ActorCall = {
            src,
            input: structuredClone(input),
            settled: false,
            stopped: false,
            resolve: (value) => {
              call.settled = true;
              resolve(value);
            },
            reject: (reason) => {
              call.settled = true;
              reject(reason);
            },
          };
          signal.addEventListener('abort', () => {
            call.settled = true;
            call.stopped = true;
          });
          log.calls.push(call);
        }),
    );
  }
  return out;
}

function delayMs(machine: AnyStateMachine, name: string, snapshot: Snapshot): number {
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>;
  const impl = delays[name];
  if (typeof impl === 'number') return impl;
  if (typeof impl === 'function') {
    return (impl as (args: { context: unknown; event: EventObject }) => number)({
      context: snapshot.context,
      event: { type: 'xstate.model.delay' },
    });
  }
  const numeric = Number(name);
  if (Number.isFinite(numeric)) return numeric;
  throw new Error(`unknown delay ${name}`);
}

interface Runner {
  run: (path: { test: (params: never) => Promise<unknown> }) => Promise<void>;
}

function runner(spec: ModelSpec, modelMachine: ModelMachine, coverage: Coverage): Runner {
  const { machine } = spec;
  const eventTypes = new Set<string>(['xstate.init']);
  for (const node of allNodes(modelMachine.model.root))
    for (const type of node.transitions.keys()) eventTypes.add(type);

  const log: PathLog = { calls: [], effects: [] };
  const provided = machine.provide({
    actors: fakeActors(machine, log),
    actions: recordingActions(machine, log),
  } as never);

  return {
    async run(path) {
      const calls: ActorCall[] = [];
      const effects: EffectCall[] = [];
      log.calls = calls;
      log.effects = effects;
      const clock = new SimulatedClock();
      /** The done/error event the real machine has yet to receive. */
      let awaiting: string | undefined;
      let actor: Actor<AnyStateMachine> | undefined;
      const real = () => {
        if (!actor) throw new Error('the path has not started');
        return actor;
      };

      let before: Snapshot | undefined;
      const exec = async (step: { event: EventObject }) => {
        const event = step.event;
        before = actor?.getSnapshot();
        if (event.type === 'xstate.init') {
          const root: Actor<AnyStateMachine> = createActor(provided, {
            input: spec.input,
            clock,
            inspect: (e) => {
              if (
                e.type === '@xstate.event' &&
                e.actorRef.sessionId === e.rootId &&
                e.event.type === awaiting
              ) {
                awaiting = undefined;
              }
              coverage.record(e);
            },
          });
          actor = root;
          coverage.recordSnapshot(root.getSnapshot());
          root.start();
        } else if (
          event.type.startsWith('xstate.done.actor.') ||
          event.type.startsWith('xstate.error.actor.')
        ) {
          const done = event.type.startsWith('xstate.done.actor.');
          const id = event.type.slice(done ? 'xstate.done.actor.'.length : 'xstate.error.actor.'.length);
          const src = modelMachine.invokeSrc.get(id) ?? id;
          const pending = calls.filter((c) => c.src === src && !c.settled);
          ok(pending.length === 1, `${event.type}: ${pending.length} ${src} calls pending instead of one`);
          const call = pending[0];
          if (!call) return;
          awaiting = event.type;
          if (done) call.resolve((event as EventObject & { output?: unknown }).output);
          else call.reject((event as EventObject & { error?: unknown }).error);
        } else if (event.type.startsWith('xstate.after.')) {
          const rest = event.type.slice('xstate.after.'.length);
          // xstate.after.<delay>.<state id>: the longest state id that ends the type.
          const stateId = allNodes(machine.root)
            .map((n) => n.id)
            .filter((id) => rest.endsWith(`.${id}`))
            .sort((a, b) => b.length - a.length)[0];
          const delay = stateId ? rest.slice(0, -(stateId.length + 1)) : rest;
          clock.increment(delayMs(machine, delay, real().getSnapshot()));
        } else {
          real().send(event);
        }
        // Sends and clock steps are processed synchronously; a settled fake reaches the machine a
        // few microtasks later (a macrotask per step would make the big models slow).
        for (let i = 0; i < 100 && awaiting !== undefined; i++) await Promise.resolve();
        if (awaiting !== undefined) await flush();
        if (awaiting !== undefined) throw new Error(`${awaiting} never reached the real machine`);
      };

      const events: Record<string, (step: { event: EventObject }) => Promise<void>> = {};
      for (const type of eventTypes) events[type] = exec;

      const check = (model: Snapshot, event: EventObject) => {
        const snapshot = real().getSnapshot();
        // Cheap comparison first (both snapshots are built by the same code, in the same key order);
        // expect() only to print the difference.
        if (
          JSON.stringify(snapshot.value) !== JSON.stringify(model.value) ||
          JSON.stringify(snapshot.context) !== JSON.stringify(model.context) ||
          snapshot.status !== model.status
        ) {
          expect(snapshot.value, 'state value of the real machine').toEqual(model.value);
          expect(JSON.parse(JSON.stringify(snapshot.context)), 'context of the real machine').toEqual(
            JSON.parse(JSON.stringify(model.context)),
          );
          expect(snapshot.status, 'status of the real machine').toBe(model.status);
        }
        spec.check?.({ model, real: snapshot, before, event, calls, effects });
      };

      let lastEvent: EventObject = { type: 'xstate.init' };
      await path.test({
        events: Object.fromEntries(
          Object.entries(events).map(([type, fn]) => [
            type,
            async (step: { event: EventObject }) => {
              lastEvent = step.event;
              await fn(step);
            },
          ]),
        ),
        states: { '*': (model: Snapshot) => check(model, lastEvent) },
      } as never);
      actor?.stop();
    },
  };
}

type AnyPath = StatePath<Snapshot, EventObject>;

/**
 * Every simple path (no state twice) of at most `maxSteps` steps, in the shape getSimplePaths
 * returns (first step: the initial state on xstate.init). Depth-first over xstate/graph's
 * adjacency map, so the work is proportional to the paths produced.
 */
function boundedSimplePaths(maxSteps: number, maxPaths: number, name: string) {
  return (logic: AnyStateMachine, options: object): AnyPath[] => {
    const resolved = options as { serializeState: (s: Snapshot, e?: EventObject, p?: Snapshot) => string };
    const adjacency = getAdjacencyMap(logic as never, options as never) as unknown as Record<
      string,
      { state: Snapshot; transitions: Record<string, { event: EventObject; state: Snapshot }> }
    >;
    const [startKey] = Object.keys(adjacency);
    const start = startKey === undefined ? undefined : adjacency[startKey];
    if (startKey === undefined || !start) return [];
    const paths: AnyPath[] = [];
    const onPath = new Set<string>([startKey]);
    const steps: { state: Snapshot; event: EventObject }[] = [
      { state: start.state, event: { type: 'xstate.init' } },
    ];
    const visit = (key: string) => {
      const vertex = adjacency[key];
      if (!vertex) return;
      let extended = false;
      if (steps.length <= maxSteps) {
        for (const { event, state } of Object.values(vertex.transitions)) {
          const next = resolved.serializeState(state, event, vertex.state);
          if (onPath.has(next) || !adjacency[next]) continue;
          extended = true;
          onPath.add(next);
          steps.push({ state, event });
          visit(next);
          steps.pop();
          onPath.delete(next);
        }
      }
      if (!extended) {
        paths.push({ state: vertex.state, steps: [...steps], weight: steps.length });
        if (paths.length > maxPaths) {
          throw new Error(
            `${name}: more than ${maxPaths} simple paths; narrow simpleEvents or lower maxSimpleSteps`,
          );
        }
      }
    };
    visit(startKey);
    return paths;
  };
}

/**
 * Drops every path whose events are a prefix of a longer path's (what getPaths does by default,
 * in O(paths x length) instead of O(paths^2 x length)).
 */
function withoutPrefixPaths<P extends { steps: { event: EventObject }[] }>(paths: P[]): P[] {
  const keyed = paths
    .map((path) => ({ path, events: path.steps.map((step) => JSON.stringify(step.event)) }))
    .sort((a, b) => b.events.length - a.events.length);
  const prefixes = new Set<string>();
  const kept: P[] = [];
  for (const { path, events } of keyed) {
    if (prefixes.has(events.join('\n'))) continue;
    kept.push(path);
    for (let i = 1; i <= events.length; i++) prefixes.add(events.slice(0, i).join('\n'));
  }
  return kept;
}

export interface ModelRunResult {
  shortest: number;
  simple: number;
  coverage: Coverage;
}

/**
 * createTestModel adds a bare `{ type }` for every event a state handles that the list leaves out;
 * the models here take exactly the events their lists give, plus every delay.
 */
function onlyListed(list: (snapshot: Snapshot) => EventObject[]) {
  return (snapshot: Snapshot, event: EventObject): boolean => {
    // Delays need no payload: every `after` of the current states is always offered.
    if (event.type.startsWith('xstate.after.')) return true;
    const serialized = JSON.stringify(event);
    return list(snapshot).some((e) => JSON.stringify(e) === serialized);
  };
}

/** Every shortest path, then the simple paths, replayed against the real machine. */
export async function runModel(spec: ModelSpec, coverage = new Coverage()): Promise<ModelRunResult> {
  const modelMachine = toModelMachine(spec.machine);
  const run = runner(spec, modelMachine, coverage);
  const base = { input: spec.input } as const;

  // Shortest paths: one to every state as entered by each event from each state value (a vertex
  // is the state, the event and the previous value, even when the event changed nothing), so
  // every edge of the model, self-loops included, ends some path.
  const shortestModel = createTestModel(modelMachine.model, {
    ...base,
    events: spec.events,
    filterEvents: onlyListed(spec.events),
    serializeTransition: (_: Snapshot, event: EventObject | undefined, previous: Snapshot | undefined) =>
      event ? ` via ${JSON.stringify(event)} from ${JSON.stringify(previous?.value)}` : '',
  } as never);
  const debug = process.env.MODEL_DEBUG
    ? (msg: string) => console.info(`[model:${spec.name}] ${msg}`)
    : () => {};
  let t = performance.now();
  const shortest = withoutPrefixPaths(shortestModel.getShortestPaths({ allowDuplicatePaths: true }));
  debug(`${shortest.length} shortest paths in ${Math.round(performance.now() - t)} ms`);
  t = performance.now();
  for (const path of shortest) await run.run(path as never);
  debug(`ran them in ${Math.round(performance.now() - t)} ms`);

  // Simple paths: every path that visits no state (value and context) twice. Vertices are
  // states here, not "state reached by this transition" as for the shortest paths above.
  const simpleModel = createTestModel(modelMachine.model, {
    ...base,
    events: spec.simpleEvents ?? spec.events,
    filterEvents: onlyListed(spec.simpleEvents ?? spec.events),
    serializeTransition: () => '',
  } as never);
  t = performance.now();
  const max = spec.maxSimplePaths ?? 2000;
  const simple = withoutPrefixPaths(
    spec.maxSimpleSteps === undefined
      ? simpleModel.getSimplePaths({ allowDuplicatePaths: true })
      : simpleModel.getPaths(boundedSimplePaths(spec.maxSimpleSteps, max, spec.name) as never, {
          allowDuplicatePaths: true,
        }),
  );
  debug(`${simple.length} simple paths in ${Math.round(performance.now() - t)} ms`);
  if (simple.length > max) {
    throw new Error(`${spec.name}: ${simple.length} simple paths (more than ${max}); narrow simpleEvents`);
  }
  t = performance.now();
  for (const path of simple) await run.run(path as never);
  debug(`ran them in ${Math.round(performance.now() - t)} ms`);

  return { shortest: shortest.length, simple: simple.length, coverage };
}

/** Fails listing every state and transition that no path reached. */
export function expectFullCoverage(machine: AnyStateMachine, coverage: Coverage): void {
  const missing = coverage.missing(machine);
  expect(missing.states, 'states no path reached').toEqual([]);
  expect(missing.transitions, 'transitions no path took').toEqual([]);
}

export function report(name: string, results: readonly ModelRunResult[], machine: AnyStateMachine): void {
  const graph = machineGraph(machine);
  const shortest = results.reduce((n, r) => n + r.shortest, 0);
  const simple = results.reduce((n, r) => n + r.simple, 0);
  console.info(
    `[model] ${name}: ${shortest} shortest + ${simple} simple = ${shortest + simple} paths run; ${graph.states.length} states, ${graph.transitions.length} transitions`,
  );
}
