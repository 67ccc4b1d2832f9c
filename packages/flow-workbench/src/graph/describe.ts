/**
 * A machine's states and transitions as plain data for the diagram, walked from the live machine
 * definition (machine.root): nesting, regions, initial and final states, tags, entry and exit
 * actions, invocations, and every transition labelled `event [guard] / actions`.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { nominalDelay, parseActorEvent, parseAfterEvent, parseDoneStateEvent } from '../kit/conventions';
import { guardCode, guardDependencies, guardSentence, readGuard, type GuardTree } from '../kit/guard-tree';
import { actionNames, invokeSrc } from '../kit/names';
import { leadsToFailure } from '../kit/verdict';
import { secondsText } from '../words';

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
export type TransitionKind = 'event' | 'after' | 'done' | 'error' | 'always' | 'finished';

/**
 * How a state or transition of a chart of changes (../changes/union.ts) differs from the base the
 * explorer was built against: new, gone (drawn in place), changed, or the route a changed
 * transition took before. A machine's own graph never has one.
 */
export type ChangeStatus = 'added' | 'removed' | 'changed' | 'previous';

export interface GraphTransition {
  /** The coverage key: `<source id> <event type>#<index>` (`always#<index>` without an event). */
  key: string;
  source: string;
  /** Target state ids; empty for a transition that only runs actions. */
  targets: string[];
  kind: TransitionKind;
  /** The event type the machine receives (empty for `always`). */
  eventType: string;
  /** Event type, delay name or actor src, by kind. */
  trigger: string;
  /** The guard as the code writes it: `isReady`, `and(isA, not(isB))` (../kit/guard-tree.ts). */
  guard: string | undefined;
  /** The guard read as a tree, for its meaning in Spanish from each named guard's note. */
  guardTree?: GuardTree;
  /** The named guards it depends on, through `setup({ guards })` too (where a mutant of one shows). */
  guardNames?: string[];
  actions: string[];
  /** For delays: the value in ms, or 'computed' when it depends on the context. */
  delay: number | 'computed' | undefined;
  reenter: boolean;
  /** It leads to a failure state (a `failure.*` tag, a state named failed or error): drawn in red. */
  failure: boolean;
  /** What the transition means, in Spanish (the machine's `description`). */
  description: string;
  change?: ChangeStatus;
  /** For the route a changed transition took before: the key of that transition now. */
  changeOf?: string;
}

export interface GraphState {
  id: string;
  /** The state's key (the machine id for the root). */
  key: string;
  parent: string | null;
  children: string[];
  kind: StateKind;
  /** The initial child of its parent (never true in a parallel parent, where all run). */
  initial: boolean;
  /** A region of a parallel state. */
  region: boolean;
  depth: number;
  tags: string[];
  entry: string[];
  exit: string[];
  invokes: { id: string; src: string }[];
  description: string;
  /** Transitions without a target, drawn inside the state. */
  internal: GraphTransition[];
  change?: ChangeStatus;
}

export interface MachineCounts {
  states: number;
  transitions: number;
  guards: number;
  delays: number;
  invokes: number;
}

export interface FlowGraph {
  machineId: string;
  states: GraphState[];
  transitions: GraphTransition[];
  counts: MachineCounts;
}

interface TransitionDefinitionLike {
  eventType: string;
  target?: readonly AnyStateNode[] | undefined;
  guard?: unknown;
  actions: readonly unknown[];
  reenter?: boolean;
  description?: string | undefined;
}

export function stateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => stateNodes(child))];
}

export function delayValue(machine: AnyStateMachine, name: string): number | 'computed' {
  const value = nominalDelay(((machine.implementations.delays ?? {}) as Record<string, unknown>)[name]);
  if (value !== undefined) return value;
  if (value === undefined && /^\d+$/.test(name)) return Number(name);
  return 'computed';
}

function describeTransition(
  machine: AnyStateMachine,
  node: AnyStateNode,
  t: TransitionDefinitionLike,
  key: string,
  always: boolean,
): GraphTransition {
  const guardTree = t.guard === undefined ? undefined : readGuard(t.guard);
  const base = {
    key,
    source: node.id,
    targets: (t.target ?? []).map((n) => n.id),
    eventType: always ? '' : t.eventType,
    guard: guardTree === undefined ? undefined : guardCode(guardTree),
    ...(guardTree === undefined ? {} : { guardTree, guardNames: guardDependencies(guardTree, machine) }),
    actions: actionNames(t.actions),
    delay: undefined,
    reenter: t.reenter === true,
    failure: leadsToFailure(t.target),
    description: t.description ?? '',
  };
  if (always) return { ...base, kind: 'always', trigger: '' };
  const type = t.eventType;
  const after = parseAfterEvent(type, (id) => id === node.id);
  if (after) return { ...base, kind: 'after', trigger: after.delay, delay: delayValue(machine, after.delay) };
  const actor = parseActorEvent(type);
  if (actor) return { ...base, kind: actor.outcome, trigger: invokeSrc(node, actor.id) };
  const finished = parseDoneStateEvent(type);
  if (finished !== undefined) return { ...base, kind: 'finished', trigger: finished };
  return { ...base, kind: 'event', trigger: type };
}

/** A piece of a label; `en` marks an identifier of the code (shown with lang="en"). */
export interface Seg {
  text: string;
  en?: boolean;
}

const en = (text: string): Seg => ({ text, en: true });
const es = (text: string): Seg => ({ text });

/** The delay's value as a person reads it: `2 s`, or `calculada` when it depends on the context. */
export function delayText(delay: GraphTransition['delay']): string {
  return delay === 'computed' || delay === undefined ? 'calculada' : secondsText(delay);
}

/**
 * The identifiers of a transition, in one line: `contact.submit [isContactComplete]`,
 * `tras redirectDelay · 2 s`, `createLead responde`, `createLead falla`, `inmediata [hasLeadId]`.
 */
export function triggerSegs(t: GraphTransition): Seg[] {
  const segs: Seg[] = [];
  switch (t.kind) {
    case 'after':
      segs.push(es('tras '), en(t.trigger), es(` · ${delayText(t.delay)}`));
      break;
    case 'done':
      segs.push(en(t.trigger), es(' responde'));
      break;
    case 'error':
      segs.push(en(t.trigger), es(' falla'));
      break;
    case 'always':
      segs.push(es('inmediata'));
      break;
    case 'finished':
      segs.push(es('al terminar '), en(t.trigger));
      break;
    default:
      segs.push(en(t.trigger));
  }
  if (t.guard) segs.push(es(' ['), en(t.guard), es(']'));
  return segs;
}

/**
 * A transition's condition in Spanish, as the explorer notes it: one named guard by its note as
 * written; a guard made of others as a sentence from their notes ("Si A y B", "Si no se cumple
 * que A", "Si el estado «…» está activo"). Undefined without a guard, or for one name without note.
 */
export function conditionText(
  t: Pick<GraphTransition, 'guardTree'>,
  notes: Readonly<Record<string, string>>,
): string | undefined {
  const tree = t.guardTree;
  if (tree === undefined) return undefined;
  if (tree.kind === 'named' && (tree.params === undefined || tree.params === 'computed')) {
    const note = notes[tree.name];
    return note === undefined || note.trim() === '' ? undefined : note;
  }
  return guardSentence(tree, notes);
}

/** The actions of a transition as identifiers: `/ assignLead, markUnsentChanges`, or none. */
export function actionSegs(t: GraphTransition): Seg[] {
  return t.actions.length > 0 ? [es('/ '), en(t.actions.join(', '))] : [];
}

export function segsText(segs: readonly Seg[]): string {
  return segs.map((s) => s.text).join('');
}

/** The trigger part of a label as plain text. */
export function triggerText(t: GraphTransition): string {
  return segsText(triggerSegs(t));
}

/** `trigger [guard] / actions` in one line (identifiers). */
export function transitionText(t: GraphTransition): string {
  const actions = segsText(actionSegs(t));
  return `${triggerText(t)}${actions ? ` ${actions}` : ''}`;
}

function kindOf(node: AnyStateNode): StateKind {
  if (node.type === 'history') return 'history';
  if (node.type === 'final') return 'final';
  if (node.type === 'parallel') return 'parallel';
  return Object.keys(node.states).length > 0 ? 'compound' : 'atomic';
}

export function describeMachine(machine: AnyStateMachine): FlowGraph {
  const nodes = stateNodes(machine.root);
  const transitions: GraphTransition[] = [];
  const states: GraphState[] = nodes.map((node) => {
    const internal: GraphTransition[] = [];
    const own: GraphTransition[] = [];
    for (const [eventType, defs] of node.transitions) {
      defs.forEach((t, i) =>
        own.push(describeTransition(machine, node, t, `${node.id} ${eventType}#${i}`, false)),
      );
    }
    (node.always ?? []).forEach((t, i) =>
      own.push(describeTransition(machine, node, t, `${node.id} always#${i}`, true)),
    );
    for (const t of own) (t.targets.length === 0 ? internal : transitions).push(t);
    const parent = node.parent;
    return {
      id: node.id,
      key: node === machine.root ? machine.id : node.key,
      parent: parent?.id ?? null,
      children: Object.values(node.states).map((c) => c.id),
      kind: kindOf(node),
      initial: parent !== undefined && parent.type !== 'parallel' && parent.initial?.target[0] === node,
      region: parent?.type === 'parallel',
      depth: node.path.length,
      tags: [...node.tags],
      entry: actionNames(node.entry),
      exit: actionNames(node.exit),
      invokes: node.invoke.map((inv) => ({
        id: inv.id,
        src: typeof inv.src === 'string' ? inv.src : inv.id,
      })),
      description: node.description ?? '',
      internal,
    };
  });
  const impl = machine.implementations;
  return {
    machineId: machine.id,
    states,
    transitions,
    counts: {
      // The root (the whole machine) counts, as QA's browser run and the docs count it.
      states: states.length,
      transitions: transitions.length + states.reduce((n, s) => n + s.internal.length, 0),
      guards: Object.keys(impl.guards ?? {}).length,
      delays: new Set(transitions.filter((t) => t.kind === 'after').map((t) => t.trigger)).size,
      invokes: states.reduce((n, s) => n + s.invokes.length, 0),
    },
  };
}
