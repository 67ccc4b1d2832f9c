/**
 * The flows' change that the explorer shows, computed when it is built, and only when the build
 * is asked for it: FLOWS_DIFF_BASE names the base (a branch, tag or commit, or `<ref>...` for the
 * merge base of HEAD with that ref). Unset, empty or `no`, the build reads no git at all, so the
 * same tree builds the same explorer on a branch, on `main` and in a copy without git. The
 * comparison is the flow diff's own (compareFlows in ../diff/compare.ts: the base's tree checked
 * out apart, both catalogues snapshotted); for each flow that differs, the chart of both versions
 * (../explorer/changes/union.ts), what to say about each change (../explorer/changes/details.ts)
 * and the chart's layouts. Nothing is compared when the base is HEAD itself and the working tree
 * is clean, and the page gets null when no flow differs.
 */
import { spawnSync } from 'node:child_process';
import ELK from 'elkjs/lib/elk.bundled.js';
import { compareFlows } from '../diff/compare';
import type { CataloguePaths } from '../diff/snapshot';
import {
  FlowsDiffError,
  hasLocalChanges,
  headCommit,
  mergeBase,
  repoRoot,
  resolveCommit,
} from '../diff/trees';
import type { FlowEntry } from '../catalogue';
import { chartOfChanges } from '../explorer/changes/between';
import { changesSlug, type ChangesData, type FlowChanges } from '../explorer/changes/types';
import { describeMachine } from '../graph/describe';
import { layoutGraph, layoutKey, type Geometry } from '../graph/layout';
import { PRECOMPUTED_VIEWS } from '../graph/layout-input';
import { flowDefaultView } from './default-views';

export const BASE_ENV = 'FLOWS_DIFF_BASE';
/** `main...`: the merge base of HEAD with main, as git's three-dot notation reads. */
const MERGE_BASE_SUFFIX = '...';

export interface Base {
  ref: string;
  commit: string;
  mergeBase: boolean;
}

/** What FLOWS_DIFF_BASE asks for, or null when it asks for nothing (unset, empty or `no`). */
export function askedBase(env: NodeJS.ProcessEnv = process.env): string | null {
  const asked = env[BASE_ENV]?.trim();
  return asked === undefined || asked === '' || asked.toLowerCase() === 'no' ? null : asked;
}

/**
 * The commit to compare with, or null for none. A ref asked for that does not exist is an error
 * (FlowsDiffError, in Spanish); `<ref>...` without a merge base (no such branch here) is none.
 */
export function chooseBase(root: string, env: NodeJS.ProcessEnv = process.env): Base | null {
  const asked = askedBase(env);
  if (asked === null) return null;
  if (asked.endsWith(MERGE_BASE_SUFFIX)) {
    const ref = asked.slice(0, -MERGE_BASE_SUFFIX.length);
    const commit = ref === '' ? null : mergeBase(root, ref);
    return commit ? { ref, commit, mergeBase: true } : null;
  }
  return { ref: asked, commit: resolveCommit(root, asked), mergeBase: false };
}

export interface BuildStamp {
  commit: string | null;
  /** The commit's date (ISO). */
  date: string | null;
  /** The working tree had changes. */
  dirty: boolean;
}

const NO_STAMP: BuildStamp = { commit: null, date: null, dirty: false };

/**
 * The commit a review build is made from, so the page can tell a QA run of other code
 * (../explorer/build-info.ts); only when FLOWS_DIFF_BASE asks for a comparison, else nothing.
 */
export function buildStamp(dir: string, env: NodeJS.ProcessEnv = process.env): BuildStamp {
  if (askedBase(env) === null) return NO_STAMP;
  try {
    const root = repoRoot(dir);
    const commit = headCommit(root);
    if (!commit) return NO_STAMP;
    const date = spawnSync('git', ['-C', root, 'show', '-s', '--format=%cI', commit], { encoding: 'utf8' });
    const status = spawnSync('git', ['-C', root, 'status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    });
    return { commit, date: date.stdout.trim() || null, dirty: status.stdout.trim() !== '' };
  } catch {
    return NO_STAMP;
  }
}

export interface ChangesOptions {
  /** A folder inside the repository. */
  dir: string;
  flows: readonly FlowEntry[];
  /** Where a tree keeps its catalogue module, for the base's snapshot (../diff/snapshot.ts). */
  catalogues: CataloguePaths;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

/** The module `virtual:flow-changes` hands the page; null when there is nothing to show. */
export async function flowChanges({
  dir,
  flows: entries,
  catalogues,
  env = process.env,
  log = console.info,
}: ChangesOptions): Promise<ChangesData | null> {
  const asked = askedBase(env);
  if (asked === null) return null;
  let root: string;
  try {
    root = repoRoot(dir);
  } catch (error) {
    // A merge base is asked for wherever the build runs (npm test's): outside git there is none.
    if (!asked.endsWith(MERGE_BASE_SUFFIX)) throw error;
    log(`Flujos: sin git aquí, nada que comparar con ${asked}`);
    return null;
  }
  const base = chooseBase(root, env);
  if (!base) {
    log(`Flujos: ${asked} no tiene base común con este código: nada que comparar.`);
    return null;
  }
  const short = base.commit.slice(0, 7);
  const isCommit = /^[0-9a-f]{4,40}$/i.test(base.ref) && base.commit.startsWith(base.ref.toLowerCase());
  const name = base.mergeBase
    ? `la base común con ${base.ref} (${short})`
    : isCommit
      ? `el commit ${short}`
      : `${base.ref} (${short})`;
  if (base.commit === headCommit(root) && !hasLocalChanges(root)) {
    log(`Flujos: comparados con ${name}: es el mismo código, sin cambios que mostrar.`);
    return null;
  }

  let report: Awaited<ReturnType<typeof compareFlows>>;
  try {
    report = await compareFlows(root, base.commit, { catalogues });
  } catch (error) {
    if (!base.mergeBase || !(error instanceof FlowsDiffError)) throw error;
    log(`Flujos: no se pudieron comparar con ${name}: ${error.message}`);
    return null;
  }
  if (report.diff.flows.length === 0) {
    log(`Flujos: comparados con ${name}: ningún flujo cambió.`);
    return null;
  }

  const elk = new ELK();
  const flows: Record<string, FlowChanges> = {};
  const removed: ChangesData['removed'] = [];
  for (const diff of report.diff.flows) {
    const older = report.before.flows.find((f) => f.slug === diff.beforeSlug);
    if (diff.status === 'removed') {
      removed.push({ slug: diff.slug, title: older?.title ?? diff.slug });
      continue;
    }
    const entry = entries.find((f) => f.slug === diff.slug);
    const newer = report.after.flows.find((f) => f.slug === diff.slug);
    if (!entry || !newer) continue;
    const graph = describeMachine(entry.machine);
    const chart = chartOfChanges(graph, older, newer, diff);
    const layouts: Record<string, Geometry> = {};
    // The chart opens on the flow's own opening view, as the flow's page does.
    const view = await flowDefaultView(entry.machine, graph, elk);
    for (const options of [...PRECOMPUTED_VIEWS, view, { ...view, ids: true }])
      layouts[layoutKey(changesSlug(diff.slug), options)] ??= await layoutGraph(elk, chart.graph, options);
    flows[diff.slug] = { ...chart, layouts };
  }
  const count = report.diff.flows.length;
  log(`Flujos: comparados con ${name}: ${count} ${count === 1 ? 'flujo cambió' : 'flujos cambiaron'}.`);
  return {
    base,
    head: { commit: report.head.commit, localChanges: report.head.localChanges },
    date: report.date,
    flows,
    removed,
  };
}
