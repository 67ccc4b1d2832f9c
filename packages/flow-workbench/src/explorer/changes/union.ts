/**
 * The chart of a flow's change: the newer machine's graph with what the older one had and the
 * newer one lost put back in place (the union of both versions, laid out together), each state
 * and transition marked added, removed or changed. A removed state goes into the state that now
 * stands where its parent was, after its nearest older sibling still drawn; a removed transition
 * joins its source's; a transition that now leaves from or leads to another state keeps its older
 * route as well, marked 'previous'. Built when the explorer is built, from the flows:diff report
 * (scripts/flows-diff): the older states are found through the diff's own pairing (matchStates).
 */
import { matchStates, type FlowDiff } from '../../diff/diff';
import type { FlowSnapshot, TransitionSnapshot } from '../../diff/snapshot';
import { namesFailure } from '../../kit/verdict';
import type { ChangeStatus, FlowGraph, GraphState, GraphTransition } from '../../graph/describe';
import { parseDoneStateEvent } from '../../kit/conventions';

/** Added to the id of an older state or transition whose id the newer version uses for another. */
export const BEFORE_SUFFIX = '~antes';

export interface Union {
  graph: FlowGraph;
  /** The chart's id of a state of the older version, by path (removed ones, and those kept). */
  beforeState: ReadonlyMap<string, string>;
  /** The chart's id of a state of the newer version, by path. */
  afterState: ReadonlyMap<string, string>;
  /** The chart's key of a removed transition, by its key in the older version. */
  removedTransition: ReadonlyMap<string, string>;
}

function copyState(s: GraphState): GraphState {
  return { ...s, children: [...s.children], internal: s.internal.map((t) => ({ ...t })) };
}

/** States in the order the diagram reads them: each one, then its children (as describeMachine does). */
function preOrder(byId: ReadonlyMap<string, GraphState>, root: GraphState): GraphState[] {
  const out: GraphState[] = [];
  const visit = (s: GraphState) => {
    out.push(s);
    for (const c of s.children) {
      const child = byId.get(c);
      if (child) visit(child);
    }
  };
  visit(root);
  return out;
}

/** Every state and transition of a flow that did not exist before, marked added. */
function allAdded(current: FlowGraph, after: FlowSnapshot): Union {
  const mark = <T extends GraphTransition>(t: T): T => ({ ...t, change: 'added' });
  const states = current.states.map((s) => ({
    ...copyState(s),
    internal: s.internal.map(mark),
    ...(s.parent === null ? {} : { change: 'added' as const }),
  }));
  const ids = new Map(after.states.map((s) => [s.path, s.id]));
  return {
    graph: { ...current, states, transitions: current.transitions.map(mark) },
    beforeState: new Map(),
    afterState: ids,
    removedTransition: new Map(),
  };
}

/**
 * The union of a flow's two versions. `current` is the newer machine's graph (describeMachine),
 * `before` and `after` the report's snapshots of the flow, `diff` its entry in the report.
 */
export function unionGraph(
  current: FlowGraph,
  before: FlowSnapshot | undefined,
  after: FlowSnapshot,
  diff: FlowDiff,
): Union {
  if (diff.status === 'added' || !before) return allAdded(current, after);

  const byId = new Map(current.states.map((s) => [s.id, copyState(s)]));
  const transitions = current.transitions.map((t) => ({ ...t }));
  const afterState = new Map(after.states.map((s) => [s.path, s.id]));
  const { translate } = matchStates(before, after);
  const taken = new Set(byId.keys());
  const unique = (id: string) => {
    let out = id;
    while (taken.has(out)) out += BEFORE_SUFFIX;
    taken.add(out);
    return out;
  };

  const removedStates = new Set(diff.changes.flatMap((c) => (c.kind === 'state.removed' ? [c.before] : [])));
  const removedIds = new Map<string, string>();
  // The snapshot lists a parent before its children.
  for (const s of before.states) if (removedStates.has(s.path)) removedIds.set(s.path, unique(s.id));
  const beforeState = new Map<string, string>();
  for (const s of before.states) {
    const id = removedIds.get(s.path) ?? afterState.get(translate(s.path));
    if (id !== undefined) beforeState.set(s.path, id);
  }
  const beforeByPath = new Map(before.states.map((s) => [s.path, s]));
  /** In the older version, a target that is (or enters, or is inside) a failure state. */
  const olderFailure = (path: string): boolean => {
    for (let p: string | null = path, down = true; p !== null;) {
      const s = beforeByPath.get(p);
      if (!s) return false;
      if (namesFailure(s.key, s.tags, s.parent === null)) return true;
      if (down && s.initial !== null && olderFailure(s.initial)) return true;
      down = false;
      p = s.parent;
    }
    return false;
  };

  for (const s of before.states) {
    const id = removedIds.get(s.path);
    const parent = s.parent === null ? undefined : byId.get(beforeState.get(s.parent) ?? '');
    const oldParent = s.parent === null ? undefined : beforeByPath.get(s.parent);
    if (id === undefined || !parent || !oldParent) continue;
    byId.set(id, {
      id,
      key: s.key,
      parent: parent.id,
      children: [],
      kind: s.type,
      // Inside a state that is itself gone, its older initial child; elsewhere the newer one stays the initial.
      initial: parent.change === 'removed' && oldParent.type === 'compound' && oldParent.initial === s.path,
      region: oldParent.type === 'parallel',
      depth: parent.depth + 1,
      tags: [...s.tags],
      entry: [...s.entry],
      exit: [...s.exit],
      invokes: s.invokes.map((src) => ({ id: src, src })),
      description: s.description ?? '',
      internal: [],
      change: 'removed',
    });
    // In place: right after its nearest older sibling that the chart draws.
    const siblings = before.states.filter((x) => x.parent === s.parent).map((x) => x.path);
    let at = 0;
    for (let i = siblings.indexOf(s.path) - 1; i >= 0; i--) {
      const pos = parent.children.indexOf(beforeState.get(siblings[i] ?? '') ?? '');
      if (pos !== -1) {
        at = pos + 1;
        break;
      }
    }
    parent.children.splice(at, 0, id);
  }

  const keys = new Set([...transitions, ...[...byId.values()].flatMap((s) => s.internal)].map((t) => t.key));
  const uniqueKey = (key: string) => {
    let out = key;
    while (keys.has(out)) out += BEFORE_SUFFIX;
    keys.add(out);
    return out;
  };
  const findTransition = (key: string): GraphTransition | undefined =>
    transitions.find((t) => t.key === key) ??
    [...byId.values()].flatMap((s) => s.internal).find((t) => t.key === key);

  /** An older transition drawn on the chart under `key`. */
  const olderTransition = (
    t: TransitionSnapshot,
    key: string,
    change: ChangeStatus,
    changeOf?: string,
  ): GraphTransition | undefined => {
    const source = beforeState.get(t.source);
    const targets = t.targets.map((p) => beforeState.get(p));
    const sourceId = beforeByPath.get(t.source)?.id;
    if (source === undefined || sourceId === undefined || targets.some((x) => x === undefined))
      return undefined;
    const eventType = t.kind === 'always' ? '' : t.key.slice(sourceId.length + 1, t.key.lastIndexOf('#'));
    const finished = t.kind === 'event' ? parseDoneStateEvent(t.event) : undefined;
    return {
      key,
      source,
      targets: targets as string[],
      kind: finished !== undefined ? 'finished' : t.kind,
      eventType,
      trigger: finished ?? t.event,
      guard: t.guard ?? undefined,
      actions: [...t.actions],
      delay: t.kind === 'after' ? (t.delay?.ms ?? 'computed') : undefined,
      reenter: false,
      failure: t.targets.some(olderFailure),
      description: t.description ?? '',
      change,
      ...(changeOf === undefined ? {} : { changeOf }),
    };
  };
  /** After its source's transitions (inside the source when it has no target). */
  const place = (t: GraphTransition) => {
    if (t.targets.length === 0) byId.get(t.source)?.internal.push(t);
    else transitions.push(t);
  };

  const removedTransition = new Map<string, string>();
  const oldTransition = new Map(before.transitions.map((t) => [t.key, t]));
  const previous = new Set<string>();
  for (const c of diff.changes) {
    switch (c.kind) {
      case 'state.added': {
        const s = byId.get(afterState.get(c.after) ?? '');
        if (s) s.change = 'added';
        break;
      }
      case 'state.renamed':
      case 'state.changed': {
        // The flow's own changes (the root's) are listed, not drawn.
        const s = c.after === '' ? undefined : byId.get(afterState.get(c.after) ?? '');
        if (s && s.change === undefined) s.change = 'changed';
        break;
      }
      case 'transition.added': {
        const t = findTransition(c.after);
        if (t) t.change = 'added';
        break;
      }
      case 'transition.removed': {
        const old = oldTransition.get(c.before);
        const key = uniqueKey(c.before);
        const t = old && olderTransition(old, key, 'removed');
        if (t) {
          place(t);
          removedTransition.set(c.before, key);
        }
        break;
      }
      case 'transition.changed': {
        const t = findTransition(c.after);
        if (t && t.change === undefined) t.change = 'changed';
        const old = oldTransition.get(c.before);
        if ((c.field === 'targets' || c.field === 'source') && old && !previous.has(c.after)) {
          previous.add(c.after);
          const route = olderTransition(old, uniqueKey(`${c.before}${BEFORE_SUFFIX}`), 'previous', c.after);
          if (route) place(route);
        }
        break;
      }
      default:
        break;
    }
  }

  const root = current.states.find((s) => s.parent === null);
  const states = root ? preOrder(byId, byId.get(root.id) ?? root) : [...byId.values()];
  // In the order of their sources, as the machine lists them (a stable sort keeps each state's order).
  const order = new Map(states.map((s, i) => [s.id, i]));
  transitions.sort((a, b) => (order.get(a.source) ?? 0) - (order.get(b.source) ?? 0));
  return {
    graph: { ...current, states, transitions },
    beforeState,
    afterState,
    removedTransition,
  };
}
