/**
 * Fake effects for running the very machine the site runs: every named actor becomes a promise
 * that waits until a test step or an explorer button settles it, and every action the views
 * provide (navigation, storage, analytics, SDK calls: the actions that are not built into
 * XState) only records its call. The faked machine is built once per machine (provide() is not
 * cheap); its fakes report to the log attached to their actor system.
 */
import { fromPromise, type AnyStateMachine } from 'xstate';

/** A call of an invoked actor. */
export interface ActorCall {
  /** The invocation's id: a settled call reaches the machine as `xstate.done.actor.<id>`. */
  id: string;
  src: string;
  input: unknown;
  /** Resolved, rejected or stopped (its state was left). */
  settled: boolean;
  stopped: boolean;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/** A call of an action the views provide. */
export interface EffectCall {
  action: string;
  params: unknown;
}

/** What the fakes of one running actor recorded, in order. */
export interface FakeLog {
  calls: ActorCall[];
  effects: EffectCall[];
}

export interface FakedMachine {
  machine: AnyStateMachine;
  /** The names of the actions the views provide (recorded instead of run). */
  effects: ReadonlySet<string>;
}

/** A copy for the record; the value itself when it cannot be copied (a function, an actor). */
export function clone<T>(value: T): T {
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}

function isBuiltinAction(impl: unknown): boolean {
  return typeof impl !== 'function' || 'resolve' in impl;
}

const logs = new WeakMap<object, FakeLog>();
const faked = new WeakMap<AnyStateMachine, FakedMachine>();

/** Sends what the fakes of this actor system record to `log` (before the actor starts). */
export function attachLog(system: object, log: FakeLog): void {
  logs.set(system, log);
}

export function withFakes(machine: AnyStateMachine): FakedMachine {
  const cached = faked.get(machine);
  if (cached) return cached;
  const effects = new Set<string>();
  const actions: Record<string, unknown> = {};
  for (const [name, impl] of Object.entries(machine.implementations.actions ?? {})) {
    if (isBuiltinAction(impl)) continue;
    effects.add(name);
    actions[name] = ({ system }: { system: object }, params: unknown) => {
      logs
        .get(system)
        ?.effects.push({ action: name, params: params === undefined ? undefined : clone(params) });
    };
  }
  const actors: Record<string, unknown> = {};
  for (const src of Object.keys(machine.implementations.actors ?? {})) {
    actors[src] = fromPromise(
      ({ input, self, signal, system }) =>
        new Promise((resolve, reject) => {
          const call: ActorCall = {
            id: self.id,
            src,
            input: clone(input),
            settled: false,
            stopped: false,
            resolve: (value) => {
              call.settled = true;
              resolve(value);
            },
            reject: (reason) => {
              call.settled = true;
              reject(reason);
            },
          };
          signal.addEventListener('abort', () => {
            call.settled = true;
            call.stopped = true;
          });
          logs.get(system)?.calls.push(call);
        }),
    );
  }
  const result = { machine: machine.provide({ actions, actors } as never) as AnyStateMachine, effects };
  faked.set(machine, result);
  return result;
}
