/**
 * The model machine for xstate/graph. createTestModel() refuses machines with `invoke` or
 * `after` ("Invocations on test machines are not supported"), so the model is derived: the same
 * config and implementations, with each invocation's onDone/onError and each delayed transition
 * turned into an ordinary transition on the very event type the real machine receives
 * (xstate.done.actor.<id>, xstate.error.actor.<id>, xstate.after.<delay>.<state id>).
 */
import { createMachine, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { afterEvent, doneActorEvent, errorActorEvent } from './conventions';

type Config = Record<string, unknown>;

function isRecord(value: unknown): value is Config {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function transformState(config: Config, node: AnyStateNode, invokeSrc: Map<string, string>): Config {
  const out: Config = { ...config };
  const on: Config = isRecord(config.on) ? { ...config.on } : {};
  if (config.invoke !== undefined) {
    const invokes = Array.isArray(config.invoke) ? config.invoke : [config.invoke];
    for (const inv of invokes) {
      if (!isRecord(inv) || typeof inv.id !== 'string' || typeof inv.src !== 'string') {
        throw new Error(`${node.id}: every invoke needs a string id and src for the model`);
      }
      invokeSrc.set(inv.id, inv.src);
      if (inv.onDone !== undefined) on[doneActorEvent(inv.id)] = inv.onDone;
      if (inv.onError !== undefined) on[errorActorEvent(inv.id)] = inv.onError;
    }
    delete out.invoke;
  }
  if (isRecord(config.after)) {
    for (const [delay, transition] of Object.entries(config.after)) {
      on[afterEvent(delay, node.id)] = transition;
    }
    delete out.after;
  }
  if (Object.keys(on).length > 0) out.on = on;
  if (isRecord(config.states)) {
    const states: Config = {};
    for (const [key, child] of Object.entries(config.states)) {
      const childNode = node.states[key];
      if (!isRecord(child) || !childNode) throw new Error(`${node.id}.${key}: unexpected config`);
      states[key] = transformState(child, childNode, invokeSrc);
    }
    out.states = states;
  }
  return out;
}

export interface ModelMachine {
  model: AnyStateMachine;
  /** Invoke id -> actor src. */
  invokeSrc: Map<string, string>;
}

export function toModelMachine(machine: AnyStateMachine): ModelMachine {
  const invokeSrc = new Map<string, string>();
  const config = transformState(machine.config as Config, machine.root, invokeSrc);
  const model = createMachine(config as never).provide(
    machine.implementations as never,
  ) as unknown as AnyStateMachine;
  return { model, invokeSrc };
}
