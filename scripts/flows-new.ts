/**
 * `npm run flows:new -- <nombre>`: a new flow folder, src/flows/<nombre>/, with every part the tools
 * find there (docs/architecture.md, "Flows"), holding a minimal but real flow: a one-field form whose
 * text, once sent, shows for a while (a named delay from a constant) before the form starts again,
 * the send guarded by a named condition. Every part passes the checks as it is written: the machine
 * with a Spanish description on every state and transition, its catalogue entry (the next free
 * `order`) with a note for every name, its copy, a view (on no page yet), its samples, its model
 * paths test and its browser table, which names the page that places the flow (none yet: its
 * browser paths fail saying so, tests/e2e/model/support/page.ts, `openPlacedFlow`).
 *
 * Then it runs what the unit suite needs after a new machine (`npm run docs:flows`,
 * `npm run flows:versions`) and prints, in Spanish, what to fill in next and the commands to check
 * it. The mutation run is printed as the last step, not run: the generated rules are meant to be
 * replaced before anything is committed, and a run on them (minutes on two cores) is stale at the
 * first edit. `--mutation` runs it now, for a flow committed as generated.
 *
 * Options: `--root <dir>` writes into another copy of the repository (the tests use a temporary
 * one); `--folder-only` writes the folder and runs nothing (no docs, no registry of versions).
 * A bad name, or a folder, slug or machine id that exists, ends with one Spanish line and exit
 * code 1, and nothing is written.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as prettier from 'prettier';

/** The repository this script belongs to: the default root. */
const REPOSITORY = path.resolve(import.meta.dirname, '..');
const FLOWS = 'src/flows';

/** A problem with the command line or the name: its Spanish line is all the command prints. */
export class FlowsNewError extends Error {}

/** The names a flow's code gives itself, from its kebab-case name ('te-llamamos'). */
export interface FlowNames {
  /** The folder, the machine's file name and the catalogue's slug: 'te-llamamos'. */
  kebab: string;
  /** The machine id and the prefix of its exports: 'teLlamamos'. */
  camel: string;
  /** The view's component: 'TeLlamamos'. */
  pascal: string;
  /** The prefix of its constants: 'TE_LLAMAMOS'. */
  constant: string;
  /** The flow's title in the catalogue: 'Te llamamos'. */
  title: string;
}

const KEBAB = /^[a-z]+(?:-[a-z]+)*$/;

export function flowNames(kebab: string): FlowNames {
  const words = kebab.split('-');
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  const camel = words.map((word, i) => (i === 0 ? word : capital(word))).join('');
  return {
    kebab,
    camel,
    pascal: capital(camel),
    constant: words.map((word) => word.toUpperCase()).join('_'),
    title: capital(words.join(' ')),
  };
}

/** What the existing flow folders of a root say: their folders, slugs, machine ids and orders. */
interface ExistingFlows {
  folders: string[];
  /** slug -> the entry that has it. */
  slugs: Map<string, string>;
  /** machine id -> the machine file that has it. */
  machineIds: Map<string, string>;
  orders: number[];
}

/**
 * Read from the files' text, not imported: this runs before a single module of the new flow
 * exists, and on a root whose modules need not load (a copy under test).
 */
function existingFlows(root: string): ExistingFlows {
  const dir = path.join(root, FLOWS);
  if (!existsSync(dir))
    throw new FlowsNewError(`No encuentro ${FLOWS}/ en ${root}: ¿es la raíz del repositorio?`);
  const folders = readdirSync(dir).filter((name) => statSync(path.join(dir, name)).isDirectory());
  const found: ExistingFlows = { folders, slugs: new Map(), machineIds: new Map(), orders: [] };
  for (const folder of folders) {
    for (const file of readdirSync(path.join(dir, folder))) {
      const relative = `${FLOWS}/${folder}/${file}`;
      const text = (): string => readFileSync(path.join(dir, folder, file), 'utf8');
      if (file.endsWith('.flow.ts')) {
        const source = text();
        for (const [, slug] of source.matchAll(/\bslug:\s*['"`]([^'"`]+)['"`]/g))
          found.slugs.set(slug!, relative);
        for (const [, order] of source.matchAll(/\border:\s*(\d+)/g)) found.orders.push(Number(order));
      } else if (file.endsWith('.machine.ts')) {
        for (const [, id] of text().matchAll(/createMachine\(\{\s*id:\s*['"`]([^'"`]+)['"`]/g))
          found.machineIds.set(id!, relative);
      }
    }
  }
  return found;
}

/** Why a name cannot be a new flow of this root, in Spanish; undefined when it can. */
export function nameProblem(name: string | undefined, root: string): string | undefined {
  if (name === undefined || name.trim() === '')
    return 'Falta el nombre del flujo: npm run flows:new -- <nombre>, por ejemplo npm run flows:new -- te-llamamos';
  if (KEBAB.test(name) && name.length < 2)
    return `El nombre «${name}» es muy corto: usa al menos dos letras (el id de su máquina también las necesita).`;
  if (!KEBAB.test(name))
    return `El nombre «${name}» no sirve: escríbelo en minúsculas, con guiones entre las palabras (kebab-case) y sin acentos, eñes, números ni espacios, por ejemplo te-llamamos.`;
  const names = flowNames(name);
  const existing = existingFlows(root);
  if (existing.folders.includes(name) || existsSync(path.join(root, FLOWS, name)))
    return `Ya existe la carpeta ${FLOWS}/${name}/: elige otro nombre (o bórrala, si es de un intento anterior).`;
  const slugOwner = existing.slugs.get(name);
  if (slugOwner) return `«${name}» ya es el nombre (slug) del flujo de ${slugOwner}: elige otro.`;
  const idOwner = existing.machineIds.get(names.camel);
  if (idOwner) return `La máquina «${names.camel}» ya existe en ${idOwner}: elige otro nombre.`;
  return undefined;
}

/** The next free place in the catalogue: the tens after the highest `order` (the wizard is 10). */
export function nextOrder(orders: readonly number[]): number {
  return Math.floor(Math.max(0, ...orders) / 10) * 10 + 10;
}

/** The files of the new folder, by their name in it, before Prettier. */
export function flowFiles(names: FlowNames, order: number): Map<string, string> {
  const { kebab, camel, pascal, constant, title } = names;
  const machine = `${camel}Machine`;
  const returnMs = `${constant}_RETURN_MS`;
  const copy = `${constant}_COPY`;
  const folder = `${FLOWS}/${kebab}`;
  const files = new Map<string, string>();

  files.set(
    `${kebab}.machine.ts`,
    `import { assign, setup } from 'xstate';

/**
 * How long what the visitor sent stays on screen before the form starts again, in ms. A value the
 * spec gives belongs in src/domain/constants.ts, with the other times of spec section 9.
 */
export const ${returnMs} = 10_000;

export interface ${pascal}Context {
  /** What the visitor sent ('' until then). */
  text: string;
}

export type ${pascal}Event = { type: 'form.submit'; text: string };

/**
 * ${title} (written by \`npm run flows:new\`; replace these rules with the flow's own): a form with
 * one field; what the visitor sends, when it is not blank, shows for ${returnMs} and the form
 * starts again. Every state and transition keeps a plain Spanish \`description\`, and every guard,
 * action and delay its note in ./${kebab}.flow.ts.
 */
export const ${machine} = setup({
  types: {
    context: {} as ${pascal}Context,
    events: {} as ${pascal}Event,
  },
  actions: {
    keepText: assign({ text: (_, params: { text: string }) => params.text }),
    clearText: assign({ text: '' }),
  },
  guards: {
    hasText: (_, params: { text: string }) => params.text.trim() !== '',
  },
  delays: {
    returnDelay: ${returnMs},
  },
}).createMachine({
  id: '${camel}',
  description: '${title}: el visitante escribe un texto y lo envía; lo ve un rato y el formulario vuelve a empezar.',
  context: { text: '' },
  initial: 'idle',
  states: {
    idle: {
      description: 'Se ve el formulario, esperando lo que el visitante escriba.',
      on: {
        'form.submit': {
          guard: { type: 'hasText', params: ({ event }) => ({ text: event.text }) },
          target: 'sent',
          actions: [{ type: 'keepText', params: ({ event }) => ({ text: event.text }) }],
          description: 'Si el visitante escribió algo y lo envía, se guarda lo que envió.',
        },
      },
    },
    sent: {
      description: 'Se le muestra al visitante lo que envió.',
      after: {
        returnDelay: {
          target: 'idle',
          actions: ['clearText'],
          description: 'Pasado un rato, se borra lo enviado y el formulario vuelve a empezar.',
        },
      },
    },
  },
});
`,
  );

  files.set(
    `${kebab}.flow.ts`,
    `import type { FlowEntry } from '../flow-notes';
import { ${returnMs}, ${machine} } from './${kebab}.machine';

/** ${title}: its place in the catalogue and what every name of its machine means, in Spanish. */
export const ${camel}Flow: FlowEntry = {
  order: ${order},
  slug: '${kebab}',
  title: '${title}',
  description: \`El visitante escribe un texto y pulsa 'Enviar'. Si escribió algo, lo ve durante \${${returnMs} / 1000} segundos y el formulario vuelve a empezar; si el campo quedó vacío, nada cambia.\`,
  source: '${folder}/${kebab}.machine.ts',
  machine: ${machine},
  exampleInput: undefined,
  notes: {
    events: {
      'form.submit': "El visitante pulsa 'Enviar' con lo que escribió en el campo.",
    },
    guards: {
      hasText: 'El visitante escribió algo en el campo, no solo espacios.',
    },
    actions: {
      keepText: 'Guarda lo que el visitante envió, para mostrárselo.',
      clearText: 'Borra lo que el visitante había enviado.',
    },
    actors: {},
    fields: {
      'form.submit': { text: 'lo que el visitante escribió en el campo' },
    },
    context: {
      text: 'lo que el visitante envió (vacío hasta que envía algo)',
    },
    delays: {
      returnDelay: 'Tiempo que el visitante ve lo que envió, antes de que el formulario vuelva a empezar.',
    },
  },
};
`,
  );

  files.set(
    'copy.ts',
    `/** Copy of the ${title} flow: every word its view shows (tú, neutral Latin-American Spanish). */
export const ${copy} = {
  /** The name of the flow's region on the page. */
  region: '${title}',
  etiqueta: 'Tu mensaje',
  enviar: 'Enviar',
  enviado: (text: string) => \`Recibimos tu mensaje: \${text}\`,
} as const;
`,
  );

  files.set(
    `${kebab}.tsx`,
    `import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useFlowActor } from '../../ui/hooks/use-flow-actor';
import { ${copy} } from './copy';
import { ${machine} } from './${kebab}.machine';

/**
 * The ${title} flow on a page: the form while the machine is idle, what was sent afterwards. No page
 * renders it yet: the page that does names its route in ./${kebab}.browser.ts (PLACED_ON). Effects
 * (a request, navigation) go in a ./${kebab}.wiring.ts that provides them (\`.provide()\`), passed
 * to useFlowActor instead of the bare machine.
 */
export function ${pascal}() {
  const actor = useFlowActor(() => ${machine});
  const state = useSelector(actor, (s) => String(s.value));
  const sent = useSelector(actor, (s) => s.matches('sent'));
  const text = useSelector(actor, (s) => s.context.text);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('text');
    actor.send({ type: 'form.submit', text: typeof value === 'string' ? value : '' });
  };
  return (
    <section data-${kebab}={state} aria-label={${copy}.region}>
      {sent ? (
        <p role="status">{${copy}.enviado(text)}</p>
      ) : (
        <form onSubmit={submit}>
          <label>
            {${copy}.etiqueta} <input name="text" />
          </label>
          <button type="submit" className="btn">
            {${copy}.enviar}
          </button>
        </form>
      )}
    </section>
  );
}
`,
  );

  files.set(
    `${kebab}.samples.ts`,
    `/**
 * The ${title} machine's model run and sample events. The model tests, the browser model paths and
 * the flow explorer take them from here (one list of events for every state; the model keeps those
 * a state accepts): a text, and the blank ones its guard refuses.
 */
import type { EventObject } from 'xstate';
import type { MachineModel } from '@tienda/flow-workbench/kit';
import { ${machine} } from './${kebab}.machine';

const ev = (type: string, extra: Record<string, unknown> = {}) => ({ type, ...extra }) as EventObject;

const ${camel}Events = [
  ev('form.submit', { text: 'Hola' }),
  ev('form.submit', { text: '' }),
  ev('form.submit', { text: '   ' }),
];
export const ${camel}Model: MachineModel = {
  machine: ${machine},
  runs: [{ label: 'un mensaje', events: () => ${camel}Events }],
  samples: () => ${camel}Events,
};
`,
  );

  files.set(
    `${kebab}.model.test.ts`,
    `import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import { ${camel}Model } from './${kebab}.samples';
import { ${returnMs}, ${machine}, type ${pascal}Event } from './${kebab}.machine';
import {
  Coverage,
  expectFullCoverage,
  report,
  runModel,
  type ModelRunResult,
} from '../../../tests/model/support/model-harness';

describe('${kebab} machine: model paths', () => {
  const coverage = new Coverage();
  const results: ModelRunResult[] = [];

  it.each(${camel}Model.runs)('runs every path ($label)', async (run) => {
    results.push(
      await runModel(
        {
          ...run,
          name: '${kebab}',
          machine: ${machine},
          check: ({ real, before, event }) => {
            // The form waits empty-handed; what was sent is kept only while it shows.
            expect(real.context.text === '').toBe(real.matches('idle'));
            if (event.type === 'form.submit') {
              const { text } = event as ${pascal}Event;
              // A blank field sends nothing; a text is kept as it was written.
              if (text.trim() === '') expect(real.context).toEqual(before?.context);
              else expect(real.context.text).toBe(text);
            }
            if (event.type.startsWith('xstate.after.')) expect(real.matches('idle')).toBe(true);
          },
        },
        coverage,
      ),
    );
  });

  it('reaches every state and transition', () => {
    report('${kebab}', results, ${machine});
    expectFullCoverage(${machine}, coverage);
  });
});

// A case the paths cannot tell: how long what was sent stays (a path's delay step fires it whenever
// it is due, and a state that never returns has no step to fail).
describe('${kebab} machine: its delay', () => {
  it('shows what was sent for ${returnMs}, then the form again', () => {
    const clock = new SimulatedClock();
    const actor = createActor(${machine}, { clock }).start();
    actor.send({ type: 'form.submit', text: 'Hola' });
    clock.increment(${returnMs} - 1);
    expect(actor.getSnapshot().value).toBe('sent');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('idle');
    actor.stop();
  });
});
`,
  );

  files.set(
    `${kebab}.browser.ts`,
    `import { expect, type Page } from '@playwright/test';
import { ${copy} } from './copy';
import { ${returnMs}, type ${pascal}Event } from './${kebab}.machine';
import { ${camel}Model } from './${kebab}.samples';
import type { BrowserModel } from '../../../tests/e2e/model/support/browser-model';
import { openPlacedFlow, pausedClock } from '../../../tests/e2e/model/support/page';

/**
 * The route (src/content/pages.ts) of the page that places the flow, the one whose page renders
 * <${pascal} />. None does yet: until a page does and its route is written here, every browser path
 * of this flow fails saying so (docs/testing.md, "A flow on no page yet").
 */
const PLACED_ON: string | null = null;

const SCOPE = '[data-${kebab}]';
const region = (page: Page) => page.getByRole('region', { name: ${copy}.region });
const field = (page: Page) => region(page).getByRole('textbox', { name: ${copy}.etiqueta });
const send = (page: Page) => region(page).getByRole('button', { name: ${copy}.enviar });

export const ${camel}Browser: BrowserModel<Record<string, never>> = {
  name: '${kebab}',
  model: ${camel}Model,
  scope: SCOPE,
  async open(page) {
    await pausedClock(page);
    await openPlacedFlow(page, {
      flow: '${kebab}',
      route: PLACED_ON,
      scope: SCOPE,
      view: '<${pascal} /> (${folder}/${kebab}.tsx)',
      table: '${folder}/${kebab}.browser.ts',
    });
    return {};
  },
  states: {
    ${camel}: async ({ page }) => {
      await expect(region(page)).toBeVisible();
    },
    '${camel}.idle': async ({ page }) => {
      await expect(send(page)).toBeEnabled();
      await expect(region(page).getByRole('status')).toHaveCount(0);
    },
    '${camel}.sent': async ({ page, after }) => {
      await expect(region(page).getByRole('status')).toHaveText(${copy}.enviado(String(after.context.text)));
      await expect(send(page)).toHaveCount(0);
    },
  },
  events: {
    'form.submit': {
      act: async ({ page, event }) => {
        await field(page).fill((event as ${pascal}Event).text);
        await send(page).click();
      },
    },
    'xstate.after.returnDelay.${camel}.sent': {
      act: ({ page }) => page.clock.runFor(${returnMs}),
    },
  },
};
`,
  );
  return files;
}

/** The files written, by their path from the root, formatted as the root's Prettier says. */
async function formatted(
  root: string,
  files: Map<string, string>,
  folder: string,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [name, text] of files) {
    const file = path.join(root, folder, name);
    const options = (await prettier.resolveConfig(file)) ?? {};
    out.set(name, await prettier.format(text, { ...options, filepath: file }));
  }
  return out;
}

export interface Written {
  names: FlowNames;
  order: number;
  /** The files written, from the root ('src/flows/te-llamamos/copy.ts'). */
  files: string[];
}

/**
 * Writes the new flow's folder under `root`, or throws a FlowsNewError and writes nothing. The
 * files go into a hidden sibling folder first, which is renamed into place once all are written.
 */
export async function writeFlow(root: string, name: string | undefined): Promise<Written> {
  const problem = nameProblem(name, root);
  if (problem !== undefined || name === undefined) throw new FlowsNewError(problem);
  const names = flowNames(name);
  const order = nextOrder(existingFlows(root).orders);
  const folder = `${FLOWS}/${name}`;
  const files = await formatted(root, flowFiles(names, order), folder);
  const target = path.join(root, folder);
  const staging = path.join(root, FLOWS, `.${name}-${process.pid}`);
  mkdirSync(staging);
  try {
    for (const [file, text] of files) writeFileSync(path.join(staging, file), text);
    renameSync(staging, target);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return { names, order, files: [...files.keys()].map((file) => `${folder}/${file}`) };
}

/** What to do next, in Spanish: the files to fill in, in order, and the commands that check them. */
export function nextSteps(
  { names, order }: Written,
  ran: { generators: boolean; mutation: boolean },
): string {
  const { kebab, pascal } = names;
  const dir = `${FLOWS}/${kebab}`;
  const steps = [
    `Las reglas de la máquina: ${dir}/${kebab}.machine.ts (estados, eventos, condiciones, acciones, esperas; una descripción en español en cada estado y transición), y su ficha en ${dir}/${kebab}.flow.ts (título, descripción y una nota por cada evento, condición, acción, servicio, espera y dato).`,
    `Los textos: ${dir}/copy.ts (tuteando al visitante; ningún texto dentro de un componente).`,
    `La vista: ${dir}/${kebab}.tsx (lee el estado con @xstate/react y envía los eventos; los efectos, en un ${kebab}.wiring.ts con .provide()).`,
    `La página que lo coloca: una página de src/pages/ (con su ruta en src/content/pages.ts) renderiza <${pascal} />; escribe esa ruta en PLACED_ON de ${dir}/${kebab}.browser.ts. Hasta entonces sus caminos en el navegador fallan diciendo que el flujo no está en ninguna página.`,
    `Los eventos de ejemplo: ${dir}/${kebab}.samples.ts (uno por situación que la máquina debe recorrer, con sus datos) y lo que cada paso debe cumplir, en el check de ${dir}/${kebab}.model.test.ts.`,
    `Las comprobaciones del navegador: ${dir}/${kebab}.browser.ts (qué ve el visitante en cada estado y cómo produce cada evento).`,
  ];
  const commands = [
    [`npx vitest run ${dir} tests/unit/flows`, 'la máquina, sus caminos y las partes de la carpeta'],
    [
      'npm run flows:update',
      'después de cada cambio de la máquina: la documentación, el registro de versiones y la prueba de mutación de lo que cambió (npm test falla hasta hacerla)',
    ],
    ['npm run typecheck && npm run lint && npm run test:unit', 'todo, antes de confirmar'],
    [
      `npm run build && npx playwright test --project=browser-model -g ${kebab}`,
      'sus caminos en la página que lo coloca',
    ],
  ];
  const width = Math.max(...commands.map(([command]) => command!.length));
  return [
    ran.generators
      ? 'docs/flows/ y el registro de versiones (workbench/flow-versions/) ya lo incluyen.'
      : 'Sin generar: ejecuta npm run docs:flows y npm run flows:versions.',
    ...(ran.mutation ? ['La prueba de mutación ya corrió sobre la máquina nueva.'] : []),
    '',
    `Ahora completa, en este orden (el flujo está en el lugar ${order} del catálogo):`,
    ...steps.map((step, i) => `  ${i + 1}. ${step}`),
    '',
    'Para comprobarlo:',
    ...commands.map(([command, what]) => `  ${command!.padEnd(width)}  # ${what}`),
    '',
    `El registro de versiones ya guarda la versión de estas reglas de ejemplo: antes de confirmar el flujo por primera vez, borra workbench/flow-versions/${kebab}.json y ejecuta npm run flows:versions, para que empiece por la versión que confirmas.`,
  ].join('\n');
}

/** The command line: the name, and the options above. */
export function parseArguments(args: readonly string[]): {
  name: string | undefined;
  root: string;
  folderOnly: boolean;
  mutation: boolean;
} {
  const names: string[] = [];
  let root = REPOSITORY;
  let folderOnly = false;
  let mutation = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--root') {
      const value = args[++i];
      if (value === undefined) throw new FlowsNewError('Falta la carpeta después de --root.');
      root = path.resolve(value);
    } else if (arg === '--folder-only') folderOnly = true;
    else if (arg === '--mutation') mutation = true;
    else if (arg.startsWith('-'))
      throw new FlowsNewError(
        `Opción desconocida: ${arg} (las que hay: --root <carpeta>, --folder-only, --mutation).`,
      );
    else names.push(arg);
  }
  if (names.length > 1)
    throw new FlowsNewError(`Un flujo por vez: recibí ${names.length} nombres (${names.join(', ')}).`);
  if (folderOnly && mutation)
    throw new FlowsNewError('--folder-only no corre nada: no se combina con --mutation.');
  return { name: names[0], root, folderOnly, mutation };
}

/** Runs an npm script in the root, its output shown; a failure ends the command. */
function npmRun(root: string, args: readonly string[]): void {
  console.info(`\n> npm run ${args.join(' ')}`);
  const result = spawnSync('npm', ['run', '--silent', ...args], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0)
    throw new FlowsNewError(
      `npm run ${args.join(' ')} falló (su salida está arriba). La carpeta del flujo ya está escrita: corrige lo que dice y vuelve a ejecutar ese comando.`,
    );
}

async function main(): Promise<void> {
  const options = parseArguments(process.argv.slice(2));
  const written = await writeFlow(options.root, options.name);
  console.info(
    `Flujo «${written.names.title}» creado en ${FLOWS}/${written.names.kebab}/:\n${written.files.map((file) => `  ${file}`).join('\n')}`,
  );
  if (!options.folderOnly) {
    npmRun(options.root, ['docs:flows']);
    npmRun(options.root, ['flows:versions']);
    if (options.mutation) npmRun(options.root, ['test:mutation', '--', '--stale']);
  }
  console.info(`\n${nextSteps(written, { generators: !options.folderOnly, mutation: options.mutation })}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    await main();
  } catch (error) {
    if (!(error instanceof FlowsNewError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
