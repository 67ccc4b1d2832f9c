/**
 * The keys of a machine's states and transitions (named in @tienda/flow-identity, which the site's
 * visit recorder shares), the event types a machine handles, and the account of which states and
 * transitions a run reached. The keys are what the model tests report as missing and what a
 * coverage file lists.
 */
import type { AnyStateMachine, AnyStateNode, InspectionEvent } from 'xstate';
import {
  activeStateIds,
  allNodes,
  machineGraph,
  microstep,
  transitionKey,
  type AnySnapshot,
} from '@tienda/flow-identity';
import { parseAfterEvent } from './conventions';

export {
  activeStateIds,
  activeStateNodes,
  allNodes,
  machineGraph,
  transitionKey,
  type AnySnapshot,
  type TransitionLike,
} from '@tienda/flow-identity';

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
