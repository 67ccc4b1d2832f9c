/**
 * What changed between two snapshots of the flows, as data: per flow, the states and transitions
 * added, removed, renamed or changed. Pure. In every change, `before` names a state path or a
 * transition key of the older snapshot and `after` one of the newer; `was` values read in the
 * older snapshot and `now` values in the newer.
 */
import type {
  DelaySnapshot,
  FlowSnapshot,
  FlowsSnapshot,
  StateSnapshot,
  StateType,
  TransitionKind,
  TransitionSnapshot,
} from './snapshot';

export type StateFieldChange =
  | { field: 'description'; was: string | null; now: string | null }
  | { field: 'type'; was: StateType; now: StateType }
  | { field: 'initial'; was: string | null; now: string | null }
  | { field: 'tags' | 'entry' | 'exit' | 'invokes'; was: string[]; now: string[] }
  | { field: 'meta'; was: unknown; now: unknown };

export interface Trigger {
  kind: TransitionKind;
  event: string;
  delay: DelaySnapshot | null;
}

export type TransitionFieldChange =
  | { field: 'source'; was: string; now: string }
  | { field: 'event'; was: Trigger; now: Trigger }
  | { field: 'delay'; was: DelaySnapshot; now: DelaySnapshot }
  | { field: 'targets'; was: string[]; now: string[] }
  | { field: 'guard'; was: string | null; now: string | null }
  | { field: 'actions'; was: string[]; now: string[] }
  | { field: 'description'; was: string | null; now: string | null };

export type FlowChange =
  | { kind: 'flow.added' }
  | { kind: 'flow.removed' }
  | { kind: 'flow.slug' | 'flow.title'; was: string; now: string }
  | { kind: 'state.added'; after: string }
  | { kind: 'state.removed'; before: string }
  | { kind: 'state.renamed'; before: string; after: string }
  | ({ kind: 'state.changed'; before: string; after: string } & StateFieldChange)
  | { kind: 'transition.added'; after: string }
  | { kind: 'transition.removed'; before: string }
  | ({ kind: 'transition.changed'; before: string; after: string } & TransitionFieldChange);

export interface FlowDiff {
  /** The slug in the newer snapshot (the older one for a removed flow). */
  slug: string;
  /** The slug in the older snapshot; null for an added flow. */
  beforeSlug: string | null;
  status: 'added' | 'removed' | 'changed';
  changes: FlowChange[];
}

export interface FlowsDiff {
  /** The flows that changed, in the newer catalogue's order, then the removed ones. */
  flows: FlowDiff[];
}

const sameJson = (a: unknown, b: unknown) => stableJson(a) === stableJson(b);

export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * Pairs each older state with a newer one (same path, or renamed in place); the rest are removed
 * or added. `map` takes an older path to its newer one; `translate` takes any older path to the
 * newer snapshot's terms through its nearest paired ancestor.
 */
export function matchStates(before: FlowSnapshot, after: FlowSnapshot) {
  const map = new Map<string, string>([['', '']]);
  const renamed: { before: string; after: string }[] = [];
  const afterByPath = new Map(after.states.map((s) => [s.path, s]));
  const taken = new Set<string>(['']);

  /** A path of the older snapshot in the newer one's terms, through its nearest paired ancestor. */
  const translate = (path: string): string => {
    const keys = path === '' ? [] : path.split('.');
    for (let n = keys.length; n >= 0; n--) {
      const mapped = map.get(keys.slice(0, n).join('.'));
      if (mapped !== undefined) return [mapped, ...keys.slice(n)].filter((k) => k !== '').join('.');
    }
    return path;
  };
  const outgoing = (flow: FlowSnapshot, path: string, toAfter: (p: string) => string) =>
    flow.transitions
      .filter((t) => t.source === path)
      .map((t) => stableJson([t.kind, t.event, t.targets.map(toAfter), t.guard, t.actions]))
      .sort()
      .join('|');
  const childKeys = (flow: FlowSnapshot, path: string) =>
    flow.states
      .filter((s) => s.parent === path)
      .map((s) => s.key)
      .sort()
      .join('|');

  const depth = (s: StateSnapshot) => (s.path === '' ? 0 : s.path.split('.').length);
  const maxDepth = Math.max(0, ...before.states.map(depth));
  for (let d = 1; d <= maxDepth; d++) {
    const level = before.states.filter((s) => depth(s) === d && s.parent !== null && map.has(s.parent));
    const unmatched: StateSnapshot[] = [];
    for (const s of level) {
      const candidate = [map.get(s.parent ?? '') ?? '', s.key].filter((k) => k !== '').join('.');
      if (afterByPath.has(candidate) && !taken.has(candidate)) {
        map.set(s.path, candidate);
        taken.add(candidate);
      } else unmatched.push(s);
    }
    // A state under the same parent with a new key: the same description, the same way out, or the same children.
    const fits = (old: StateSnapshot, next: StateSnapshot) => {
      if (next.parent !== map.get(old.parent ?? '') || taken.has(next.path) || next.type !== old.type)
        return false;
      if (old.description !== null && old.description === next.description) return true;
      const toAfter = (p: string) =>
        p === old.path || p.startsWith(`${old.path}.`) ? next.path + p.slice(old.path.length) : translate(p);
      const ways = outgoing(before, old.path, toAfter);
      if (ways !== '' && ways === outgoing(after, next.path, (p) => p)) return true;
      const children = childKeys(before, old.path);
      return children !== '' && children === childKeys(after, next.path);
    };
    const pairs = unmatched.flatMap((old) => {
      const options = after.states.filter((next) => depth(next) === d && fits(old, next));
      return options.length === 1 && options[0] ? [{ old, next: options[0] }] : [];
    });
    for (const { old, next } of pairs) {
      if (pairs.filter((p) => p.next === next).length !== 1) continue;
      map.set(old.path, next.path);
      taken.add(next.path);
      renamed.push({ before: old.path, after: next.path });
    }
  }
  return { map, renamed, translate };
}

type Translated = TransitionSnapshot & { original: TransitionSnapshot };

const triggerOf = (t: TransitionSnapshot): Trigger => ({ kind: t.kind, event: t.event, delay: t.delay });

/**
 * Pairs older and newer transitions, from the closest likeness to the loosest: all equal; the same
 * trigger and guard; the same trigger and description; the same description alone (one of a kind);
 * the same way (source, targets, guard) with a new trigger; the same trigger, in order.
 */
function matchTransitions(before: Translated[], after: TransitionSnapshot[]) {
  const pairs: { old: Translated; next: TransitionSnapshot }[] = [];
  const oldLeft = new Set(before);
  const newLeft = new Set(after);
  const sameTrigger = (a: TransitionSnapshot, b: TransitionSnapshot) =>
    a.source === b.source && a.kind === b.kind && a.event === b.event;
  const rules: ((a: Translated, b: TransitionSnapshot) => boolean)[] = [
    (a, b) =>
      sameTrigger(a, b) &&
      sameList(a.targets, b.targets) &&
      a.guard === b.guard &&
      sameList(a.actions, b.actions) &&
      sameJson(a.delay, b.delay) &&
      a.description === b.description,
    (a, b) => sameTrigger(a, b) && a.guard === b.guard,
    (a, b) => sameTrigger(a, b) && a.description !== null && a.description === b.description,
    (a, b) => a.description !== null && a.description === b.description,
    (a, b) =>
      a.source === b.source && a.kind === b.kind && sameList(a.targets, b.targets) && a.guard === b.guard,
    sameTrigger,
  ];
  rules.forEach((rule, i) => {
    const onlyOfAKind = i === 3;
    for (const old of [...oldLeft]) {
      const options = [...newLeft].filter((next) => rule(old, next));
      const next = options[0];
      if (!next) continue;
      if (onlyOfAKind && (options.length > 1 || [...oldLeft].filter((o) => rule(o, next)).length > 1))
        continue;
      pairs.push({ old, next });
      oldLeft.delete(old);
      newLeft.delete(next);
    }
  });
  return { pairs, removed: [...oldLeft], added: [...newLeft] };
}

function transitionChanges(old: Translated, next: TransitionSnapshot): TransitionFieldChange[] {
  const was = old.original;
  const out: TransitionFieldChange[] = [];
  if (old.source !== next.source) out.push({ field: 'source', was: was.source, now: next.source });
  if (old.kind === 'after' && next.kind === 'after') {
    if (was.delay && next.delay && !sameJson(was.delay, next.delay))
      out.push({ field: 'delay', was: was.delay, now: next.delay });
  } else if (old.kind !== next.kind || old.event !== next.event) {
    out.push({ field: 'event', was: triggerOf(was), now: triggerOf(next) });
  }
  if (!sameList(old.targets, next.targets))
    out.push({ field: 'targets', was: was.targets, now: next.targets });
  if (old.guard !== next.guard) out.push({ field: 'guard', was: was.guard, now: next.guard });
  if (!sameList(old.actions, next.actions))
    out.push({ field: 'actions', was: was.actions, now: next.actions });
  if (old.description !== next.description)
    out.push({ field: 'description', was: was.description, now: next.description });
  return out;
}

function stateChanges(old: StateSnapshot, next: StateSnapshot, translate: (p: string) => string) {
  const out: StateFieldChange[] = [];
  if (old.description !== next.description)
    out.push({ field: 'description', was: old.description, now: next.description });
  if (old.type !== next.type) out.push({ field: 'type', was: old.type, now: next.type });
  else if ((old.initial === null ? null : translate(old.initial)) !== next.initial)
    out.push({ field: 'initial', was: old.initial, now: next.initial });
  for (const field of ['tags', 'entry', 'exit', 'invokes'] as const) {
    if (!sameList(old[field], next[field])) out.push({ field, was: old[field], now: next[field] });
  }
  if (!sameJson(old.meta, next.meta)) out.push({ field: 'meta', was: old.meta, now: next.meta });
  return out;
}

/** Every change from one version of a flow to the next. */
export function diffFlow(before: FlowSnapshot, after: FlowSnapshot): FlowChange[] {
  const changes: FlowChange[] = [];
  if (before.slug !== after.slug) changes.push({ kind: 'flow.slug', was: before.slug, now: after.slug });
  if (before.title !== after.title) changes.push({ kind: 'flow.title', was: before.title, now: after.title });

  const { map, renamed, translate } = matchStates(before, after);
  const paired = new Set(map.values());
  const afterByPath = new Map(after.states.map((s) => [s.path, s]));
  const changed: FlowChange[] = [];
  for (const old of before.states) {
    const path = map.get(old.path);
    const next = path === undefined ? undefined : afterByPath.get(path);
    if (!next) continue;
    for (const change of stateChanges(old, next, translate))
      changed.push({ kind: 'state.changed', before: old.path, after: next.path, ...change });
  }
  // The root's own changes (the flow's description, its initial state) come first.
  const isRoot = (c: FlowChange) => c.kind === 'state.changed' && c.after === '';
  changes.push(...changed.filter(isRoot));
  for (const r of renamed) changes.push({ kind: 'state.renamed', ...r });
  for (const s of after.states) if (!paired.has(s.path)) changes.push({ kind: 'state.added', after: s.path });
  for (const s of before.states)
    if (!map.has(s.path)) changes.push({ kind: 'state.removed', before: s.path });
  changes.push(...changed.filter((c) => !isRoot(c)));

  const translated = before.transitions.map((t): Translated => ({
    ...t,
    source: translate(t.source),
    targets: t.targets.map(translate),
    original: t,
  }));
  const { pairs, removed, added } = matchTransitions(translated, after.transitions);
  for (const t of added) changes.push({ kind: 'transition.added', after: t.key });
  for (const t of removed) changes.push({ kind: 'transition.removed', before: t.key });
  const order = new Map(after.transitions.map((t, i) => [t, i]));
  pairs.sort((a, b) => (order.get(a.next) ?? 0) - (order.get(b.next) ?? 0));
  for (const { old, next } of pairs) {
    for (const change of transitionChanges(old, next))
      changes.push({ kind: 'transition.changed', before: old.key, after: next.key, ...change });
  }
  return changes;
}

/** The flows' changes between two snapshots: flows paired by slug, then by machine id. */
export function diffFlows(before: FlowsSnapshot, after: FlowsSnapshot): FlowsDiff {
  const pairedBefore = new Map<FlowSnapshot, FlowSnapshot>();
  const beforeLeft = new Set(before.flows);
  for (const next of after.flows) {
    const old = before.flows.find((f) => f.slug === next.slug && beforeLeft.has(f));
    if (old) {
      pairedBefore.set(next, old);
      beforeLeft.delete(old);
    }
  }
  for (const next of after.flows) {
    if (pairedBefore.has(next)) continue;
    const options = [...beforeLeft].filter((f) => f.machineId === next.machineId);
    const old = options[0];
    if (
      options.length === 1 &&
      old &&
      after.flows.filter((f) => f.machineId === next.machineId).length === 1
    ) {
      pairedBefore.set(next, old);
      beforeLeft.delete(old);
    }
  }
  const flows: FlowDiff[] = [];
  for (const next of after.flows) {
    const old = pairedBefore.get(next);
    if (!old) {
      flows.push({ slug: next.slug, beforeSlug: null, status: 'added', changes: [{ kind: 'flow.added' }] });
      continue;
    }
    const changes = diffFlow(old, next);
    if (changes.length > 0) flows.push({ slug: next.slug, beforeSlug: old.slug, status: 'changed', changes });
  }
  for (const old of beforeLeft)
    flows.push({
      slug: old.slug,
      beforeSlug: old.slug,
      status: 'removed',
      changes: [{ kind: 'flow.removed' }],
    });
  return { flows };
}
