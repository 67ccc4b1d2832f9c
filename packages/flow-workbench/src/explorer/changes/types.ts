/**
 * What the explorer's build hands the page about the flows' change against a base commit (the
 * module `virtual:flow-changes`, explorer/flow-changes.ts): null when it was built without a base,
 * or when no flow differs from it.
 */
import type { ChangeStatus, FlowGraph } from '../../graph/describe';
import type { Geometry } from '../../graph/layout';

/** One fact of a state or transition, before and after, as the summary words it; null: it had none. */
export interface ChangeFact {
  label: string;
  was: string | null;
  now: string | null;
}

/** What the page says about a changed state or transition when it is selected. */
export interface ChangeDetail {
  kind: 'state' | 'transition';
  change: Exclude<ChangeStatus, 'previous'>;
  /** What it means (its description, the newer one when it has one). */
  title: string;
  /** The summary's lines about it, Markdown (identifiers between backticks). */
  lines: string[];
  /** Before and after: every fact of one added or removed, the facts that changed of one changed. */
  facts: ChangeFact[];
  /** A state's id in the older version and in this one (null where it does not exist): its screenshots' names. */
  stateIds?: { was: string | null; now: string | null };
}

/** A line of the flow's summary and what it is about on the chart (none for the flow's own changes). */
export interface ChangeItem {
  line: string;
  change: ChangeStatus | 'flow';
  target?: { kind: 'state' | 'transition'; id: string };
}

export interface FlowChanges {
  status: 'added' | 'changed';
  /** The older version (null for a new flow): whose QA screenshots are 'Antes'. */
  baseVersion: string | null;
  /** Both versions together (./union.ts), each part marked. */
  graph: FlowGraph;
  /** In the summary's order. */
  items: ChangeItem[];
  /** By the chart's state id or transition key. */
  details: Record<string, ChangeDetail>;
  /** The chart's layouts, by layoutKey(changesSlug(slug), view). */
  layouts: Record<string, Geometry>;
}

export interface ChangesData {
  /** The ref as asked for (`main` for the merge base with main), and the commit compared with. */
  base: { ref: string; commit: string; mergeBase: boolean };
  /** The code this build was made from: its commit, and whether it had uncommitted changes. */
  head: { commit: string | null; localChanges: boolean };
  /** When the comparison was made (ISO). */
  date: string;
  /** The flows that differ and still exist, by slug. */
  flows: Record<string, FlowChanges>;
  /** The flows that the base had and this code does not. */
  removed: { slug: string; title: string }[];
}

/** The layout slug of a flow's chart of changes (never a flow's own slug). */
export function changesSlug(slug: string): string {
  return `${slug}~cambios`;
}

/** A chart that compares with an older version of the flow, from the registry of versions. */
export interface VersionBase {
  version: string;
}

/** What a chart of changes compares with: the build's base commit, or an older version. */
export type ChartBase = ChangesData | VersionBase;
