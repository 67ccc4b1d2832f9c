/**
 * What the QA run left for the explorer (docs/testing.md, "Flow explorer artifacts"): the browser
 * model run's results (results.json: per machine, coverage, each path's outcome, the screenshots it
 * took, the transitions declared unreachable, the run's date and commit), the older coverage file,
 * and the screenshots of each state, served under artefactos/ next to the page. The server answers
 * artefactos/index.json with what is present; without it (or on a plain static host with no
 * artifacts) the page says how to produce them.
 */
import { useLoaded } from './use-loaded';
import type { MachineResults, PathResult, ResultEvent, StateFailure } from '../kit';

export const ARTIFACTS_DIR = 'artefactos';
export const SCREEN_WIDTHS = [360, 1280] as const;
export type ScreenWidth = (typeof SCREEN_WIDTHS)[number];
/** What takes the screenshots (and the results) the explorer reads. */
export const SCREENS_COMMAND = 'npm run flows:screens';

/** state id -> widths with a screenshot. */
export type StateScreens = Record<string, number[]>;

export interface ArtifactsIndex {
  coverage: boolean;
  results: boolean;
  /** machine id -> the last run's screenshots. */
  screens: Record<string, StateScreens>;
  /** machine id -> version (its behaviour, ../kit/behaviour.ts) -> the newest screenshots of a version no longer in screens/. */
  versions: Record<string, Record<string, StateScreens>>;
}

export interface MachineCoverage {
  states: Set<string>;
  transitions: Set<string>;
  /** State id -> how its check failed in QA's last run (the first failing path's). */
  failed?: ReadonlyMap<string, StateFailure>;
}

export interface Artifacts {
  screens: ArtifactsIndex['screens'];
  versions: ArtifactsIndex['versions'];
  /** machine id -> what the QA run covered. */
  coverage: Map<string, MachineCoverage>;
  /** machine id -> the browser model run's results. */
  results: Map<string, MachineResults>;
}

const EMPTY: Artifacts = { screens: {}, versions: {}, coverage: new Map(), results: new Map() };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** A flow's version, eight hexadecimal digits (the folder names of versions/). */
const VERSION = /^[0-9a-f]{8}$/;

/** `{ "<state id>": [360, 1280] }`, keeping the known widths of each state that has one. */
function parseStateScreens(raw: unknown): StateScreens {
  const byState: StateScreens = {};
  if (!isRecord(raw)) return byState;
  for (const [state, widths] of Object.entries(raw)) {
    if (!Array.isArray(widths)) continue;
    const known: ScreenWidth[] = SCREEN_WIDTHS.filter((w) => widths.includes(w));
    if (known.length > 0) byState[state] = known;
  }
  return byState;
}

export function parseIndex(raw: unknown): ArtifactsIndex {
  const screens: ArtifactsIndex['screens'] = {};
  const versions: ArtifactsIndex['versions'] = {};
  if (isRecord(raw) && isRecord(raw.screens)) {
    for (const [machine, states] of Object.entries(raw.screens))
      if (isRecord(states)) screens[machine] = parseStateScreens(states);
  }
  if (isRecord(raw) && isRecord(raw.versions)) {
    for (const [machine, byVersion] of Object.entries(raw.versions)) {
      if (!isRecord(byVersion)) continue;
      const kept: Record<string, StateScreens> = {};
      for (const [version, states] of Object.entries(byVersion)) {
        const parsed = parseStateScreens(states);
        if (VERSION.test(version) && Object.keys(parsed).length > 0) kept[version] = parsed;
      }
      if (Object.keys(kept).length > 0) versions[machine] = kept;
    }
  }
  return {
    coverage: isRecord(raw) && raw.coverage === true,
    results: isRecord(raw) && raw.results === true,
    screens,
    versions,
  };
}

/** coverage.json: `{ "version": 1, "machines": { "<machine id>": { "states": [...], "transitions": [...] } } }`. */
export function parseCoverage(raw: unknown): Map<string, MachineCoverage> {
  const out = new Map<string, MachineCoverage>();
  if (!isRecord(raw) || raw.version !== 1 || !isRecord(raw.machines)) return out;
  for (const [machine, entry] of Object.entries(raw.machines)) {
    if (!isRecord(entry)) continue;
    out.set(machine, {
      states: new Set(strings(entry.states)),
      transitions: new Set(strings(entry.transitions)),
    });
  }
  return out;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
}

const STATUSES: readonly PathResult['status'][] = ['passed', 'failed', 'interrupted'];

function parsePath(raw: unknown): PathResult | undefined {
  if (!isRecord(raw) || typeof raw.id !== 'string' || !Array.isArray(raw.events)) return undefined;
  const events = raw.events.filter(
    (e): e is ResultEvent => isRecord(e) && typeof e.type === 'string' && e.type.length <= 400,
  );
  const status = STATUSES.find((s) => s === raw.status) ?? 'failed';
  return {
    id: raw.id,
    kind: raw.kind === 'simple' ? 'simple' : 'shortest',
    run: text(raw.run) ?? '',
    events,
    status,
    ...(typeof raw.failedStep === 'number' ? { failedStep: count(raw.failedStep) } : {}),
    ...(typeof raw.error === 'string' ? { error: raw.error } : {}),
    ...(isRecord(raw.failure) && typeof raw.failure.state === 'string'
      ? {
          failure: {
            state: raw.failure.state,
            expected: text(raw.failure.expected) ?? '',
            seen: text(raw.failure.seen) ?? '',
          },
        }
      : {}),
    screens: strings(raw.screens),
  };
}

function parseMachineResults(raw: unknown): MachineResults | undefined {
  if (!isRecord(raw) || !isRecord(raw.states) || !isRecord(raw.transitions)) return undefined;
  const unreachable: Record<string, string> = {};
  if (isRecord(raw.unreachable))
    for (const [key, why] of Object.entries(raw.unreachable))
      if (typeof why === 'string') unreachable[key] = why;
  return {
    name: text(raw.name) ?? '',
    date: text(raw.date) ?? '',
    commit: text(raw.commit) ?? null,
    dirty: raw.dirty === true,
    graph: text(raw.graph) ?? '',
    states: { covered: strings(raw.states.covered), total: count(raw.states.total) },
    transitions: { covered: strings(raw.transitions.covered), total: count(raw.transitions.total) },
    unreachable,
    planned: count(raw.planned),
    paths: (Array.isArray(raw.paths) ? raw.paths : [])
      .map(parsePath)
      .filter((p): p is PathResult => p !== undefined),
  };
}

/** results.json (flow-kit/results.ts): `{ "version": 1, "machines": { "<machine id>": { … } } }`. */
export function parseResults(raw: unknown): Map<string, MachineResults> {
  const out = new Map<string, MachineResults>();
  if (!isRecord(raw) || raw.version !== 1 || !isRecord(raw.machines)) return out;
  for (const [machine, entry] of Object.entries(raw.machines)) {
    const parsed = parseMachineResults(entry);
    if (parsed) out.set(machine, parsed);
  }
  return out;
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(String(response.status));
  return response.json() as Promise<unknown>;
}

let loading: Promise<Artifacts> | undefined;

export function loadArtifacts(): Promise<Artifacts> {
  loading ??= (async () => {
    try {
      const index = parseIndex(await getJson(`${ARTIFACTS_DIR}/index.json`));
      const results = index.results
        ? parseResults(await getJson(`${ARTIFACTS_DIR}/results.json`).catch(() => undefined))
        : new Map<string, MachineResults>();
      const coverage = index.coverage
        ? parseCoverage(await getJson(`${ARTIFACTS_DIR}/coverage.json`).catch(() => undefined))
        : new Map<string, MachineCoverage>();
      // The results' coverage is the newest for the machines they have.
      for (const [id, r] of results)
        coverage.set(id, { states: new Set(r.states.covered), transitions: new Set(r.transitions.covered) });
      return { screens: index.screens, versions: index.versions, coverage, results };
    } catch {
      return EMPTY;
    }
  })();
  return loading;
}

/** The artifacts once loaded (undefined while they load; empty when there are none). */
export function useArtifacts(): Artifacts | undefined {
  return useLoaded(loadArtifacts);
}

export function screenUrl(machineId: string, stateId: string, width: number): string {
  return `${ARTIFACTS_DIR}/screens/${encodeURIComponent(machineId)}/${encodeURIComponent(stateId)}-${width}.png`;
}

/** Where a version's screenshots are: the last run's, or those kept of an earlier version. */
export type VersionScreens =
  | { where: 'run' | 'kept'; states: StateScreens; url: (stateId: string, width: number) => string }
  | { where: 'none' };

/**
 * The screenshots of one version of a machine: the last run's when that run was of this version
 * and took some (its results say whose graph it walked), else the ones kept when a run of another
 * version replaced them (versions/<machine id>/<version>/screens/), else none.
 */
export function screensOfVersion(
  artifacts: Artifacts | undefined,
  machineId: string,
  version: string,
): VersionScreens {
  if (!artifacts) return { where: 'none' };
  const run = artifacts.screens[machineId];
  if (artifacts.results.get(machineId)?.graph === version && run && Object.keys(run).length > 0)
    return { where: 'run', states: run, url: (state, width) => screenUrl(machineId, state, width) };
  const kept = artifacts.versions[machineId]?.[version];
  if (kept)
    return {
      where: 'kept',
      states: kept,
      url: (state, width) =>
        `${ARTIFACTS_DIR}/versions/${encodeURIComponent(machineId)}/${version}/screens/${encodeURIComponent(state)}-${width}.png`,
    };
  return { where: 'none' };
}
