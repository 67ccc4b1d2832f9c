/**
 * The Stately import file of a flow: a createMachine call with the machine's config, made to
 * import faithfully into Stately Studio:
 * - implementations named by string (their code stays in the source);
 * - every state and transition with its description (the machine's own, in Spanish);
 * - guards as Stately's extractor keeps them: a name, or `{ type, params }` with params written as
 *   a value; a guard made of others (`and`, `or`, `not`, `stateIn`) is named by its code
 *   (`and(isA, not(isB))`), the only form the extractor does not drop. A guard the reader cannot
 *   read (an inline function, an unknown form) fails the generation, naming the transition;
 * - delays as their duration, a numeric `after` key (Stately simulates those), the delay's name
 *   at the start of the transition's description;
 * - no transition with several targets (Stately's importer keeps only one): a transition that
 *   enters every region of a parallel state at its initial state is written as re-entering that
 *   state, which is the same behaviour in one target. Any other one fails the generation, naming
 *   the transition, for the machine to be restructured.
 */
import { createActor, type AnyStateMachine, type AnyStateNode } from 'xstate';
import type { FlowEntry } from '../catalogue';
import { guardCode, guardProblems, readGuard, type GuardTree } from '../kit/guard-tree';
import { delayValue } from './walk';
import { isAfterEvent } from '../kit/conventions';
import { doneActorEvent, errorActorEvent } from '../kit/conventions';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The config without functions; an action or guard object left with only its type becomes the name. */
function stripFunctions(value: unknown): unknown {
  if (typeof value === 'function') return undefined;
  if (Array.isArray(value)) return value.map(stripFunctions).filter((v) => v !== undefined);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const cleaned = stripFunctions(v);
      if (cleaned !== undefined) out[key] = cleaned;
    }
    const keys = Object.keys(out);
    if (keys.length === 1 && keys[0] === 'type' && typeof out.type === 'string' && 'params' in value)
      return out.type;
    return out;
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// One target per transition

/** A transition with several targets that cannot be written with one. */
export class MultipleTargetsError extends Error {}

function isInitialChain(region: AnyStateNode, target: AnyStateNode): boolean {
  for (let n: AnyStateNode = target; n !== region;) {
    const parent = n.parent;
    if (!parent) return false;
    if (parent.type !== 'parallel' && parent.initial?.target[0] !== n) return false;
    n = parent;
  }
  return true;
}

/**
 * The one state a multi-target transition can target instead, re-entering it: the parallel
 * state whose regions the targets are, when each target is where its region starts anyway and
 * re-entering that state runs nothing of its own (no entry or exit actions, invocations or
 * delays). Entering it then enters exactly the states the targets name.
 */
export function singleTargetFor(source: AnyStateNode, targets: readonly AnyStateNode[]): AnyStateNode {
  const name = `${source.id}: a transition to ${targets.map((t) => t.id).join(' and ')}`;
  const ancestors = (n: AnyStateNode) => {
    const out: AnyStateNode[] = [];
    for (let a = n.parent; a; a = a.parent) out.push(a);
    return out;
  };
  const first = targets[0];
  const common = first
    ? ancestors(first).find((a) => targets.every((t) => ancestors(t).includes(a)))
    : undefined;
  if (!common || common.type !== 'parallel')
    throw new MultipleTargetsError(`${name} is not into the regions of one parallel state`);
  const regions = targets.map((t) =>
    Object.values(common.states).find((r) => r === t || ancestors(t).includes(r)),
  );
  if (new Set(regions).size !== targets.length)
    throw new MultipleTargetsError(`${name} has two targets in one region`);
  targets.forEach((t, i) => {
    const region = regions[i];
    if (!region || !isInitialChain(region, t))
      throw new MultipleTargetsError(`${name}: ${t.id} is not where its region starts`);
  });
  const ownDelays = [...common.transitions.keys()].some(isAfterEvent);
  if (common.entry.length > 0 || common.exit.length > 0 || common.invoke.length > 0 || ownDelays)
    throw new MultipleTargetsError(`${name}: re-entering ${common.id} would run its own actions`);
  return common;
}

type TransitionConfig = Record<string, unknown>;

/** A guard the Stately file cannot write: the tools cannot read it. */
export class UnreadableGuardError extends Error {}

/**
 * A guard written as a function (`and([...])`, `not(...)`, `stateIn(...)`) as Stately's extractor
 * can read it: the extractor keeps a string, or an object whose `type` is a string (and its
 * `params` when they are an object written as a value), and drops any other form, leaving an
 * unguarded arrow. So the guard is named by its code: `and(isA, not(isB))`. An inline function or
 * a form the reader does not know cannot be written: the generation fails, naming the transition.
 */
export function statelyGuard(tree: GuardTree, where: string): string {
  const unreadable = guardProblems(tree);
  if (unreadable.length > 0)
    throw new UnreadableGuardError(`${where} [${guardCode(tree)}]: ${unreadable.join('; ')}`);
  return guardCode(tree);
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

function asObject(t: unknown): TransitionConfig {
  return typeof t === 'string' ? { target: t } : isPlainObject(t) ? { ...t } : { target: t };
}

/** The transitions of one event of a state, each with its definition in the machine. */
function mapTransitions(
  value: unknown,
  defs:
    | readonly { target?: readonly AnyStateNode[] | undefined; guard?: unknown; eventType?: string }[]
    | undefined,
  source: AnyStateNode,
  change: (t: TransitionConfig, index: number) => TransitionConfig,
): unknown {
  const list = asList(value).map(asObject);
  const out = list.map((t, i) => {
    const def = defs?.[i];
    const targets = def?.target ?? [];
    let next = t;
    // A guard written as a name or `{ type, params }` stays as the config has it (the file drops
    // params a function computes); a function (`and([...])`, `stateIn(...)`, inline) is rewritten.
    if (def?.guard !== undefined && typeof t.guard === 'function')
      next = {
        ...next,
        guard: statelyGuard(readGuard(def.guard), `${source.id}: transition ${def.eventType ?? ''}#${i}`),
      };
    if (Array.isArray(t.target) && t.target.length > 1) {
      const single = singleTargetFor(source, targets);
      next = {
        ...next,
        target: `#${single.id}`,
        reenter: true,
        ...(typeof t.description === 'string'
          ? {
              description: `${t.description} (Vuelve a entrar en ${single.parent ? `«${single.key}»` : 'todo el flujo'}: cada región empieza en su estado inicial.)`,
            }
          : {}),
      };
    }
    return change(next, i);
  });
  return Array.isArray(value) ? out : out[0];
}

/** The machine's config as Stately imports it; `delays: false` keeps the named delays (for tests). */
export function statelyConfig(
  machine: AnyStateMachine,
  options: { delays: boolean; context?: unknown } = { delays: true },
): Record<string, unknown> {
  const initialContext = options.context;
  const delayMs = (name: string): { ms: number; text: string } => {
    const nominal = delayValue(machine, name);
    if (nominal !== undefined) return { ms: nominal, text: `Espera «${name}», ${nominal} ms.` };
    const impl = ((machine.implementations.delays ?? {}) as Record<string, unknown>)[name];
    if (typeof impl === 'function') {
      const ms = Number((impl as (a: unknown) => unknown)({ context: initialContext, event: { type: '' } }));
      if (Number.isFinite(ms))
        return {
          ms,
          text: `Espera «${name}», calculada según el contexto (${ms} ms con el contexto inicial).`,
        };
    }
    if (/^\d+$/.test(name)) return { ms: Number(name), text: `Espera de ${name} ms.` };
    throw new Error(`${machine.id}: the delay ${name} has no duration to export`);
  };

  const walk = (node: AnyStateNode): Record<string, unknown> => {
    const raw = node.config as Record<string, unknown>;
    const out: Record<string, unknown> = { ...raw };
    const defsOf = (type: string) => node.transitions.get(type);
    if (isPlainObject(raw.on)) {
      const on: Record<string, unknown> = {};
      for (const [event, value] of Object.entries(raw.on))
        on[event] = mapTransitions(value, defsOf(event), node, (t) => t);
      out.on = on;
    }
    if (raw.always !== undefined) out.always = mapTransitions(raw.always, node.always, node, (t) => t);
    if (raw.invoke !== undefined) {
      const invokes = asList(raw.invoke).map((inv, i) => {
        if (!isPlainObject(inv)) return inv;
        const id = node.invoke[i]?.id ?? '';
        const next: Record<string, unknown> = { ...inv };
        if (inv.onDone !== undefined)
          next.onDone = mapTransitions(inv.onDone, defsOf(doneActorEvent(id)), node, (t) => t);
        if (inv.onError !== undefined)
          next.onError = mapTransitions(inv.onError, defsOf(errorActorEvent(id)), node, (t) => t);
        return next;
      });
      out.invoke = Array.isArray(raw.invoke) ? invokes : invokes[0];
    }
    if (isPlainObject(raw.after)) {
      const after: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(raw.after)) {
        const defs = defsOf(`xstate.after.${name}.${node.id}`);
        if (!options.delays) {
          after[name] = mapTransitions(value, defs, node, (t) => t);
          continue;
        }
        const { ms, text } = delayMs(name);
        if (String(ms) in after) throw new Error(`${node.id}: two delays of ${ms} ms cannot be exported`);
        after[String(ms)] = mapTransitions(value, defs, node, (t) => ({
          ...t,
          description: typeof t.description === 'string' ? `${text} ${t.description}` : text,
        }));
      }
      out.after = after;
    }
    if (isPlainObject(raw.states)) {
      const states: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(node.states)) states[key] = walk(child);
      out.states = states;
    }
    return out;
  };
  return walk(machine.root);
}

// ---------------------------------------------------------------------------------------------
// The file

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function jsString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

function toJs(value: unknown, depth: number): string {
  const pad = '  '.repeat(depth + 1);
  const end = '  '.repeat(depth);
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return jsString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const primitives = value.every((v) => typeof v === 'string' || typeof v === 'number');
    const inline = `[${value.map((v) => toJs(v, depth + 1)).join(', ')}]`;
    if (primitives && inline.length <= 72) return inline;
    return `[\n${value.map((v) => `${pad}${toJs(v, depth + 1)},`).join('\n')}\n${end}]`;
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const body = entries
      .map(([key, v]) => {
        const name = IDENTIFIER.test(key) || /^(?:0|[1-9]\d*)$/.test(key) ? key : jsString(key);
        return `${pad}${name}: ${toJs(v, depth + 1)},`;
      })
      .join('\n');
    return `{\n${body}\n${end}}`;
  }
  return 'null';
}

/** The initial context for the entry's example input (shown in Stately as the machine's context). */
function initialContext(entry: FlowEntry): unknown {
  const actor = createActor(entry.machine, { input: entry.exampleInput });
  return actor.getSnapshot().context;
}

export function renderStatelyFile(entry: FlowEntry): string {
  const context = initialContext(entry);
  const config = stripFunctions(statelyConfig(entry.machine, { delays: true, context }));
  // The catalogue's description is the flow's one description, whatever the config carries.
  const { id, description: _configDescription, ...rest } = isPlainObject(config) ? config : {};
  const withContext =
    isPlainObject(context) && Object.keys(context).length > 0
      ? { context: JSON.parse(JSON.stringify(context)) as unknown }
      : {};
  // Keep id first, then context, as Stately lays them out.
  return statelyText(entry, { id, description: entry.description, ...withContext, ...rest });
}

function statelyText(entry: FlowEntry, config: Record<string, unknown>): string {
  const hasDelays = Object.keys(entry.notes.delays).length > 0;
  return [
    `// Generated by \`npm run docs:flows\` from ${entry.source}. Do not edit: change the machine and regenerate.`,
    "// Stately Studio: https://stately.ai/registry/new -> 'Import from code' -> paste this whole file.",
    '// Actions, guards, actors and delays are named by string; their implementations live in the source.',
    ...(hasDelays
      ? [
          "// Delays are written as their duration in ms (`after: { 2000: ... }`); each delayed transition's description starts with the delay's name.",
        ]
      : []),
    "import { createMachine } from 'xstate';",
    '',
    `export const machine = createMachine(${toJs(config, 0)});`,
    '',
  ].join('\n');
}
