/**
 * The flows' change that the explorer shows, computed when it is built: the base is
 * FLOWS_DIFF_BASE (a branch, tag or commit; empty or `no` for none), else the merge base of HEAD
 * with `main` (none without a `main`). The comparison is the flow diff's own (compareFlows in
 * ../diff/compare.ts: the base's tree checked out apart, both catalogues snapshotted); for
 * each flow that differs, the chart of both versions (../explorer/changes/union.ts), what to say
 * about each change (../explorer/changes/details.ts) and the chart's layouts. Nothing is compared when the
 * base is HEAD itself and the working tree is clean, and the page gets null when no flow differs.
 */
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
import { changeDetails } from '../explorer/changes/details';
import { changesSlug, type ChangesData, type FlowChanges } from '../explorer/changes/types';
import { unionGraph } from '../explorer/changes/union';
import { describeMachine } from '../graph/describe';
import { layoutGraph, layoutKey, type Geometry } from '../graph/layout';
import { PRECOMPUTED_VIEWS } from '../graph/layout-input';

export const BASE_ENV = 'FLOWS_DIFF_BASE';
export const DEFAULT_BASE_BRANCH = 'main';

export interface Base {
  ref: string;
  commit: string;
  mergeBase: boolean;
}

/**
 * The commit to compare with, or null for none. A base asked for that does not exist is an error
 * (FlowsDiffError, in Spanish); without one asked for, a repository without `main` has none.
 */
export function chooseBase(root: string, env: NodeJS.ProcessEnv = process.env): Base | null {
  const asked = env[BASE_ENV]?.trim();
  if (asked !== undefined) {
    if (asked === '' || asked.toLowerCase() === 'no') return null;
    return { ref: asked, commit: resolveCommit(root, asked), mergeBase: false };
  }
  try {
    const commit = mergeBase(root, DEFAULT_BASE_BRANCH);
    return commit ? { ref: DEFAULT_BASE_BRANCH, commit, mergeBase: true } : null;
  } catch {
    // No git here (a copy of the files): nothing to compare with.
    return null;
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
  const asked = env[BASE_ENV] !== undefined;
  let root: string;
  let base: Base | null;
  try {
    root = repoRoot(dir);
    base = chooseBase(root, env);
  } catch (error) {
    if (asked) throw error;
    return null;
  }
  if (!base) return null;
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
    if (asked || !(error instanceof FlowsDiffError)) throw error;
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
    const union = unionGraph(describeMachine(entry.machine), older, newer, diff);
    const layouts: Record<string, Geometry> = {};
    for (const options of PRECOMPUTED_VIEWS)
      layouts[layoutKey(changesSlug(diff.slug), options)] = await layoutGraph(elk, union.graph, options);
    flows[diff.slug] = {
      status: diff.status,
      graph: union.graph,
      ...changeDetails(union, older, newer, diff),
      layouts,
    };
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
