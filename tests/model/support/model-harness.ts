/**
 * Model-based path testing with xstate/graph for machines that invoke actors and use delays.
 *
 * The paths come from the flow kit (flow-kit/): shortestPaths and simplePaths generate them from
 * the machine's derived model and the run's sample events; the flow explorer shows the same ones.
 * Here every path is replayed on the real machine under the kit's Simulator (fake actors, a
 * manual clock): a done/error step settles the one pending call of that invocation, an after step
 * fires that pending delay, any other step is sent as is. A step the real machine cannot take
 * fails the path. After every step the flow's own assertions (`check`) run; they, and the
 * independent models (tests/model/models/), are what the paths assert.
 */
import { expect } from 'vitest';
import type { AnyStateMachine, EventObject } from 'xstate';
import {
  Coverage,
  Simulator,
  describePath,
  machineGraph,
  shortestPaths,
  simplePaths,
  type ActorCall,
  type AnySnapshot,
  type EffectCall,
  type ModelPath,
  type ModelRun,
} from '@tienda/flow-workbench/kit';

export { Coverage } from '@tienda/flow-workbench/kit';
export type ModelSnapshot = AnySnapshot;

export interface StepContext {
  /** The real machine's snapshot after the step. */
  real: ModelSnapshot;
  /** The real machine's snapshot before the step (undefined for the first). */
  before: ModelSnapshot | undefined;
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

async function runPath(spec: ModelSpec, path: ModelPath, coverage: Coverage): Promise<void> {
  let sim: Simulator | undefined;
  try {
    for (const [index, { event }] of path.steps.entries()) {
      const before = sim?.snapshot;
      if (index === 0) {
        sim = new Simulator(spec.machine, spec.input, { inspect: (e) => coverage.record(e) });
        coverage.recordSnapshot(sim.snapshot);
      } else if (sim) await sim.step(event);
      if (!sim) throw new Error('the path has not started');
      const real = sim.snapshot;
      if (real.status === 'error') throw sim.error;
      spec.check?.({ real, before, event, calls: sim.log.calls, effects: sim.log.effects });
    }
  } catch (error) {
    // The same error (expect()'s diff stays), told which path led there.
    const failure = error instanceof Error ? error : new Error(String(error));
    failure.message = `${spec.name}: ${failure.message}\nPath (each event, then the model's state after it):\n${describePath(path)}`;
    throw failure;
  } finally {
    sim?.stop();
  }
}

export interface ModelRunResult {
  shortest: number;
  simple: number;
  coverage: Coverage;
}

/** Every shortest path, then the simple paths, replayed against the real machine. */
export async function runModel(spec: ModelSpec, coverage = new Coverage()): Promise<ModelRunResult> {
  const modelRun: ModelRun = { ...spec, label: spec.name };
  const debug = process.env.MODEL_DEBUG
    ? (msg: string) => console.info(`[model:${spec.name}] ${msg}`)
    : () => {};
  let t = performance.now();
  const shortest = shortestPaths(spec.machine, modelRun);
  debug(`${shortest.length} shortest paths in ${Math.round(performance.now() - t)} ms`);
  t = performance.now();
  for (const path of shortest) await runPath(spec, path, coverage);
  debug(`ran them in ${Math.round(performance.now() - t)} ms`);

  t = performance.now();
  const simple = simplePaths(spec.machine, modelRun, spec.name);
  debug(`${simple.length} simple paths in ${Math.round(performance.now() - t)} ms`);
  t = performance.now();
  for (const path of simple) await runPath(spec, path, coverage);
  debug(`ran them in ${Math.round(performance.now() - t)} ms`);

  return { shortest: shortest.length, simple: simple.length, coverage };
}

/** Fails listing every state and transition that no path reached. */
export function expectFullCoverage(machine: AnyStateMachine, coverage: Coverage): void {
  const missing = coverage.missing(machine);
  const where = `add a sample event that leads there to the model of ${machine.id}, in the *.samples.ts beside its machine (src/flows/<flow>/)`;
  expect(missing.states, `states no path reached: ${where}`).toEqual([]);
  expect(missing.transitions, `transitions no path took: ${where}`).toEqual([]);
}

export function report(name: string, results: readonly ModelRunResult[], machine: AnyStateMachine): void {
  const graph = machineGraph(machine);
  const shortest = results.reduce((n, r) => n + r.shortest, 0);
  const simple = results.reduce((n, r) => n + r.simple, 0);
  console.info(
    `[model] ${name}: ${shortest} shortest + ${simple} simple = ${shortest + simple} paths run; ${graph.states.length} states, ${graph.transitions.length} transitions`,
  );
}
