/**
 * The names of a flow's parts, shared by the flow workbench (explorer, flow diff, QA's results)
 * and the site's recorder of real visits: a state is its id (`leadWizard.steps.contact`), a
 * transition is its source state's id, its event type and its index among that state's
 * transitions for that event (`leadWizard.steps.contact.editing contact.submit#0`, `… always#0`
 * for eventless ones); graphSignature is the signature of those keys (what a flow's version was
 * before it was its behaviour, ../../flow-workbench/src/kit/behaviour.ts; the workbench still
 * reads older versions and flows without a machine file by it). One module, so a
 * count recorded on a page lands on the very box and arrow the explorer draws, and a renamed
 * state is followed across versions the way the flow diff follows it.
 *
 * Small and free of anything but XState's types: it is part of the pages' JavaScript.
 */
import type {
  Actor,
  AnyStateMachine,
  AnyStateNode,
  AnyTransitionDefinition,
  InspectionEvent,
  Snapshot,
  StateValue,
} from 'xstate';

export type AnySnapshot = ReturnType<Actor<AnyStateMachine>['getSnapshot']>;

export function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child))];
}

/** The state nodes a snapshot is in (every region of a parallel state and all ancestors), in document order. */
export function activeStateNodes(snapshot: AnySnapshot): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const visit = (node: AnyStateNode, value: StateValue | undefined) => {
    out.push(node);
    if (typeof value === 'string') {
      const child = node.states[value];
      if (child) visit(child, undefined);
    } else if (value) {
      for (const [key, sub] of Object.entries(value)) {
        const child = node.states[key];
        if (child) visit(child, sub);
      }
    }
  };
  visit(snapshot.machine.root, snapshot.value);
  return out.sort((a, b) => a.order - b.order);
}

/** The ids of the state nodes a snapshot is in. */
export function activeStateIds(snapshot: AnySnapshot): string[] {
  return activeStateNodes(snapshot).map((n) => n.id);
}

export type TransitionLike = Pick<AnyTransitionDefinition, 'source' | 'eventType'>;

export function transitionKey(t: TransitionLike): string {
  const always = t.source.always ?? [];
  const alwaysIndex = always.indexOf(t as never);
  if (alwaysIndex >= 0) return `${t.source.id} always#${alwaysIndex}`;
  const index = (t.source.transitions.get(t.eventType) ?? []).indexOf(t as never);
  if (index < 0) throw new Error(`transition ${t.eventType} of ${t.source.id} not found in its state node`);
  return `${t.source.id} ${t.eventType}#${index}`;
}

/** Every state id and transition key of a machine. */
export function machineGraph(machine: AnyStateMachine): { states: string[]; transitions: string[] } {
  const nodes = allNodes(machine.root);
  const transitions: string[] = [];
  for (const node of nodes) {
    for (const defs of node.transitions.values()) for (const t of defs) transitions.push(transitionKey(t));
    for (const t of node.always ?? []) transitions.push(transitionKey(t));
  }
  return { states: nodes.map((n) => n.id), transitions };
}

/** A short, stable fingerprint of a machine's states and transitions (FNV-1a of their keys): its shape, not its values. */
export function graphSignature(machine: AnyStateMachine): string {
  return keysSignature(machineGraph(machine));
}

/**
 * The same fingerprint from the keys alone, in machineGraph's order: what a flow's version is when
 * only a plain copy of it is at hand (the flow diff's snapshot of an older commit).
 */
export function keysSignature({
  states,
  transitions,
}: {
  states: readonly string[];
  transitions: readonly string[];
}): string {
  let hash = 0x811c9dc5;
  for (const ch of [...states, '|', ...transitions].join('\n')) {
    hash ^= ch.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * The one read of XState's private fields. XState's public API gives a snapshot's value, tags and
 * machine, the state nodes with their transitions, and the actions an actor runs; it does not say
 * which transitions a microstep took. The microstep inspection event carries them as
 * `_transitions` (typed by XState, but private by name). If a new XState release renames this
 * field, this function is the one to change.
 */
export function microstep(
  event: InspectionEvent,
): { transitions: readonly AnyTransitionDefinition[]; snapshot: Snapshot<unknown> } | undefined {
  return event.type === '@xstate.microstep'
    ? { transitions: event._transitions, snapshot: event.snapshot }
    : undefined;
}
