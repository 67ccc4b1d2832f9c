/**
 * The docs pages, in Spanish for product owners: one per flow (description, diagram, tables,
 * Stately steps) and the index. Meaning first: each row says what a state, transition, event,
 * guard, action, actor or delay means, with its name in the code after it; durations in seconds.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import type { DataNote, FlowEntry, NamedKind } from '../catalogue';
import { dataMeaning, knownValues, missingDataNotes, type SeenData } from '../words';
import { guardCode, guardNames, guardSentence, unreadableGuards, type GuardTree } from '../kit/guard-tree';
import { renderMermaid } from './mermaid';
import { secondsText, splitEventNote, stateKind, withSeconds } from './spanish';
import {
  actionNames,
  allNodes,
  collectTransitions,
  delayValue,
  statePath,
  transitionCode,
  uniqueSorted,
} from './walk';

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function table(head: string[], rows: string[][], none: string): string {
  if (rows.length === 0) return `_${none}_\n`;
  return (
    [
      `| ${head.join(' | ')} |`,
      `| ${head.map(() => '---').join(' | ')} |`,
      ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
    ].join('\n') + '\n'
  );
}

function section(title: string, head: string[], rows: string[][], none: string): string[] {
  return [`## ${title}`, '', table(head, rows, none)];
}

function code(text: string): string {
  return `\`${text}\``;
}

/** Identifiers of the code, each in backticks: `a`, `b`. */
function codes(names: readonly string[]): string {
  return names.map(code).join(', ');
}

/** How many states and transitions, saying what is counted: the root too, as QA's browser run. */
export function countsSentence(machine: AnyStateMachine): string {
  const states = allNodes(machine.root).length;
  const transitions = collectTransitions(machine).length;
  return `Este flujo tiene ${states} estados, contando el estado raíz (la máquina entera), como los cuenta la corrida de QA en el navegador, y ${transitions} transiciones.`;
}

/** Names used by the machine, by kind, to check the notes against. */
export function implementationNames(machine: AnyStateMachine): Record<NamedKind, string[]> {
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

/**
 * Throws when a named event, guard, action, actor or delay has no note, or a note names nothing,
 * or a transition's guard cannot be read (an inline function, a form the guard reader does not
 * know, a guard inside `and`/`or`/`not` without a note); the message names each line to add or
 * remove, each transition to fix, and the file that holds the notes when known.
 */
export function checkNotes(entry: FlowEntry, entryFile?: string): void {
  const names = implementationNames(entry.machine);
  const problems: string[] = [];
  for (const kind of Object.keys(names) as (keyof typeof names)[]) {
    const noted = Object.keys(entry.notes[kind]);
    for (const name of names[kind])
      if (!noted.includes(name)) problems.push(`add notes.${kind}.${name} (${kind} ${name} has no note)`);
    for (const name of noted)
      if (!names[kind].includes(name))
        problems.push(`remove notes.${kind}.${name} (${kind} note ${name} names nothing)`);
  }
  // The guards of setup() without a note are named above; the transitions add the forms the
  // reader cannot read and the names used only inside them.
  const noted = { ...Object.fromEntries(names.guards.map((name) => [name, name])), ...entry.notes.guards };
  for (const line of unreadableGuards(entry.machine, noted)) problems.push(`fix the guard of ${line}`);
  if (problems.length === 0) return;
  const where = entryFile ?? `the catalogue entry of ${entry.source}`;
  throw new Error(`${entry.slug}: in ${where}, ${problems.join('; ')}`);
}

/**
 * Throws when a field of an event's data or of the context, as the flow's samples and contexts
 * show them, has no meaning in the notes (or a context note names nothing); the message names
 * each line to add or remove, and the file that holds the notes when known.
 */
export function checkDataNotes(entry: FlowEntry, seen: SeenData, entryFile?: string): void {
  const problems = missingDataNotes(entry.notes, seen);
  if (problems.length === 0) return;
  const where = entryFile ?? `the catalogue entry of ${entry.source}`;
  throw new Error(`${entry.slug}: in ${where}, ${problems.join('; ')}`);
}

/** Up to this many known values are listed in the column of an event's data. */
const LISTED_VALUES = 8;

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A field of an event's data, meaning first: 'el dato que cambia (`field`): el nombre (`nombre`), …'. */
function dataCell(name: string, note: DataNote): string {
  const values = knownValues(note);
  const listed =
    values.length === 0
      ? ''
      : values.length <= LISTED_VALUES
        ? `: ${values.map(([id, meaning]) => `${meaning} (${code(id)})`).join(', ')}`
        : ` (uno de ${values.length} valores conocidos)`;
  return `${dataMeaning(note) ?? name} (${code(name)})${listed}`;
}

/** What an event brings, from the field meanings of the notes; from its note's prose without them. */
function eventData(entry: FlowEntry, name: string, note: string): { meaning: string; data: string } {
  const fields = entry.notes.fields?.[name];
  if (!fields) return splitEventNote(withSeconds(note));
  const data = Object.entries(fields)
    .map(([field, fieldNote]) => dataCell(field, fieldNote))
    .join('; ');
  return { meaning: withSeconds(note), data: capitalized(data) };
}

export function renderFlowPage(entry: FlowEntry): string {
  checkNotes(entry);
  const machine = entry.machine;
  const transitions = collectTransitions(machine);
  const nodes = allNodes(machine.root);
  const isRoot = (node: AnyStateNode) => node === machine.root;

  const stateRows = nodes.map((node) => {
    const entryActions = actionNames(node.entry);
    const exitActions = actionNames(node.exit);
    const onEntryExit = [
      entryActions.length > 0 ? `al entrar: ${codes(entryActions)}` : '',
      exitActions.length > 0 ? `al salir: ${codes(exitActions)}` : '',
    ].filter((part) => part !== '');
    const meaning = isRoot(node)
      ? 'El flujo completo (lo que hace está al principio de la página).'
      : node.description
        ? withSeconds(node.description)
        : code(node.key);
    return [
      meaning,
      code(statePath(node)),
      stateKind(node),
      codes(node.tags),
      onEntryExit.join('; '),
      codes(node.invoke.map((inv) => (typeof inv.src === 'string' ? inv.src : inv.id))),
    ];
  });

  const transitionRows = transitions.map((t) => {
    const label = code(transitionCode(machine, t));
    return [
      t.description ? withSeconds(t.description) : label,
      code(statePath(t.source)),
      t.targets.length > 0 ? codes(t.targets.map(statePath)) : 'se queda en el mismo estado',
      label,
    ];
  });

  const statesOf = (list: readonly AnyStateNode[]) => codes(uniqueSorted(list.map(statePath)));
  const usedIn = (kind: 'guard' | 'action', name: string) => {
    const sources = uniqueSorted(
      transitions
        .filter((t) =>
          kind === 'guard'
            ? t.guardTree !== undefined && guardNames(t.guardTree).includes(name)
            : t.actions.includes(name),
        )
        .map((t) => statePath(t.source)),
    ).map(code);
    if (kind === 'action') {
      for (const n of nodes) {
        if (actionNames(n.entry).includes(name)) sources.push(`${code(statePath(n))} (al entrar)`);
        if (actionNames(n.exit).includes(name)) sources.push(`${code(statePath(n))} (al salir)`);
      }
    }
    return sources.join(', ');
  };

  const eventRows = Object.entries(entry.notes.events).map(([name, note]) => {
    const { meaning, data } = eventData(entry, name, note);
    return [
      meaning,
      code(name),
      data,
      statesOf(transitions.filter((t) => t.kind === 'event' && t.trigger === name).map((t) => t.source)),
    ];
  });
  const guardRows = Object.entries(entry.notes.guards).map(([name, note]) => [
    withSeconds(note),
    code(name),
    usedIn('guard', name),
  ]);
  // A guard made of others (`and`, `or`, `not`, `stateIn`, params) says what it means from their
  // notes, in a row of its own.
  const composed = new Map<string, { tree: GuardTree; sources: AnyStateNode[] }>();
  for (const t of transitions) {
    if (t.guardTree === undefined || (t.guardTree.kind === 'named' && t.guardTree.params === undefined))
      continue;
    if (t.guardTree.kind === 'named' && t.guardTree.params === 'computed') continue;
    const key = guardCode(t.guardTree);
    const row = composed.get(key) ?? { tree: t.guardTree, sources: [] };
    row.sources.push(t.source);
    composed.set(key, row);
  }
  for (const [key, { tree, sources }] of composed)
    guardRows.push([withSeconds(guardSentence(tree, entry.notes.guards)), code(key), statesOf(sources)]);
  const actionRows = Object.entries(entry.notes.actions).map(([name, note]) => [
    withSeconds(note),
    code(name),
    usedIn('action', name),
  ]);
  const actorRows = Object.entries(entry.notes.actors).map(([name, note]) => [
    withSeconds(note),
    code(name),
    statesOf(nodes.filter((n) => n.invoke.some((inv) => inv.src === name))),
  ]);
  const delayRows = Object.entries(entry.notes.delays).map(([name, note]) => {
    const ms = delayValue(machine, name);
    return [
      withSeconds(note),
      code(name),
      ms === undefined ? 'calculada según el contexto' : secondsText(ms),
      statesOf(transitions.filter((t) => t.kind === 'after' && t.trigger === name).map((t) => t.source)),
    ];
  });
  const stately = `[${code(`${entry.slug}.stately.js`)}](./${entry.slug}.stately.js)`;

  return [
    `<!-- Generado por \`npm run docs:flows\` a partir de ${entry.source}. No lo edites a mano. -->`,
    '',
    `# ${entry.title}`,
    '',
    withSeconds(entry.description),
    '',
    countsSentence(machine),
    '',
    `En el código: la máquina ${code(machine.id)}, en [${code(entry.source)}](../../${entry.source}). Archivo para importar en Stately: ${stately}.`,
    '',
    '## Diagrama',
    '',
    `![Diagrama de ${entry.title}, como lo dibuja el explorador de flujos en /flujos/](./${entry.slug}.svg)`,
    '',
    "Es el diagrama del explorador de flujos: cada caja dice qué significa su estado y cada flecha qué significa su transición (las descripciones de la máquina); el flujo se lee de arriba hacia abajo, las regiones en paralelo una al lado de la otra, y una transición hacia otra región termina en una caja 'También pasa a: ...'. Los nombres en el código están en las tablas de abajo y en el diagrama Mermaid del final.",
    '',
    ...section(
      'Estados',
      ['Estado', 'En el código', 'Tipo', 'Pantalla y etiquetas', 'Acciones al entrar o salir', 'Llama a'],
      stateRows,
      'Este flujo no tiene estados.',
    ),
    'Las acciones y los servicios a los que llama un estado se explican en sus tablas, más abajo.',
    '',
    ...section(
      'Transiciones',
      ['Qué pasa', 'Desde', 'Hacia', 'En el código'],
      transitionRows,
      'Este flujo no tiene transiciones.',
    ),
    'En el código, cada transición se lee `evento [condición] / acciones`: `tras` nombra una espera, `responde` y `falla` la respuesta de un servicio, `inmediata` una transición que se toma apenas se cumple su condición.',
    '',
    ...section(
      'Eventos',
      ['Evento', 'En el código', 'Datos que trae', 'Se atiende en'],
      eventRows,
      'Este flujo no recibe eventos.',
    ),
    ...section(
      'Condiciones',
      ['Condición', 'En el código', 'Se usa en'],
      guardRows,
      'Este flujo no tiene condiciones.',
    ),
    ...section(
      'Acciones',
      ['Acción', 'En el código', 'Se usa en'],
      actionRows,
      'Este flujo no tiene acciones.',
    ),
    ...section(
      'Servicios',
      ['Servicio', 'En el código', 'Se llama en'],
      actorRows,
      'Este flujo no llama a servicios.',
    ),
    ...section(
      'Esperas',
      ['Espera', 'En el código', 'Duración', 'Se usa en'],
      delayRows,
      'Este flujo no tiene esperas.',
    ),
    '## Diagrama Mermaid (nombres del código)',
    '',
    'El mismo flujo con los nombres del código. Mermaid no dibuja una flecha entre estados anidados en estados distintos: la flecha va entre sus estados de afuera y la etiqueta nombra el de adentro («desde ...», «hacia ...»). Las etiquetas se leen como en la tabla de transiciones.',
    '',
    '```mermaid',
    renderMermaid(machine).trimEnd(),
    '```',
    '',
    '## Abrirlo en Stately',
    '',
    `1. Abre [stately.ai/registry/new](https://stately.ai/registry/new) (Stately Studio; hay que iniciar sesión) o el visualizador en [stately.ai/viz](https://stately.ai/viz).`,
    `2. Elige **Import from code** (importar desde el código; en el visualizador, en cambio, reemplaza el código del editor).`,
    `3. Pega todo el contenido de ${stately} y confirma.`,
    '4. Simula con los eventos de arriba: las condiciones, las acciones y los servicios aparecen solo por su nombre en el código (lo que hacen está en el archivo de la máquina), y las esperas por su duración en milésimas de segundo (2000 son 2 s), con el nombre de la espera al principio de la descripción de la transición. No copies al código fuente los comentarios de diseño que agrega Stately: cambia la máquina y ejecuta `npm run docs:flows`.',
    '',
  ].join('\n');
}

/** The index page; `intro` is the site's paragraph about where its flows live. */
export function renderIndex(entries: readonly FlowEntry[], intro: string): string {
  const rows = entries.map((entry) => [
    `[${entry.title}](./${entry.slug}.md)`,
    code(entry.machine.id),
    `[${code(`${entry.slug}.stately.js`)}](./${entry.slug}.stately.js)`,
    String(allNodes(entry.machine.root).length),
    String(collectTransitions(entry.machine).length),
  ]);
  return [
    '<!-- Generado por `npm run docs:flows`. No lo edites a mano. -->',
    '',
    '# Flujos',
    '',
    intro,
    '',
    table(
      ['Flujo', 'En el código', 'Para importar en Stately', 'Estados', 'Transiciones'],
      rows,
      'No hay flujos.',
    ),
    'Los estados se cuentan como los cuenta la corrida de QA en el navegador: con el estado raíz (la máquina entera). Las transiciones son todas las de la máquina; QA descuenta de su total las que declara inalcanzables desde la página.',
    '',
  ].join('\n');
}
