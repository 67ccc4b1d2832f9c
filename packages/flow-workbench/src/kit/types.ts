import type { AnyStateMachine, EventObject } from 'xstate';
import type { AnySnapshot } from './graph';

/** Candidate events (with payloads) in a state. */
export type EventSamples = (snapshot: AnySnapshot) => EventObject[];

/** One input of a machine and the events its model offers: one set of generated paths. */
export interface ModelRun {
  /** Shown in the flow explorer and in the test names. */
  label: string;
  input?: unknown;
  /** Candidate events in a state, for the shortest paths. */
  events: EventSamples;
  /** A narrower event set for the simple paths, when the full one makes too many. */
  simpleEvents?: EventSamples;
  /**
   * Bound for large graphs: only the simple paths of at most this many steps (all of them).
   * Without it, xstate/graph's getSimplePaths gives every simple path.
   */
  maxSimpleSteps?: number;
  /** The simple paths are refused beyond this count (narrow simpleEvents or lower the bound). */
  maxSimplePaths?: number;
}

/**
 * The model of one machine: the runs its model test replays, and every sample event (payloads
 * included) for a state, which the flow explorer offers as buttons when `snapshot.can` accepts
 * them. Invoked actors' outcomes are samples too: `{ type: 'xstate.done.actor.<id>', output }`
 * and `{ type: 'xstate.error.actor.<id>', error }`.
 */
export interface MachineModel {
  machine: AnyStateMachine;
  runs: readonly ModelRun[];
  samples: EventSamples;
}
