/**
 * Model-based path testing with xstate/graph for machines that invoke actors and use delays.
 *
 * The model and its paths come from src/machines/model/ (toModelMachine derives a model where
 * each invocation's onDone/onError and each delayed transition is an ordinary transition on the
 * very event type the real machine receives; shortestPaths and simplePaths generate the paths;
 * the flow explorer shows the same ones). Here every path is replayed against the real machine,
 * with its real guards and timers (SimulatedClock) and its actors faked: a done/error step
 * settles the pending fake call, an after step advances the clock by the delay's value, any
 * other step is sent as is. After every step the real snapshot must equal the model's (state
 * value, context, status), and the flow's own assertions run.
 */
import { expect } from 'vitest';
import {
  SimulatedClock,
  createActor,
  fromPromise,
  type Actor,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import {
  Coverage,
  allNodes,
  machineGraph,
  shortestPaths,
  simplePaths,
  toModelMachine,
  type AnySnapshot,
  type ModelMachine,
  type ModelRun,
} from '../../../src/machines/model';

export { Coverage } from '../../../src/machines/model';
export type ModelSnapshot = AnySnapshot;
type Snapshot = ModelSnapshot;

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

export interface ModelSpec extends Omit<ModelRun, 'label'> {
  name: string;
  machine: AnyStateMachine;
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

export interface ModelRunResult {
  shortest: number;
  simple: number;
  coverage: Coverage;
}

/** Every shortest path, then the simple paths, replayed against the real machine. */
export async function runModel(spec: ModelSpec, coverage = new Coverage()): Promise<ModelRunResult> {
  const run = runner(spec, toModelMachine(spec.machine), coverage);
  const modelRun: ModelRun = { ...spec, label: spec.name };
  const debug = process.env.MODEL_DEBUG
    ? (msg: string) => console.info(`[model:${spec.name}] ${msg}`)
    : () => {};
  let t = performance.now();
  const shortest = shortestPaths(spec.machine, modelRun);
  debug(`${shortest.length} shortest paths in ${Math.round(performance.now() - t)} ms`);
  t = performance.now();
  for (const path of shortest) await run.run(path as never);
  debug(`ran them in ${Math.round(performance.now() - t)} ms`);

  t = performance.now();
  const simple = simplePaths(spec.machine, modelRun, spec.name);
  debug(`${simple.length} simple paths in ${Math.round(performance.now() - t)} ms`);
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
