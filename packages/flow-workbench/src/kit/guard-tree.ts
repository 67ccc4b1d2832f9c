/**
 * The one reader of a transition's guard, for every tool of the workbench (docs, Stately files,
 * explorer, flow diff, mutation placement): any XState v5 guard form becomes a tree of named
 * guards (with their params), `and`/`or`/`not`, and `stateIn`. What it cannot read (an inline
 * function, a form it does not know) stays in the tree as such, so each tool can refuse it by
 * name instead of drawing an unguarded arrow.
 */
import { and, not, or, stateIn, type AnyStateMachine } from 'xstate';

/** A guard's params: a literal value, or `computed` when a function makes them from the event. */
export type GuardParams = { literal: unknown } | 'computed';

export type GuardTree =
  | { kind: 'named'; name: string; params?: GuardParams }
  | { kind: 'and' | 'or'; guards: GuardTree[] }
  | { kind: 'not'; guard: GuardTree }
  /** `state`: the state value as a path (`sync.synced`), or a state id (`#wizard.sync.synced`). */
  | { kind: 'stateIn'; state: string }
  /** A function written in place: no name, so no note can say what it means. */
  | { kind: 'inline' }
  /** A form this reader does not know; `what` says what it is. */
  | { kind: 'unknown'; what: string };

/**
 * XState's built-in guards are functions carrying a `check`; each kind's check is one shared
 * function, so comparing with a reference instance recognises it whatever a minifier renamed.
 * A second copy of xstate (another build of it loaded beside) has other checks: its guards are
 * recognised by their function's name, which XState's own builds keep (`function and(…)`).
 */
type Builtin = ((...args: never[]) => unknown) & {
  check?: unknown;
  guards?: unknown;
  stateValue?: unknown;
};
const builtin = (guard: unknown): Builtin => guard as Builtin;
const CHECKS = {
  and: builtin(and([])).check,
  or: builtin(or([])).check,
  not: builtin(not('x')).check,
  stateIn: builtin(stateIn('x')).check,
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a value holds nothing JSON would lose (so it can be shown and exported as written). */
function isLiteral(value: unknown): boolean {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isLiteral);
  if (isPlainObject(value)) return Object.values(value).every(isLiteral);
  return false;
}

/** A state value as a dotted path: `{ sync: 'synced' }` -> `sync.synced` (regions joined by `, `). */
function statePathOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isPlainObject(value))
    return Object.entries(value)
      .map(([key, inner]) => {
        const rest = statePathOf(inner);
        return rest === '' ? key : `${key}.${rest}`;
      })
      .join(', ');
  return '';
}

/** The tree of a guard as a transition (or `setup({ guards })`) holds it. */
export function readGuard(ref: unknown): GuardTree {
  if (typeof ref === 'string') return { kind: 'named', name: ref };
  if (typeof ref === 'function') {
    const fn = builtin(ref);
    if (!('check' in fn)) return { kind: 'inline' };
    const list = Array.isArray(fn.guards) ? (fn.guards as unknown[]) : [];
    const is = (kind: keyof typeof CHECKS) => fn.check === CHECKS[kind] || fn.name === kind;
    if (is('and') && Array.isArray(fn.guards)) return { kind: 'and', guards: list.map(readGuard) };
    if (is('or') && Array.isArray(fn.guards)) return { kind: 'or', guards: list.map(readGuard) };
    if (is('not') && list.length === 1) return { kind: 'not', guard: readGuard(list[0]) };
    if (is('stateIn') && 'stateValue' in fn) {
      const state = statePathOf(fn.stateValue);
      return state === ''
        ? { kind: 'unknown', what: 'a stateIn guard whose state is not a state value' }
        : { kind: 'stateIn', state };
    }
    return { kind: 'unknown', what: `a guard function with its own check (${ref.name || 'anonymous'})` };
  }
  if (isPlainObject(ref) && typeof ref.type === 'string') {
    if (!('params' in ref) || ref.params === undefined) return { kind: 'named', name: ref.type };
    if (typeof ref.params === 'function') return { kind: 'named', name: ref.type, params: 'computed' };
    return isLiteral(ref.params)
      ? { kind: 'named', name: ref.type, params: { literal: ref.params } }
      : { kind: 'unknown', what: `the params of ${ref.type}, which are neither a value nor a function` };
  }
  return { kind: 'unknown', what: `a guard written as ${ref === null ? 'null' : typeof ref}` };
}

/** A literal as the code writes it, short: `{ min: 3 }`, `'es'`, `[1, 2]`. */
function literalCode(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  if (Array.isArray(value)) return `[${value.map(literalCode).join(', ')}]`;
  if (isPlainObject(value)) {
    const entries = Object.entries(value);
    return entries.length === 0
      ? '{}'
      : `{ ${entries.map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : `'${k}'`}: ${literalCode(v)}`).join(', ')} }`;
  }
  return String(value);
}

/**
 * The guard as the code writes it, in one line: `isContactComplete`, `isAbove({ min: 3 })`,
 * `and(isA, not(isB))`, `stateIn(sync.synced)`, `inline` for a function written in place. Params
 * a function computes from the event are left out (`hasCreatedLead`): they are not a value.
 */
export function guardCode(tree: GuardTree): string {
  switch (tree.kind) {
    case 'named':
      return tree.params !== undefined && tree.params !== 'computed'
        ? `${tree.name}(${literalCode(tree.params.literal)})`
        : tree.name;
    case 'and':
    case 'or':
      return `${tree.kind}(${tree.guards.map(guardCode).join(', ')})`;
    case 'not':
      return `not(${guardCode(tree.guard)})`;
    case 'stateIn':
      return `stateIn(${tree.state})`;
    case 'inline':
      return 'inline';
    default:
      return 'unknown';
  }
}

/** The named guards a tree uses, in order, each once. */
export function guardNames(tree: GuardTree): string[] {
  const out: string[] = [];
  const visit = (t: GuardTree) => {
    if (t.kind === 'named') {
      if (!out.includes(t.name)) out.push(t.name);
    } else if (t.kind === 'and' || t.kind === 'or') t.guards.forEach(visit);
    else if (t.kind === 'not') visit(t.guard);
  };
  visit(tree);
  return out;
}

/**
 * The named guards a tree depends on, through the machine's implementations too: a guard named in
 * `setup({ guards })` as `and([...])` depends on the guards inside it (a change to one of them
 * changes the transitions that use it).
 */
export function guardDependencies(tree: GuardTree, machine: AnyStateMachine): string[] {
  const impl = (machine.implementations.guards ?? {}) as Record<string, unknown>;
  const out: string[] = [];
  const visit = (t: GuardTree) => {
    for (const name of guardNames(t)) {
      if (out.includes(name)) continue;
      out.push(name);
      const own = impl[name];
      if (typeof own === 'function' && 'check' in own) visit(readGuard(own));
    }
  };
  visit(tree);
  return out;
}

/** A guard's note, when it has one that says something. */
function noteFor(notes: Readonly<Record<string, string>>, name: string): string | undefined {
  const note = Object.hasOwn(notes, name) ? notes[name] : undefined;
  return note === undefined || note.trim() === '' ? undefined : note;
}

/**
 * What a tool cannot read in a tree, one sentence each (English, for developers): an inline
 * function, a form the reader does not know, and (given the notes) a named guard without a
 * Spanish note.
 */
export function guardProblems(tree: GuardTree, notes?: Readonly<Record<string, string>>): string[] {
  const out: string[] = [];
  const unnoted = new Set<string>();
  const visit = (t: GuardTree) => {
    switch (t.kind) {
      case 'named':
        if (notes !== undefined && noteFor(notes, t.name) === undefined && !unnoted.has(t.name)) {
          unnoted.add(t.name);
          out.push(`guard ${t.name} has no Spanish note (add notes.guards.${t.name})`);
        }
        return;
      case 'and':
      case 'or':
        if (t.guards.length === 0) out.push(`an empty ${t.kind}([])`);
        t.guards.forEach(visit);
        return;
      case 'not':
        visit(t.guard);
        return;
      case 'stateIn':
        return;
      case 'inline':
        out.push(
          'an inline function, which has no name and no Spanish note (name it in setup({ guards }) and note it)',
        );
        return;
      default:
        out.push(`a guard form the reader does not know: ${t.what}`);
    }
  };
  visit(tree);
  return out;
}

/** A note as a clause inside a sentence: `El código es el correcto.` -> `el código es el correcto`. */
function clause(note: string): string {
  const text = note.trim().replace(/[.。]+$/, '');
  // An initial capital that starts a word (not an acronym) reads lower-case mid-sentence.
  return /^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLocaleLowerCase('es') + text.slice(1) : text;
}

function paramsWords(params: GuardParams | undefined): string {
  if (params === undefined || params === 'computed') return '';
  const value = params.literal;
  if (isPlainObject(value))
    return ` (${Object.entries(value)
      .map(([k, v]) => `${k}: ${literalCode(v)}`)
      .join(', ')})`;
  return ` (${literalCode(value)})`;
}

/**
 * The condition in Spanish, from each named guard's note, without the leading «Si»: `el código
 * es el correcto y la puerta no está trabada`, `no se cumple que …`, `el estado «sync.synced» está
 * activo`. A name without a note, an inline function or an unknown form is named by its code.
 */
export function guardClause(tree: GuardTree, notes: Readonly<Record<string, string>>): string {
  const inner = (t: GuardTree): string => {
    const text = guardClause(t, notes);
    return t.kind === 'and' || t.kind === 'or' ? `(${text})` : text;
  };
  switch (tree.kind) {
    case 'named': {
      const note = noteFor(notes, tree.name);
      return note === undefined ? `«${guardCode(tree)}»` : `${clause(note)}${paramsWords(tree.params)}`;
    }
    case 'and':
    case 'or': {
      const parts = tree.guards.map(inner);
      const last = parts.pop() ?? '';
      return parts.length === 0 ? last : `${parts.join(', ')} ${tree.kind === 'and' ? 'y' : 'o'} ${last}`;
    }
    case 'not':
      return `no se cumple que ${inner(tree.guard)}`;
    case 'stateIn':
      return `el estado «${tree.state}» está activo`;
    case 'inline':
      return 'una condición escrita en el lugar, sin nombre (no se puede leer)';
    default:
      return 'una condición que las herramientas no saben leer';
  }
}

/** The whole condition as a sentence: `Si el código es el correcto y …`. */
export function guardSentence(tree: GuardTree, notes: Readonly<Record<string, string>>): string {
  return `Si ${guardClause(tree, notes)}.`;
}

/** Every guarded transition of a machine, by its key (`<state id> <event>#<index>`, `always#<index>`). */
export function transitionGuards(machine: AnyStateMachine): { key: string; tree: GuardTree }[] {
  const out: { key: string; tree: GuardTree }[] = [];
  const walk = (node: AnyStateMachine['root']) => {
    for (const [eventType, defs] of node.transitions)
      defs.forEach((t, i) => {
        if (t.guard !== undefined)
          out.push({ key: `${node.id} ${eventType}#${i}`, tree: readGuard(t.guard) });
      });
    (node.always ?? []).forEach((t, i) => {
      if (t.guard !== undefined) out.push({ key: `${node.id} always#${i}`, tree: readGuard(t.guard) });
    });
    Object.values(node.states).forEach(walk);
  };
  walk(machine.root);
  return out;
}

/**
 * What the tools cannot read in a machine's guards, one line per transition and problem, naming
 * the machine and the transition: `door: door.closed open#0 [inline]: an inline function, …`.
 */
export function unreadableGuards(
  machine: AnyStateMachine,
  notes: Readonly<Record<string, string>>,
): string[] {
  return transitionGuards(machine).flatMap(({ key, tree }) =>
    guardProblems(tree, notes).map((problem) => `${machine.id}: ${key} [${guardCode(tree)}]: ${problem}`),
  );
}
