/**
 * How the workbench reads the conventions of the machines it is given, each in one place: the
 * event types XState makes for a delay, an invoked actor's answer and a final state, and a delay's
 * nominal duration. Every reader of these names (the kit, the charts, the links, the docs, the
 * diff) goes through here.
 */

const XSTATE = 'xstate.';
const AFTER = 'xstate.after.';
const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const DONE_STATE = 'xstate.done.state.';

/** An event XState makes itself (init, a delay, an actor's answer, a final state), not a visitor's. */
export function isXStateEvent(type: string): boolean {
  return type.startsWith(XSTATE);
}

export function isAfterEvent(type: string): boolean {
  return type.startsWith(AFTER);
}

/** `xstate.after.<delay>.<state id>`: the event a delay of that state sends. */
export function afterEvent(delay: string, stateId: string): string {
  return `${AFTER}${delay}.${stateId}`;
}

/**
 * The delay and the state of `xstate.after.<delay>.<state id>`. Both may hold dots, so the split
 * is at the first dot after which a state id follows (`isStateId` says which are); undefined when
 * the type is no delay's or names no such state.
 */
export function parseAfterEvent(
  type: string,
  isStateId: (id: string) => boolean,
): { delay: string; stateId: string } | undefined {
  if (!isAfterEvent(type)) return undefined;
  const rest = type.slice(AFTER.length);
  for (let dot = rest.indexOf('.'); dot > 0; dot = rest.indexOf('.', dot + 1)) {
    const stateId = rest.slice(dot + 1);
    if (isStateId(stateId)) return { delay: rest.slice(0, dot), stateId };
  }
  return undefined;
}

/** The state ids of a machine whose id is `machineId`, as XState writes them (the root's included). */
export function inMachine(machineId: string): (id: string) => boolean {
  return (id) => id === machineId || id.startsWith(`${machineId}.`);
}

/** `xstate.done.actor.<id>`: an invoked actor's answer. */
export function doneActorEvent(id: string): string {
  return `${DONE_ACTOR}${id}`;
}

/** `xstate.error.actor.<id>`: an invoked actor's failure. */
export function errorActorEvent(id: string): string {
  return `${ERROR_ACTOR}${id}`;
}

/** The invocation id and outcome an actor's event names, or undefined for another event. */
export function parseActorEvent(type: string): { outcome: 'done' | 'error'; id: string } | undefined {
  if (type.startsWith(DONE_ACTOR)) return { outcome: 'done', id: type.slice(DONE_ACTOR.length) };
  if (type.startsWith(ERROR_ACTOR)) return { outcome: 'error', id: type.slice(ERROR_ACTOR.length) };
  return undefined;
}

/** The state whose final child was reached, of `xstate.done.state.<state id>`, or undefined. */
export function parseDoneStateEvent(type: string): string | undefined {
  return type.startsWith(DONE_STATE) ? type.slice(DONE_STATE.length) : undefined;
}

/**
 * The duration a delay implementation names: a number, or a function carrying its nominal
 * duration as `ms` (a delay computed from the context still reads 'after 500 ms' on the chart).
 */
export function nominalDelay(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'function' && 'ms' in value && typeof value.ms === 'number') return value.ms;
  return undefined;
}
