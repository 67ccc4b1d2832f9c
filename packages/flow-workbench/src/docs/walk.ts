/** Walking a machine's state nodes and transitions: what the diagram, the Stately file and the tables share. */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { nominalDelay, parseActorEvent, parseAfterEvent } from '../kit/conventions';
import { guardCode, readGuard, type GuardTree } from '../kit/guard-tree';
import { actionNames, invokeSrc, nameOf } from '../kit/names';
import { secondsText } from './spanish';

export { actionNames, nameOf };

export type Kind = 'event' | 'after' | 'done' | 'error' | 'always';

export interface TransitionInfo {
  source: AnyStateNode;
  targets: AnyStateNode[];
  kind: Kind;
  /** Event type, delay name or actor src, by kind. */
  trigger: string;
  /** The guard as the code writes it (`and(isA, not(isB))`, ../kit/guard-tree.ts). */
  guard: string | undefined;
  /** The guard read as a tree: what each tool renders from. */
  guardTree: GuardTree | undefined;
  actions: string[];
  /** The event type the machine receives (empty for `always`). */
  eventType: string;
  /** The transition's place among the candidates for its event (guarded ones are tried in order). */
  index: number;
  description: string | undefined;
}

interface TransitionDefinitionLike {
  eventType: string;
  target?: readonly AnyStateNode[] | undefined;
  guard?: unknown;
  actions: readonly unknown[];
  description?: string | undefined;
}

export function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child))];
}

export function childNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states);
}

function describeTransition(
  node: AnyStateNode,
  t: TransitionDefinitionLike,
  index: number,
  always: boolean,
): TransitionInfo {
  const guardTree = t.guard === undefined ? undefined : readGuard(t.guard);
  const base = {
    source: node,
    targets: [...(t.target ?? [])],
    guard: guardTree === undefined ? undefined : guardCode(guardTree),
    guardTree,
    actions: actionNames(t.actions),
    eventType: always ? '' : t.eventType,
    index,
    description: t.description,
  };
  if (always) return { ...base, kind: 'always', trigger: '' };
  const type = t.eventType;
  const after = parseAfterEvent(type, (id) => id === node.id);
  if (after) return { ...base, kind: 'after', trigger: after.delay };
  const actor = parseActorEvent(type);
  if (actor) return { ...base, kind: actor.outcome, trigger: invokeSrc(node, actor.id) };
  return { ...base, kind: 'event', trigger: type };
}

export function collectTransitions(machine: AnyStateMachine): TransitionInfo[] {
  const out: TransitionInfo[] = [];
  for (const node of allNodes(machine.root)) {
    for (const defs of node.transitions.values()) {
      defs.forEach((t, i) => out.push(describeTransition(node, t, i, false)));
    }
    (node.always ?? []).forEach((t, i) => out.push(describeTransition(node, t, i, true)));
  }
  return out;
}

/** The value of a named delay, or undefined when it is computed from the context. */
export function delayValue(machine: AnyStateMachine, name: string): number | undefined {
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>;
  return nominalDelay(delays[name]);
}

/** A delayed transition's trigger: `tras redirectDelay (2 s)`, `tras updateRetryDelay (calculada)`. */
export function delayLabel(machine: AnyStateMachine, name: string): string {
  const ms = delayValue(machine, name);
  return `tras ${name} (${ms === undefined ? 'calculada' : secondsText(ms)})`;
}

/**
 * A transition as the code names it, `trigger [guard] / actions`, with the flow explorer's words
 * around the identifiers: `tras redirectDelay (2 s)`, `createLead responde`, `createLead falla`,
 * `inmediata [hasLeadId]`.
 */
export function transitionCode(machine: AnyStateMachine, t: TransitionInfo): string {
  const triggers: Record<Kind, string> = {
    event: t.trigger,
    after: t.kind === 'after' ? delayLabel(machine, t.trigger) : '',
    done: `${t.trigger} responde`,
    error: `${t.trigger} falla`,
    always: 'inmediata',
  };
  const guard = t.guard ? ` [${t.guard}]` : '';
  const actions = t.actions.length > 0 ? ` / ${t.actions.join(', ')}` : '';
  return `${triggers[t.kind]}${guard}${actions}`;
}

export function relativePath(from: AnyStateNode, to: AnyStateNode): string {
  return to.path.slice(from.path.length).join('.');
}
/** A state's name in the code, from the machine: `steps.contact`, the machine's id for the root. */
export function statePath(node: AnyStateNode): string {
  return node.path.length === 0 ? node.id : node.path.join('.');
}

export function uniqueSorted(values: Iterable<string>): string[] {
  return [...new Set(values)].sort();
}
