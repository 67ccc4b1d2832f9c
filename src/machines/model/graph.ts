/**
 * States and transitions of a machine as stable string keys, and the account of which of them a
 * run reached. The keys are what the model tests report as missing and what a coverage file
 * lists: a state is its id (`leadWizard.steps.contact`), a transition is its source state's id,
 * its event type and its index among that state's transitions for that event
 * (`leadWizard.steps.contact.editing contact.submit#0`, `… always#0` for eventless ones).
 */
import type { Actor, AnyStateMachine, AnyStateNode, InspectionEvent } from 'xstate';

export type AnySnapshot = ReturnType<Actor<AnyStateMachine>['getSnapshot']>;

export function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child))];
}

export interface TransitionLike {
  source: AnyStateNode;
  eventType: string;
}

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

export class Coverage {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();

  /** Records a microstep of the root actor (children, the fake actors, are ignored). */
  record(event: InspectionEvent): void {
    if (event.type !== '@xstate.microstep' || event.actorRef.sessionId !== event.rootId) return;
    const step = event as InspectionEvent & { _transitions: TransitionLike[]; snapshot: AnySnapshot };
    for (const t of step._transitions) {
      this.transitions.add(transitionKey(t));
      // A transient state is reached when a transition leaves it.
      this.states.add(t.source.id);
    }
    this.recordSnapshot(step.snapshot);
  }

  recordSnapshot(snapshot: AnySnapshot): void {
    for (const node of snapshot._nodes) this.states.add(node.id);
  }

  missing(machine: AnyStateMachine): { states: string[]; transitions: string[] } {
    const graph = machineGraph(machine);
    return {
      states: graph.states.filter((s) => !this.states.has(s)),
      transitions: graph.transitions.filter((t) => !this.transitions.has(t)),
    };
  }
}
