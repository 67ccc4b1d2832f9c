/**
 * The data a machine's model shows: every sample event offered in every state its samples reach
 * from each run's input (breadth first, up to a bound), and every context on the way. What the
 * notes check reads to know the fields of the events and of the context that need a meaning.
 */
import { initialTransition, transition, type AnyStateMachine, type EventObject } from 'xstate';
import type { AnySnapshot } from './graph';
import type { MachineModel } from './types';

export interface ModelData {
  events: EventObject[];
  contexts: unknown[];
}

const keyOf = (snapshot: AnySnapshot) => JSON.stringify([snapshot.value, snapshot.context]);

/** The events and contexts of a model's states, from at most `limit` states per run. */
export function modelData(model: MachineModel, limit = 400): ModelData {
  const machine: AnyStateMachine = model.machine;
  const events = new Map<string, EventObject>();
  const contexts = new Map<string, unknown>();
  const inputs = model.runs.length > 0 ? model.runs.map((r) => r.input) : [undefined];
  for (const input of inputs) {
    const [first] = initialTransition(machine, input as never) as [AnySnapshot, unknown];
    const queue: AnySnapshot[] = [first];
    const seen = new Set<string>([keyOf(first)]);
    while (queue.length > 0 && seen.size <= limit) {
      const snapshot = queue.shift() as AnySnapshot;
      contexts.set(JSON.stringify(snapshot.context), snapshot.context);
      if (snapshot.status !== 'active') continue;
      for (const event of model.samples(snapshot)) {
        events.set(JSON.stringify(event), event);
        let next: AnySnapshot;
        try {
          [next] = transition(machine, snapshot as never, event as never) as [AnySnapshot, unknown];
        } catch {
          continue;
        }
        const key = keyOf(next);
        if (seen.has(key)) continue;
        seen.add(key);
        queue.push(next);
      }
    }
  }
  return { events: [...events.values()], contexts: [...contexts.values()] };
}
