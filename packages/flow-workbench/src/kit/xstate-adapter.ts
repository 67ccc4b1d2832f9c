/**
 * The kit's only read of XState's private fields. XState's public API gives a snapshot's value,
 * tags and machine, the state nodes with their transitions, and the actions an actor runs; it
 * does not say which transitions a microstep took. The microstep inspection event carries them
 * as `_transitions` (typed by XState, but private by name). Everything else in the kit uses the
 * public API; if a new XState release renames this field, this file is the one to change.
 */
import type { AnyTransitionDefinition, InspectionEvent, Snapshot } from 'xstate';

/** A microstep of the inspected actor: the transitions it took and the snapshot after it. */
export function microstep(
  event: InspectionEvent,
): { transitions: readonly AnyTransitionDefinition[]; snapshot: Snapshot<unknown> } | undefined {
  return event.type === '@xstate.microstep'
    ? { transitions: event._transitions, snapshot: event.snapshot }
    : undefined;
}
