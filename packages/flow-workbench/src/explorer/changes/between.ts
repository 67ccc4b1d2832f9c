/**
 * The chart of a flow's change between two of its snapshots, with what to say about each change:
 * built with the explorer against a base commit (../../vite/flow-changes.ts), and in the page
 * against an older version of the flow that the registry of versions keeps (an old link's,
 * ../link/versions.ts).
 */
import { diffFlow, type FlowDiff } from '../../diff/diff';
import { snapshotFlow, snapshotVersion, type CatalogueEntry, type FlowSnapshot } from '../../diff/snapshot';
import { describeMachine, type FlowGraph } from '../../graph/describe';
import { changeDetails } from './details';
import type { FlowChanges } from './types';
import { unionGraph } from './union';

/** Both versions on one chart (./union.ts) and the details of every change (./details.ts); no layouts. */
export function chartOfChanges(
  current: FlowGraph,
  older: FlowSnapshot | undefined,
  newer: FlowSnapshot,
  diff: FlowDiff,
): FlowChanges {
  const union = unionGraph(current, older, newer, diff);
  return {
    status: diff.status === 'added' ? 'added' : 'changed',
    baseVersion: older ? snapshotVersion(older) : null,
    graph: union.graph,
    ...changeDetails(union, older, newer, diff),
    layouts: {},
  };
}

/** What changed in a flow since an older snapshot of it; undefined when nothing did. */
export function changesSince(entry: CatalogueEntry, older: FlowSnapshot): FlowChanges | undefined {
  const newer = snapshotFlow(entry);
  const changes = diffFlow(older, newer);
  if (changes.length === 0) return undefined;
  const diff: FlowDiff = { slug: newer.slug, beforeSlug: older.slug, status: 'changed', changes };
  return chartOfChanges(describeMachine(entry.machine), older, newer, diff);
}
