/**
 * Generates docs/flows/ from the machines of src/machines/index.ts (`npm run docs:flows`): per
 * machine a page with a Mermaid stateDiagram-v2 walked from machine.root, the tables of states,
 * events, guards, actions, actors and delays, and a Stately import file (a createMachine call with
 * the machine's config, implementations named by string). The output is deterministic;
 * tests/unit/machines/flows-docs.test.ts regenerates it in memory and fails when it is stale.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createActor, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { flows, type FlowEntry } from '../src/machines/index';
import { generateFlowSvgs } from './flows-svg';

export const FLOWS_DIR = 'docs/flows';
export const STALE_MESSAGE = 'docs/flows is stale: run npm run docs:flows';

type Kind = 'event' | 'after' | 'done' | 'error' | 'always';

interface TransitionInfo {
  source: AnyStateNode;
  targets: AnyStateNode[];
  kind: Kind;
  /** Event type, delay name or actor src, by kind. */
  trigger: string;
  guard: string | undefined;
  actions: string[];
}

interface TransitionDefinitionLike {
  eventType: string;
  target?: readonly AnyStateNode[] | undefined;
  guard?: unknown;
  actions: readonly unknown[];
}

// ---------------------------------------------------------------------------------------------
// Walking the machine

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child))];
}

function childNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states);
}

function nameOf(ref: unknown): string {
  if (typeof ref === 'string') return ref;
  if (typeof ref === 'object' && ref !== null && 'type' in ref && typeof ref.type === 'string')
    return ref.type;
  if (typeof ref === 'function') return ref.name || 'inline';
  return 'inline';
}

/** Named actions only: built-in ones (the raise that schedules an `after`) are left out. */
function actionNames(actions: readonly unknown[]): string[] {
  return actions.filter((a) => typeof a !== 'function').map(nameOf);
}

function invokeSrc(node: AnyStateNode, id: string): string {
  const def = node.invoke.find((inv) => inv.id === id);
  return def && typeof def.src === 'string' ? def.src : id;
}

function describeTransition(
  node: AnyStateNode,
  t: TransitionDefinitionLike,
  always: boolean,
): TransitionInfo {
  const base = {
    source: node,
    targets: [...(t.target ?? [])],
    guard: t.guard === undefined ? undefined : nameOf(t.guard),
    actions: actionNames(t.actions),
  };
  if (always) return { ...base, kind: 'always', trigger: '' };
  const type = t.eventType;
  const afterPrefix = 'xstate.after.';
  if (type.startsWith(afterPrefix) && type.endsWith(`.${node.id}`)) {
    return { ...base, kind: 'after', trigger: type.slice(afterPrefix.length, -(node.id.length + 1)) };
  }
  if (type.startsWith('xstate.done.actor.')) {
    return { ...base, kind: 'done', trigger: invokeSrc(node, type.slice('xstate.done.actor.'.length)) };
  }
  if (type.startsWith('xstate.error.actor.')) {
    return { ...base, kind: 'error', trigger: invokeSrc(node, type.slice('xstate.error.actor.'.length)) };
  }
  return { ...base, kind: 'event', trigger: type };
}

export function collectTransitions(machine: AnyStateMachine): TransitionInfo[] {
  const out: TransitionInfo[] = [];
  for (const node of allNodes(machine.root)) {
    for (const defs of node.transitions.values()) {
      for (const t of defs) out.push(describeTransition(node, t, false));
    }
    for (const t of node.always ?? []) out.push(describeTransition(node, t, true));
  }
  return out;
}

/** The value of a named delay, or undefined when it is computed from the context. */
function delayValue(machine: AnyStateMachine, name: string): number | undefined {
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>;
  const value = delays[name];
  return typeof value === 'number' ? value : undefined;
}

function delayLabel(machine: AnyStateMachine, name: string): string {
  const ms = delayValue(machine, name);
  return ms === undefined ? `after ${name} (computed)` : `after ${name} (${ms} ms)`;
}

function relativePath(from: AnyStateNode, to: AnyStateNode): string {
  return to.path.slice(from.path.length).join('.');
}

// ---------------------------------------------------------------------------------------------
// Mermaid

function mermaidId(node: AnyStateNode): string {
  return node.id.replace(/[^A-Za-z0-9]/g, '_');
}

function clean(text: string): string {
  return text
    .replace(/[#;"\n\r]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function triggerLabel(machine: AnyStateMachine, t: TransitionInfo): string {
  switch (t.kind) {
    case 'after':
      return delayLabel(machine, t.trigger);
    case 'done':
      return `done ${t.trigger}`;
    case 'error':
      return `error ${t.trigger}`;
    case 'always':
      return 'always';
    default:
      return t.trigger;
  }
}

function ancestry(node: AnyStateNode): AnyStateNode[] {
  const chain: AnyStateNode[] = [];
  for (let n: AnyStateNode | undefined = node; n; n = n.parent) chain.unshift(n);
  return chain;
}

interface Edge {
  block: AnyStateNode;
  line: string;
}

/**
 * Mermaid cannot draw an edge between states nested in different composite states, so an edge
 * is drawn between the two ancestors that are siblings (children of the nearest common state),
 * and the label names the nested source or target.
 */
function edgeFor(machine: AnyStateMachine, t: TransitionInfo, target: AnyStateNode | undefined): Edge {
  let label = triggerLabel(machine, t);
  if (t.guard) label += ` [${t.guard}]`;
  if (t.actions.length > 0) label += ` / ${t.actions.join(', ')}`;
  const source = t.source;
  const parentBlock = source.parent ?? source;
  if (!target || target === source) {
    return { block: parentBlock, line: `${mermaidId(source)} --> ${mermaidId(source)} : ${clean(label)}` };
  }
  const a = ancestry(source);
  const b = ancestry(target);
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = a[i];
  const to = b[i];
  if (!from || !to) {
    // One is an ancestor of the other: a loop on the outer one, naming the inner one.
    const outer = from ? target : source;
    const inner = from ? source : target;
    const detail = from ? `(from ${relativePath(outer, inner)}) ` : '';
    const suffix = from ? '' : ` (to ${relativePath(outer, inner)})`;
    return {
      block: outer.parent ?? outer,
      line: `${mermaidId(outer)} --> ${mermaidId(outer)} : ${clean(`${detail}${label}${suffix}`)}`,
    };
  }
  const block = a[i - 1] ?? machine.root;
  const prefix = from === source ? '' : `(from ${relativePath(from, source)}) `;
  const suffix = to === target ? '' : ` (to ${relativePath(to, target)})`;
  return { block, line: `${mermaidId(from)} --> ${mermaidId(to)} : ${clean(`${prefix}${label}${suffix}`)}` };
}

function stateNotes(node: AnyStateNode): string[] {
  const lines: string[] = [];
  const entry = actionNames(node.entry);
  if (entry.length > 0) lines.push(`entry / ${entry.join(', ')}`);
  for (const inv of node.invoke) lines.push(`invoke ${typeof inv.src === 'string' ? inv.src : inv.id}`);
  if (node.tags.length > 0) lines.push(`tags ${node.tags.join(', ')}`);
  return lines;
}

export function renderMermaid(machine: AnyStateMachine): string {
  const edges = new Map<AnyStateNode, string[]>();
  for (const t of collectTransitions(machine)) {
    const targets = t.targets.length > 0 ? t.targets : [undefined];
    for (const target of targets) {
      const edge = edgeFor(machine, t, target);
      const list = edges.get(edge.block) ?? [];
      list.push(edge.line);
      edges.set(edge.block, list);
    }
  }

  const lines: string[] = ['stateDiagram-v2'];
  const push = (depth: number, line: string) => lines.push(`${'  '.repeat(depth)}${line}`);

  const renderState = (node: AnyStateNode, depth: number) => {
    const label = node.key;
    if (childNodes(node).length > 0) {
      push(depth, `state "${label}${node.type === 'parallel' ? ' (parallel)' : ''}" as ${mermaidId(node)} {`);
      renderBlock(node, depth + 1);
      push(depth, '}');
    } else {
      push(depth, `state "${label}" as ${mermaidId(node)}`);
      for (const note of stateNotes(node)) push(depth, `${mermaidId(node)} : ${clean(note)}`);
    }
  };

  const renderBlock = (node: AnyStateNode, depth: number) => {
    const children = childNodes(node);
    if (node.type === 'parallel') {
      children.forEach((region, index) => {
        if (index > 0) push(depth, '--');
        renderState(region, depth);
      });
    } else {
      const initial = node.initial?.target[0];
      if (initial) push(depth, `[*] --> ${mermaidId(initial)}`);
      for (const child of children) renderState(child, depth);
      for (const child of children) if (child.type === 'final') push(depth, `${mermaidId(child)} --> [*]`);
    }
    for (const line of edges.get(node) ?? []) push(depth, line);
  };

  const root = machine.root;
  if (root.type === 'parallel') {
    push(1, `[*] --> ${mermaidId(root)}`);
    renderState(root, 1);
  } else {
    renderBlock(root, 1);
  }
  return `${lines.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// Stately import file

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
      .map(([key, v]) => `${pad}${IDENTIFIER.test(key) ? key : jsString(key)}: ${toJs(v, depth + 1)},`)
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
  const config = stripFunctions(entry.machine.config);
  const body: Record<string, unknown> = isPlainObject(config) ? { ...config } : {};
  const context = initialContext(entry);
  if (isPlainObject(context) && Object.keys(context).length > 0) {
    // Keep id first, then context, as Stately lays them out.
    const { id, ...rest } = body;
    return statelyText(entry, { id, context: JSON.parse(JSON.stringify(context)) as unknown, ...rest });
  }
  return statelyText(entry, body);
}

function statelyText(entry: FlowEntry, config: Record<string, unknown>): string {
  const delays = Object.keys(entry.notes.delays)
    .map((name) => {
      const ms = delayValue(entry.machine, name);
      return `${name} = ${ms === undefined ? 'computed (see the docs page)' : `${ms} ms`}`;
    })
    .join('; ');
  return [
    `// Generated by \`npm run docs:flows\` from ${entry.source}. Do not edit: change the machine and regenerate.`,
    "// Stately Studio: https://stately.ai/registry/new -> 'Import from code' -> paste this whole file.",
    '// Actions, guards, actors and delays are named by string; their implementations live in the source.',
    ...(delays ? [`// Delays: ${delays}.`] : []),
    "import { createMachine } from 'xstate';",
    '',
    `export const machine = createMachine(${toJs(config, 0)});`,
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Pages

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function table(head: string[], rows: string[][]): string {
  if (rows.length === 0) return '_None._\n';
  return (
    [
      `| ${head.join(' | ')} |`,
      `| ${head.map(() => '---').join(' | ')} |`,
      ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
    ].join('\n') + '\n'
  );
}

function statePath(node: AnyStateNode): string {
  return node.path.length === 0 ? '(root)' : node.path.join('.');
}

function code(text: string): string {
  return `\`${text}\``;
}

function uniqueSorted(values: Iterable<string>): string[] {
  return [...new Set(values)].sort();
}

/** Names used by the machine, by kind, to check the notes against. */
export function implementationNames(machine: AnyStateMachine): Record<keyof FlowEntry['notes'], string[]> {
  const impl = machine.implementations;
  const events = collectTransitions(machine)
    .filter((t) => t.kind === 'event')
    .map((t) => t.trigger);
  return {
    events: uniqueSorted(events),
    guards: uniqueSorted(Object.keys(impl.guards ?? {})),
    actions: uniqueSorted(Object.keys(impl.actions ?? {})),
    actors: uniqueSorted(Object.keys(impl.actors ?? {})),
    delays: uniqueSorted(Object.keys(impl.delays ?? {})),
  };
}

/** Throws when a named event, guard, action, actor or delay has no note, or a note names nothing. */
export function checkNotes(entry: FlowEntry): void {
  const names = implementationNames(entry.machine);
  const problems: string[] = [];
  for (const kind of Object.keys(names) as (keyof typeof names)[]) {
    const noted = Object.keys(entry.notes[kind]);
    for (const name of names[kind]) if (!noted.includes(name)) problems.push(`${kind} ${name} has no note`);
    for (const name of noted)
      if (!names[kind].includes(name)) problems.push(`${kind} note ${name} names nothing`);
  }
  if (problems.length > 0) throw new Error(`${entry.slug}: ${problems.join('; ')} (src/machines/index.ts)`);
}

export function renderFlowPage(entry: FlowEntry): string {
  checkNotes(entry);
  const machine = entry.machine;
  const transitions = collectTransitions(machine);
  const nodes = allNodes(machine.root);
  const description = typeof machine.config.description === 'string' ? machine.config.description : '';

  const stateRows = nodes.map((node) => [
    code(statePath(node)),
    node.type + (node.parent?.initial?.target[0] === node ? ', initial' : ''),
    node.tags.join(', '),
    actionNames(node.entry).join(', '),
    node.invoke.map((inv) => (typeof inv.src === 'string' ? inv.src : inv.id)).join(', '),
    node === machine.root ? '(see above)' : (node.description ?? ''),
  ]);

  const usedIn = (kind: 'guard' | 'action', name: string) =>
    uniqueSorted(
      transitions
        .filter((t) => (kind === 'guard' ? t.guard === name : t.actions.includes(name)))
        .map((t) => statePath(t.source)),
    )
      .concat(
        kind === 'action'
          ? nodes.filter((n) => actionNames(n.entry).includes(name)).map((n) => `${statePath(n)} (entry)`)
          : [],
      )
      .join(', ');

  const eventRows = Object.entries(entry.notes.events).map(([name, note]) => [
    code(name),
    uniqueSorted(
      transitions.filter((t) => t.kind === 'event' && t.trigger === name).map((t) => statePath(t.source)),
    ).join(', '),
    note,
  ]);
  const guardRows = Object.entries(entry.notes.guards).map(([name, note]) => [
    code(name),
    note,
    usedIn('guard', name),
  ]);
  const actionRows = Object.entries(entry.notes.actions).map(([name, note]) => [
    code(name),
    note,
    usedIn('action', name),
  ]);
  const actorRows = Object.entries(entry.notes.actors).map(([name, note]) => [
    code(name),
    note,
    nodes
      .filter((n) => n.invoke.some((inv) => inv.src === name))
      .map(statePath)
      .join(', '),
  ]);
  const delayRows = Object.entries(entry.notes.delays).map(([name, note]) => {
    const ms = delayValue(machine, name);
    return [code(name), ms === undefined ? 'computed' : `${ms} ms`, note];
  });

  return [
    `<!-- Generated by \`npm run docs:flows\` from ${entry.source}. Do not edit by hand. -->`,
    '',
    `# ${entry.title}`,
    '',
    description,
    '',
    `Machine: ${code(machine.id)} in [${code(entry.source)}](../../${entry.source}). Stately import file: [${code(`${entry.slug}.stately.js`)}](./${entry.slug}.stately.js).`,
    '',
    '## Diagram',
    '',
    `![Diagram of ${entry.title}, as the flow explorer at /flujos/ draws it](./${entry.slug}.svg)`,
    '',
    'Edges between states nested in different parents are drawn between their outer states; the label names the inner one ("from ...", "to ..."). Labels read `event [guard] / actions`.',
    '',
    '```mermaid',
    renderMermaid(machine).trimEnd(),
    '```',
    '',
    '## States',
    '',
    table(['State', 'Type', 'Tags', 'Entry', 'Invokes', 'Description'], stateRows),
    '## Events',
    '',
    table(['Event', 'Handled in', 'Meaning'], eventRows),
    '## Guards',
    '',
    table(['Guard', 'Meaning', 'Used in'], guardRows),
    '## Actions',
    '',
    table(['Action', 'Meaning', 'Used in'], actionRows),
    '## Actors',
    '',
    table(['Actor', 'Meaning', 'Invoked in'], actorRows),
    '## Delays',
    '',
    table(['Delay', 'Value', 'Meaning'], delayRows),
    '## Open it in Stately',
    '',
    `1. Open [stately.ai/registry/new](https://stately.ai/registry/new) (Stately Studio; sign-in needed) or the visualizer at [stately.ai/viz](https://stately.ai/viz).`,
    `2. Choose **Import from code** (in the visualizer, replace the code in the editor instead).`,
    `3. Paste the whole of [${code(`${entry.slug}.stately.js`)}](./${entry.slug}.stately.js) and confirm.`,
    "4. Simulate with the events above; guards, actions, actors and delays appear by name (their code is in the source file). Do not copy Stately's layout comments back into the source: change the machine and run `npm run docs:flows`.",
    '',
  ].join('\n');
}

export function renderIndex(entries: readonly FlowEntry[]): string {
  const rows = entries.map((entry) => [
    `[${entry.title}](./${entry.slug}.md)`,
    code(entry.machine.id),
    `[${code(`${entry.slug}.stately.js`)}](./${entry.slug}.stately.js)`,
    String(allNodes(entry.machine.root).length - 1),
    String(collectTransitions(entry.machine).length),
  ]);
  return [
    '<!-- Generated by `npm run docs:flows`. Do not edit by hand. -->',
    '',
    '# Flows',
    '',
    'Every flow of the site is an XState v5 machine in `src/machines/` (see `src/machines/index.ts`). These pages are generated from the machine definitions: a Mermaid diagram, the tables of events, guards, actions, actors and delays, and a file to import into Stately. After changing a machine run `npm run docs:flows`; a unit test fails while these files are stale. How QA runs the model-based paths is in [docs/testing.md](../testing.md).',
    '',
    table(['Flow', 'Machine id', 'Stately import', 'States', 'Transitions'], rows),
  ].join('\n');
}

/** Every generated file, by name inside docs/flows. */
export function generateFlowDocs(entries: readonly FlowEntry[] = flows): Map<string, string> {
  const files = new Map<string, string>();
  files.set('README.md', renderIndex(entries));
  for (const entry of entries) {
    files.set(`${entry.slug}.md`, renderFlowPage(entry));
    files.set(`${entry.slug}.stately.js`, renderStatelyFile(entry));
  }
  return files;
}

async function main(): Promise<void> {
  const dir = path.resolve(FLOWS_DIR);
  mkdirSync(dir, { recursive: true });
  const files = generateFlowDocs();
  for (const [name, content] of await generateFlowSvgs(flows)) files.set(name, content);
  for (const name of readdirSync(dir)) {
    if (!files.has(name)) rmSync(path.join(dir, name));
  }
  for (const [name, content] of files) writeFileSync(path.join(dir, name), content);
  console.info(`docs:flows: wrote ${files.size} files in ${FLOWS_DIR}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
