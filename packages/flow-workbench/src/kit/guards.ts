/**
 * Guard coverage: how often each named guard of a machine held and did not hold while a test ran
 * it. A guard only ever seen one way is a rule whose other side no test shows: its breaking would
 * go unnoticed. The counts come from the machine's own guards, wrapped with `.provide({ guards })`.
 */
import type { AnyStateMachine } from 'xstate';

export interface GuardCount {
  held: number;
  notHeld: number;
}

export interface CountedMachine<M extends AnyStateMachine> {
  /** The machine with every named guard counting its results. */
  machine: M;
  /** Per guard name, in the order the machine declares them. */
  counts: Map<string, GuardCount>;
}

type BuiltinGuard = ((...args: unknown[]) => unknown) & {
  check: (snapshot: unknown, args: unknown, self: unknown) => boolean;
};

/** The machine with its named guards counted (XState's built-in ones, such as stateIn, included). */
export function countGuards<M extends AnyStateMachine>(machine: M): CountedMachine<M> {
  const counts = new Map<string, GuardCount>();
  const guards: Record<string, unknown> = {};
  for (const [name, guard] of Object.entries(machine.implementations.guards as Record<string, unknown>)) {
    const count: GuardCount = { held: 0, notHeld: 0 };
    counts.set(name, count);
    const record = (result: unknown) => {
      if (result) count.held++;
      else count.notHeld++;
      return result;
    };
    if (typeof guard === 'function' && 'check' in guard) {
      // A built-in guard is evaluated through its `check`, which reads its own fields.
      const builtin = guard as BuiltinGuard;
      const wrapped = Object.assign(function counted() {}, builtin, {
        check: (snapshot: unknown, args: unknown) =>
          record(builtin.check(snapshot, args, builtin)) as boolean,
      });
      guards[name] = wrapped;
    } else if (typeof guard === 'function') {
      guards[name] = (args: unknown, params: unknown) =>
        record((guard as (a: unknown, p: unknown) => unknown)(args, params));
    }
  }
  return { machine: machine.provide({ guards } as never) as M, counts };
}

/** The counts as a table, one guard a line. */
export function guardTable(title: string, counts: ReadonlyMap<string, GuardCount>): string {
  if (counts.size === 0) return `${title}\n  (sin condiciones)`;
  const width = Math.max(...[...counts.keys()].map((n) => n.length), 'condición'.length);
  const lines = [...counts].map(
    ([name, c]) => `  ${name.padEnd(width)}  ${String(c.held).padStart(6)}  ${String(c.notHeld).padStart(8)}`,
  );
  return [
    `${title}`,
    `  ${'condición'.padEnd(width)}  ${'se cumple'.padStart(6)}  ${'no se cumple'.padStart(8)}`,
    ...lines,
  ].join('\n');
}

/** The guards never seen holding, or never seen not holding, except those listed with a reason. */
export function oneSidedGuards(
  counts: ReadonlyMap<string, GuardCount>,
  excused: Readonly<Record<string, string>> = {},
): string[] {
  const out: string[] = [];
  for (const [name, c] of counts) {
    if (name in excused) continue;
    if (c.held === 0 && c.notHeld === 0) out.push(`${name}: never evaluated`);
    else if (c.held === 0) out.push(`${name}: never held`);
    else if (c.notHeld === 0) out.push(`${name}: always held`);
  }
  for (const name of Object.keys(excused))
    if (!counts.has(name)) out.push(`${name}: listed with a reason, but the machine has no such guard`);
  return out;
}
