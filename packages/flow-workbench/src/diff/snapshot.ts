/**
 * A flow as plain JSON: its states and transitions as the machine defines them, so two versions
 * of the catalogue can be compared after a round trip through a child process (and an explorer
 * can read both from the report). Walked with the docs generator's walk.ts.
 */
import { keysSignature } from '@tienda/flow-identity';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { actionNames, allNodes, collectTransitions, delayValue, type Kind } from '../docs/walk';
import { guardClause } from '../kit/guard-tree';

/**
 * Where a tree keeps its catalogue, relative to the repository root, first match wins (a site
 * that moved its catalogue lists the older place too, so older commits still compare): a module
 * exporting `flows`, a list of flows with slug, title and machine.
 */
export type CataloguePaths = readonly [string, ...string[]];

/** How print-snapshot.ts ends when a tree has no catalogue, or when it does not load. */
export const EXIT_NO_CATALOGUE = 3;
export const EXIT_LOAD_FAILED = 4;

export type StateType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
export type TransitionKind = Kind;

export interface StateSnapshot {
  /** The keys from the root joined by dots; '' for the root. */
  path: string;
  id: string;
  /** The state's key; the machine id for the root. */
  key: string;
  /** The parent's path; null for the root. */
  parent: string | null;
  type: StateType;
  description: string | null;
  /** The path of the initial child, for a compound state. */
  initial: string | null;
  tags: string[];
  /** The state's meta as JSON; null without one. */
  meta: unknown;
  entry: string[];
  exit: string[];
  /** The actors it invokes, by src. */
  invokes: string[];
}

export interface DelaySnapshot {
  name: string;
  /** The nominal duration; null when the delay is computed from the context. */
  ms: number | null;
}

export interface TransitionSnapshot {
  /** `<source id> <event type>#<index>` (`always#<index>` without an event): the explorer's key. */
  key: string;
  /** The source state's path. */
  source: string;
  kind: TransitionKind;
  /** Event type, delay name or actor src, by kind; '' for `always`. */
  event: string;
  /** The target states' paths; empty for a transition that only runs actions. */
  targets: string[];
  guard: string | null;
  actions: string[];
  delay: DelaySnapshot | null;
  description: string | null;
}

export interface FlowSnapshot {
  slug: string;
  title: string;
  machineId: string;
  /** What the catalogue's notes say each guard checks, by name. */
  guards: Record<string, string>;
  states: StateSnapshot[];
  transitions: TransitionSnapshot[];
  /**
   * The flow's version, its behaviour's fingerprint (../kit/behaviour.ts), when the tree it was
   * read from had the machine's file; snapshots kept before versions were behaviour have none.
   */
  version?: string;
}

export interface FlowsSnapshot {
  /** The catalogue file it was read from, relative to the tree's root. */
  catalogue: string;
  flows: FlowSnapshot[];
}

/** What a catalogue entry needs to be compared: the FlowEntry fields read here. */
export interface CatalogueEntry {
  slug: string;
  title: string;
  machine: AnyStateMachine;
  notes?: { guards?: Record<string, unknown> } | undefined;
  /** The machine's file, relative to the tree's root: where its version is read. */
  source?: string;
}

export function statePathOf(node: AnyStateNode): string {
  return node.path.join('.');
}

function typeOf(node: AnyStateNode): StateType {
  if (node.type === 'history' || node.type === 'final' || node.type === 'parallel') return node.type;
  return Object.keys(node.states).length > 0 ? 'compound' : 'atomic';
}

/** A value as JSON would keep it (null for nothing or for what JSON cannot hold). */
function asJson(value: unknown): unknown {
  if (value === undefined) return null;
  try {
    return JSON.parse(JSON.stringify(value) ?? 'null') as unknown;
  } catch {
    return String(value);
  }
}

function stateOf(machine: AnyStateMachine, node: AnyStateNode): StateSnapshot {
  const initial = node.type === 'compound' ? node.initial?.target[0] : undefined;
  return {
    path: statePathOf(node),
    id: node.id,
    key: node === machine.root ? machine.id : node.key,
    parent: node.parent ? statePathOf(node.parent) : null,
    type: typeOf(node),
    description: node.description ?? null,
    initial: initial ? statePathOf(initial) : null,
    tags: [...node.tags].sort(),
    meta: asJson(node.meta),
    entry: actionNames(node.entry),
    exit: actionNames(node.exit),
    invokes: node.invoke.map((inv) => (typeof inv.src === 'string' ? inv.src : inv.id)),
  };
}

function delayOf(machine: AnyStateMachine, name: string): DelaySnapshot {
  const ms = delayValue(machine, name) ?? (/^\d+$/.test(name) ? Number(name) : undefined);
  return { name, ms: ms ?? null };
}

export function snapshotFlow(entry: CatalogueEntry): FlowSnapshot {
  const { machine } = entry;
  const transitions = collectTransitions(machine).map((t): TransitionSnapshot => {
    const event = t.kind === 'always' ? '' : t.trigger;
    return {
      key: `${t.source.id} ${t.kind === 'always' ? 'always' : t.eventType}#${t.index}`,
      source: statePathOf(t.source),
      kind: t.kind,
      event,
      targets: t.targets.map(statePathOf),
      guard: t.guard ?? null,
      actions: t.actions,
      delay: t.kind === 'after' ? delayOf(machine, event) : null,
      description: t.description ?? null,
    };
  });
  const guards: Record<string, string> = {};
  for (const [name, text] of Object.entries(entry.notes?.guards ?? {})) {
    if (typeof text === 'string') guards[name] = text;
  }
  // A guard made of others (`and(isA, not(isB))`, as a transition's guard is written) is named by
  // its meaning, from the notes of the guards inside it.
  for (const t of collectTransitions(machine)) {
    if (t.guard === undefined || t.guardTree === undefined || t.guardTree.kind === 'named') continue;
    const clause = guardClause(t.guardTree, guards);
    guards[t.guard] ??= clause.charAt(0).toLocaleUpperCase('es') + clause.slice(1);
  }
  return {
    slug: entry.slug,
    title: entry.title,
    machineId: machine.id,
    guards,
    states: allNodes(machine.root).map((node) => stateOf(machine, node)),
    transitions,
  };
}

export function snapshotFlows(entries: readonly CatalogueEntry[], catalogue: string): FlowsSnapshot {
  return { catalogue, flows: entries.map(snapshotFlow) };
}

/**
 * The flow's version from its snapshot: the one it was taken with; for a snapshot kept before
 * versions were behaviour, the signature of its graph, as versions were then (the states are in
 * the machine's document order and the transitions in machineGraph's, so the keys hash the same).
 */
export function snapshotVersion(flow: Pick<FlowSnapshot, 'states' | 'transitions' | 'version'>): string {
  if (flow.version !== undefined) return flow.version;
  return keysSignature({
    states: flow.states.map((s) => s.id),
    transitions: flow.transitions.map((t) => t.key),
  });
}
