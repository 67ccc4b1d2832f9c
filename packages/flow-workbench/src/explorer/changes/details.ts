/**
 * What the explorer says about each change of a flow: the summary's own lines
 * (scripts/flows-diff/markdown.ts), each tied to the state or transition of the chart it is about,
 * and, per state or transition, its facts before and after, worded as the summary words them
 * (FlowText: states by their description, guards by the catalogue's note). Built when the
 * explorer is built.
 */
import { stableJson, type FlowChange, type FlowDiff } from '../../diff/diff';
import { FlowText, TYPE_NAMES, changeLine, code, codes, quoted } from '../../diff/markdown';
import type { FlowSnapshot } from '../../diff/snapshot';
import type { ChangeDetail, ChangeFact, ChangeItem } from './types';
import type { Union } from './union';

type Facts = Map<string, string | null>;

const list = (items: readonly string[]) => (items.length > 0 ? codes(items) : null);

const STATE_FIELDS = {
  description: 'Qué pasa',
  key: 'Nombre en el código',
  type: 'Tipo',
  initial: 'Empieza en',
  tags: 'Pantalla y etiquetas',
  entry: 'Al entrar',
  exit: 'Al salir',
  invokes: 'Llama a',
  meta: 'Meta',
} as const;

const TRANSITION_FIELDS = {
  description: 'Qué significa',
  source: 'Sale de',
  event: 'Se dispara',
  delay: 'Se dispara',
  targets: 'Lleva a',
  guard: 'Condición',
  actions: 'Acciones',
} as const;

function stateFacts(flow: FlowSnapshot, path: string): Facts {
  const s = flow.states.find((x) => x.path === path);
  if (!s) return new Map();
  const text = new FlowText(flow);
  return new Map([
    [STATE_FIELDS.description, s.description === null ? null : quoted(s.description)],
    [STATE_FIELDS.key, code(s.key)],
    ['Dentro de', s.parent === null || s.parent === '' ? null : text.state(s.parent)],
    [STATE_FIELDS.type, TYPE_NAMES[s.type]],
    [STATE_FIELDS.initial, s.initial === null ? null : text.state(s.initial)],
    [STATE_FIELDS.tags, list(s.tags)],
    [STATE_FIELDS.entry, list(s.entry)],
    [STATE_FIELDS.exit, list(s.exit)],
    [STATE_FIELDS.invokes, list(s.invokes)],
    [STATE_FIELDS.meta, s.meta === null ? null : code(stableJson(s.meta))],
  ]);
}

function transitionFacts(flow: FlowSnapshot, key: string): Facts {
  const t = flow.transitions.find((x) => x.key === key);
  if (!t) return new Map();
  const text = new FlowText(flow);
  return new Map([
    [TRANSITION_FIELDS.description, t.description === null ? null : quoted(t.description)],
    [TRANSITION_FIELDS.source, text.state(t.source)],
    [TRANSITION_FIELDS.event, text.trigger(t)],
    [
      TRANSITION_FIELDS.targets,
      t.targets.length > 0 ? text.states(t.targets) : 'se queda en el mismo estado',
    ],
    [TRANSITION_FIELDS.guard, t.guard === null ? null : `${text.guard(t.guard)} (${code(t.guard)})`],
    [TRANSITION_FIELDS.actions, list(t.actions)],
  ]);
}

/** Every fact of the side that has them (the other side null), or the `labels` asked for on both. */
function pair(was: Facts | undefined, now: Facts | undefined, labels?: ReadonlySet<string>): ChangeFact[] {
  const names = [...new Set([...(was?.keys() ?? []), ...(now?.keys() ?? [])])];
  return names
    .filter((label) => labels === undefined || labels.has(label))
    .map((label) => ({ label, was: was?.get(label) ?? null, now: now?.get(label) ?? null }))
    .filter((f) => f.was !== null || f.now !== null);
}

/**
 * The flow's summary lines tied to the chart (`items`), and what to show of each changed state or
 * transition of the chart (`details`, by its id or key there). `before` is undefined for a new flow.
 */
export function changeDetails(
  union: Union,
  before: FlowSnapshot | undefined,
  after: FlowSnapshot,
  diff: FlowDiff,
): { items: ChangeItem[]; details: Record<string, ChangeDetail> } {
  const was = new FlowText(before ?? after);
  const now = new FlowText(after);
  const items: ChangeItem[] = [];
  const details: Record<string, ChangeDetail> = {};
  const lines = new Map<string, string[]>();
  /** The fields that changed, per changed state or transition. */
  const fields = new Map<
    string,
    { kind: 'state' | 'transition'; before: string; after: string; labels: Set<string> }
  >();

  const stateTitle = (flow: FlowSnapshot, path: string) => {
    const s = flow.states.find((x) => x.path === path);
    return s?.description ?? s?.id ?? path;
  };
  const stateId = (flow: FlowSnapshot | undefined, path: string) =>
    flow?.states.find((x) => x.path === path)?.id ?? null;
  const transitionTitle = (flow: FlowSnapshot, key: string) => {
    const t = flow.transitions.find((x) => x.key === key);
    return t?.description ?? (t ? new FlowText(flow).where(t) : key);
  };

  const tie = (change: FlowChange): ChangeItem['target'] | undefined => {
    switch (change.kind) {
      case 'state.added':
        return { kind: 'state', id: union.afterState.get(change.after) ?? change.after };
      case 'state.removed':
        return { kind: 'state', id: union.beforeState.get(change.before) ?? change.before };
      case 'state.renamed':
      case 'state.changed':
        return change.after === ''
          ? undefined
          : { kind: 'state', id: union.afterState.get(change.after) ?? change.after };
      case 'transition.added':
        return { kind: 'transition', id: change.after };
      case 'transition.removed':
        return { kind: 'transition', id: union.removedTransition.get(change.before) ?? change.before };
      case 'transition.changed':
        return { kind: 'transition', id: change.after };
      default:
        return undefined;
    }
  };
  /** What a line says of its state or transition; 'flow' for the flow's own changes. */
  const statusOf = (change: FlowChange): ChangeItem['change'] => {
    if (change.kind.endsWith('.added')) return 'added';
    if (change.kind.endsWith('.removed')) return 'removed';
    return 'changed';
  };

  for (const change of diff.changes) {
    const line = changeLine(change, was, now, after);
    const target = tie(change);
    const status = target ? statusOf(change) : 'flow';
    items.push(target ? { line, change: status, target } : { line, change: status });
    if (!target) continue;
    lines.set(target.id, [...(lines.get(target.id) ?? []), line]);
    switch (change.kind) {
      case 'state.added':
        details[target.id] ??= {
          kind: 'state',
          change: 'added',
          title: stateTitle(after, change.after),
          lines: [],
          facts: pair(undefined, stateFacts(after, change.after)),
          stateIds: { was: null, now: stateId(after, change.after) },
        };
        break;
      case 'state.removed':
        details[target.id] ??= {
          kind: 'state',
          change: 'removed',
          title: stateTitle(before ?? after, change.before),
          lines: [],
          facts: pair(before && stateFacts(before, change.before), undefined),
          stateIds: { was: stateId(before, change.before), now: null },
        };
        break;
      case 'transition.added':
        details[target.id] ??= {
          kind: 'transition',
          change: 'added',
          title: transitionTitle(after, change.after),
          lines: [],
          facts: pair(undefined, transitionFacts(after, change.after)),
        };
        break;
      case 'transition.removed':
        details[target.id] ??= {
          kind: 'transition',
          change: 'removed',
          title: transitionTitle(before ?? after, change.before),
          lines: [],
          facts: pair(before && transitionFacts(before, change.before), undefined),
        };
        break;
      case 'state.renamed':
      case 'state.changed':
      case 'transition.changed': {
        const kind = change.kind === 'transition.changed' ? 'transition' : 'state';
        const names: Readonly<Record<string, string>> = kind === 'state' ? STATE_FIELDS : TRANSITION_FIELDS;
        const field = change.kind === 'state.renamed' ? 'key' : change.field;
        const entry = fields.get(target.id) ?? {
          kind,
          before: change.before,
          after: change.after,
          labels: new Set(),
        };
        entry.labels.add(names[field] ?? field);
        fields.set(target.id, entry);
        break;
      }
      default:
        break;
    }
  }

  for (const [id, f] of fields) {
    // A state or transition that is new or gone says everything about itself already.
    if (details[id]) continue;
    const isState = f.kind === 'state';
    details[id] = {
      kind: f.kind,
      change: 'changed',
      title: isState ? stateTitle(after, f.after) : transitionTitle(after, f.after),
      lines: [],
      facts: pair(
        before && (isState ? stateFacts(before, f.before) : transitionFacts(before, f.before)),
        isState ? stateFacts(after, f.after) : transitionFacts(after, f.after),
        f.labels,
      ),
      ...(isState ? { stateIds: { was: stateId(before, f.before), now: stateId(after, f.after) } } : {}),
    };
  }
  for (const [id, detail] of Object.entries(details)) detail.lines = lines.get(id) ?? [];
  return { items, details };
}
