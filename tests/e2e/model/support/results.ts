/**
 * The browser model run's files for the flow explorer (docs/testing.md, "Flow explorer
 * artifacts"), without a browser: the paths chosen once per run, each path's part file (written as
 * the path starts, after each step and when it ends, so a path that fails or is interrupted still
 * says how far it went), and `finishRun`, the run's global teardown, which writes results.json and
 * coverage.json for the machines the run walked and puts their screenshots in place of the earlier
 * ones (kept under their version when they are of another: ./kept-screens.ts), whatever the tests'
 * outcome.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  RESULTS_VERSION,
  machineGraph,
  type MachineResults,
  type PathResult,
  type ResultEvent,
  type Results,
} from '@tienda/flow-workbench/kit';
import { flowVersions } from '@tienda/flow-workbench/behaviour';
import { choosePaths, type BrowserModel, type BrowserPath, type PathOutcome } from './browser-model';
import { keepEarlierScreens } from './kept-screens';

/** Each flow's version as the build computes it: the version QA's results are of. */
const FLOW_VERSIONS = flowVersions(path.resolve(import.meta.dirname, '../../../..'));

export const ARTIFACTS_DIR = path.resolve(process.env.FLOWS_ARTIFACTS_DIR || 'flows-artifacts');
export const PARTS_DIR = path.join(ARTIFACTS_DIR, 'parts');

/**
 * One id per Playwright run, shared by the runner and its workers (they inherit the environment
 * the configuration set when the runner loaded it).
 */
export function runId(): string {
  const id = process.env.BROWSER_MODEL_RUN_ID;
  if (!id) throw new Error('BROWSER_MODEL_RUN_ID is not set (playwright.config.ts sets it)');
  return id;
}

/**
 * The paths of a machine for this run: chosen once (the runner lists the tests first) and read back
 * by the workers and the coverage check, so the wizard's paths are generated once per run.
 */
export function pathsFor<F>(bm: BrowserModel<F>): BrowserPath[] {
  const dir = path.join(PARTS_DIR, runId());
  const file = path.join(dir, `paths-${bm.name}.json`);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as (Omit<BrowserPath, 'run'> & { run: string })[];
    return stored.map((p) => {
      const run = bm.model.runs.find((r) => r.label === p.run);
      if (!run) throw new Error(`${bm.name}: no run ${p.run}`);
      return { ...p, run };
    });
  }
  const paths = choosePaths(bm);
  mkdirSync(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  // An actor's error is kept as its message (JSON has no Error), with the fields a machine reads
  // when it has them (a failed save's `kind`, its wait, its refused fields: src/domain/save-failure.ts).
  const json = JSON.stringify(
    paths.map((p) => ({ ...p, run: p.run.label })),
    (_key, value: unknown) => (value instanceof Error ? errorAsJson(value) : value),
  );
  writeFileSync(tmp, json);
  renameSync(tmp, file);
  return paths;
}

function errorAsJson(error: Error): unknown {
  if (!('kind' in error)) return error.message;
  const { kind, retryAfterSeconds, refused } = error as Error & Record<string, unknown>;
  return { name: error.name, message: error.message, kind, retryAfterSeconds, refused };
}

/** What a path's part file says: its outcome so far and where it stopped. */
interface Part extends PathOutcome {
  machine: string;
  path: string;
  kind: BrowserPath['kind'];
  run: string;
  events: ResultEvent[];
  status: PathResult['status'] | 'running';
  error?: string;
  shots: string[];
}

/** An event as JSON: an actor's error by its message. */
function eventJson(event: { type: string }): ResultEvent {
  const out: ResultEvent = { ...(event as ResultEvent) };
  if ('error' in out) {
    const error: unknown = out.error;
    out.error =
      error instanceof Error
        ? error.message
        : typeof error === 'object' && error !== null && 'message' in error
          ? String(error.message)
          : String(error);
  }
  return out;
}

/** A runner's error as plain text (no colours), not too long for the explorer. */
function errorText(error: unknown): string {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, '').slice(0, 4000);
}

/**
 * Writes a path's part: called as the path starts, after each step and when it ends, so a path
 * that fails or is stopped by a timeout still says how far it went (status 'running' at the end).
 */
export function writePart(
  machineId: string,
  path_: BrowserPath,
  outcome: PathOutcome,
  shots: readonly string[],
  end?: { error: unknown } | 'passed',
): void {
  const dir = path.join(PARTS_DIR, runId());
  mkdirSync(dir, { recursive: true });
  const part: Part = {
    machine: machineId,
    path: path_.id,
    kind: path_.kind,
    run: path_.run.label,
    events: path_.steps.map((s) => eventJson(s.event)),
    ...outcome,
    status: end === undefined ? 'running' : end === 'passed' ? 'passed' : 'failed',
    ...(end !== undefined && end !== 'passed' ? { error: errorText(end.error) } : {}),
    shots: [...shots],
  };
  const file = path.join(dir, `${machineId}-${path_.id.replace(/[^A-Za-z0-9_-]/g, '_')}.json`);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(part));
  renameSync(tmp, file);
}

export interface MachineCoverage {
  states: string[];
  transitions: string[];
}

function readParts(dir: string): Part[] {
  const parts: Part[] = [];
  for (const file of readdirSync(dir)) {
    if (file.startsWith('paths-') || !file.endsWith('.json')) continue;
    parts.push(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Part);
  }
  return parts;
}

/** The parts of this run merged per machine; the parts of earlier runs are removed. */
export function mergeParts(): Record<string, MachineCoverage> {
  const merged: Record<string, { states: Set<string>; transitions: Set<string> }> = {};
  let runs: string[] = [];
  try {
    runs = readdirSync(PARTS_DIR);
  } catch {
    return {};
  }
  for (const run of runs) {
    const dir = path.join(PARTS_DIR, run);
    if (run !== runId()) {
      rmSync(dir, { recursive: true, force: true });
      continue;
    }
    for (const part of readParts(dir)) {
      const into = (merged[part.machine] ??= { states: new Set(), transitions: new Set() });
      for (const s of part.states) into.states.add(s);
      for (const t of part.transitions) into.transitions.add(t);
    }
  }
  return Object.fromEntries(
    Object.entries(merged).map(([id, c]) => [
      id,
      { states: [...c.states].sort(), transitions: [...c.transitions].sort() },
    ]),
  );
}

/** Writes coverage.json in the explorer's format (version 1, per machine id). */
export function writeCoverage(machines: Record<string, MachineCoverage>): void {
  writeJson(path.join(ARTIFACTS_DIR, 'coverage.json'), { version: 1, machines });
}

function writeJson(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(tmp, file);
}

/** The commit the run is made on and whether the working tree has changes (null outside git). */
function gitState(): { commit: string | null; dirty: boolean } {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    });
    return { commit, dirty: status.trim() !== '' };
  } catch {
    return { commit: null, dirty: false };
  }
}

/** The earlier results, keeping the machines whose entry can be read. */
function readResults(): Results {
  const out: Results = { version: RESULTS_VERSION, machines: {} };
  try {
    const raw = JSON.parse(
      readFileSync(path.join(ARTIFACTS_DIR, 'results.json'), 'utf8'),
    ) as Partial<Results>;
    if (raw.version !== RESULTS_VERSION || typeof raw.machines !== 'object' || raw.machines === null)
      return out;
    for (const [id, entry] of Object.entries(raw.machines))
      if (Array.isArray(entry?.states?.covered) && Array.isArray(entry.transitions?.covered))
        out.machines[id] = entry;
  } catch {
    // No earlier results, or unreadable ones: this run's stand alone.
  }
  return out;
}

/**
 * The end of a run (the global teardown, after every project, whatever the outcome): for each
 * machine this run walked in the browser, its results in results.json and coverage.json, and its
 * screenshots replaced by this run's (none is left in screens/ from an earlier run; the earlier
 * ones go to versions/ when they are of another version); machines the run did not
 * walk keep their earlier results. Nothing is written when the run walked none (another project).
 */
export function finishRun(models: readonly BrowserModel<unknown>[]): string[] {
  const dir = path.join(PARTS_DIR, runId());
  if (!existsSync(dir)) return [];
  const parts = readParts(dir);
  const byMachine = new Map<string, Part[]>();
  for (const part of parts) byMachine.set(part.machine, [...(byMachine.get(part.machine) ?? []), part]);
  const results = readResults();
  const { commit, dirty } = gitState();
  const date = new Date().toISOString();
  const lines: string[] = [];
  for (const bm of models) {
    const machine = bm.model.machine;
    const own = byMachine.get(machine.id);
    if (!own) continue;
    const graph = machineGraph(machine);
    const unreachable = bm.unreachable ?? {};
    const states = new Set(own.flatMap((p) => p.states));
    const transitions = new Set(own.flatMap((p) => p.transitions));
    const order = pathsFor(bm).map((p) => p.id);
    own.sort((a, b) => order.indexOf(a.path) - order.indexOf(b.path));
    const entry: MachineResults = {
      name: bm.name,
      date,
      commit,
      dirty,
      graph: FLOW_VERSIONS[machine.id] ?? '',
      states: { covered: graph.states.filter((s) => states.has(s)), total: graph.states.length },
      transitions: {
        covered: graph.transitions.filter((t) => transitions.has(t)),
        total: graph.transitions.filter((t) => !(t in unreachable)).length,
      },
      unreachable,
      planned: order.length,
      paths: own.map((p) => ({
        id: p.path,
        kind: p.kind,
        run: p.run,
        events: p.events,
        status: p.status === 'running' ? 'interrupted' : p.status,
        ...(p.status === 'passed' ? {} : { failedStep: p.step }),
        ...(p.error ? { error: p.error } : {}),
        ...(p.status !== 'passed' && p.failure ? { failure: p.failure } : {}),
        screens: p.shots,
      })),
    };
    const earlier = results.machines[machine.id];
    results.machines[machine.id] = entry;
    const screens = path.join(ARTIFACTS_DIR, 'screens', machine.id);
    const taken = path.join(dir, 'screens', machine.id);
    keepEarlierScreens(
      ARTIFACTS_DIR,
      machine.id,
      earlier && { graph: earlier.graph, date: earlier.date, commit: earlier.commit },
      { graph: entry.graph, tookScreens: existsSync(taken) && readdirSync(taken).length > 0 },
    );
    rmSync(screens, { recursive: true, force: true });
    if (existsSync(taken)) {
      mkdirSync(path.dirname(screens), { recursive: true });
      renameSync(taken, screens);
    }
    const failed = entry.paths.filter((p) => p.status !== 'passed').length;
    lines.push(
      `[browser-model] ${bm.name}: results written, ${entry.paths.length}/${entry.planned} paths run` +
        (failed > 0 ? `, ${failed} failed` : ''),
    );
  }
  writeJson(path.join(ARTIFACTS_DIR, 'results.json'), results);
  writeCoverage(
    Object.fromEntries(
      Object.entries(results.machines).map(([id, m]) => [
        id,
        { states: m.states.covered, transitions: m.transitions.covered },
      ]),
    ),
  );
  rmSync(PARTS_DIR, { recursive: true, force: true });
  return lines;
}
