/**
 * States and transitions of a machine as stable string keys, the states a snapshot is in, and
 * the account of which of them a run reached. The keys are what the model tests report as
 * missing and what a coverage file lists: a state is its id (`leadWizard.steps.contact`), a
 * transition is its source state's id, its event type and its index among that state's
 * transitions for that event (`leadWizard.steps.contact.editing contact.submit#0`, `… always#0`
 * for eventless ones). Public XState API only, except the microstep's transitions (adapter).
 */
import type {
  Actor,
  AnyStateMachine,
  AnyStateNode,
  AnyTransitionDefinition,
  InspectionEvent,
  StateValue,
} from 'xstate';
import { microstep } from './xstate-adapter';
import { parseAfterEvent } from './conventions';

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

/** Every event type a machine handles (delays and invoke outcomes as the events it receives), sorted. */
export function eventTypes(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  for (const node of allNodes(machine.root)) for (const type of node.transitions.keys()) types.add(type);
  return [...types].sort();
}

/** The delay's name and state of a machine's delay event (conventions.ts); an empty state when it names none. */
export function delayEventOf(machine: AnyStateMachine, type: string): { delay: string; stateId: string } {
  const ids = new Set(allNodes(machine.root).map((n) => n.id));
  return parseAfterEvent(type, (id) => ids.has(id)) ?? { delay: type, stateId: '' };
}

/**
 * A state the machine never rests in: an eventless transition without a guard leaves it in the
 * same step it was entered, so no snapshot (and no screen) is ever in it.
 */
export function isTransient(node: AnyStateNode): boolean {
  return (node.always ?? []).some((t) => t.guard === undefined);
}

/**
 * The drift between a machine and a table keyed by its state ids and event types (as the browser
 * model tables are): states without an entry (a transient state needs none: nothing can be seen
 * in it), events without an entry, and the entries (or transition keys listed as unreachable) the
 * machine does not have.
 */
export function tableDrift(
  machine: AnyStateMachine,
  table: { states: object; events: object; unreachable?: object },
): { statesWithoutAssertion: string[]; eventsWithoutAction: string[]; unknownEntries: string[] } {
  const graph = machineGraph(machine);
  const events = eventTypes(machine);
  const transitions = new Set(graph.transitions);
  return {
    statesWithoutAssertion: allNodes(machine.root)
      .filter((node) => !isTransient(node) && !(node.id in table.states))
      .map((node) => node.id),
    eventsWithoutAction: events.filter((e) => !(e in table.events)),
    unknownEntries: [
      ...Object.keys(table.states).filter((s) => !graph.states.includes(s)),
      ...Object.keys(table.events).filter((e) => !events.includes(e)),
      ...Object.keys(table.unreachable ?? {}).filter((t) => !transitions.has(t)),
    ],
  };
}

export class Coverage {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();

  /** Records a microstep of the root actor (children, the fake actors, are ignored). */
  record(event: InspectionEvent): void {
    if (event.actorRef.sessionId !== event.rootId) return;
    const step = microstep(event);
    if (!step) return;
    for (const t of step.transitions) {
      this.transitions.add(transitionKey(t));
      // A transient state is reached when a transition leaves it.
      this.states.add(t.source.id);
    }
    this.recordSnapshot(step.snapshot as AnySnapshot);
  }

  recordSnapshot(snapshot: AnySnapshot): void {
    for (const id of activeStateIds(snapshot)) this.states.add(id);
  }

  missing(machine: AnyStateMachine): { states: string[]; transitions: string[] } {
    const graph = machineGraph(machine);
    return {
      states: graph.states.filter((s) => !this.states.has(s)),
      transitions: graph.transitions.filter((t) => !this.transitions.has(t)),
    };
  }
}
