/**
 * How the tools find the parts of the flow folders, src/flows/<folder>/: no list of flows is kept
 * by hand. Three modules discover them, each with one call of `findFlowParts`:
 *
 * - src/flows/catalogue.ts: the entries (`*.flow.ts`), `flows`;
 * - workbench/samples.ts: the machines' models (`*.samples.ts`), `machineModels`;
 * - tests/e2e/model/machines.ts: the browser tables (`*.browser.ts`), `browserModels`.
 *
 * Each hands it a function calling `import.meta.glob(<the folders' pattern>, { eager: true })`.
 * Vite compiles that call into the imports of the files it matches: the explorer's page and its
 * dev server, and Vitest, get the modules from it. Elsewhere `import.meta.glob` is not a function
 * and the call throws a TypeError: plain Node (tsx: the scripts, the flow diff's child process,
 * the explorer plugin's `tsImport`), Playwright's loader and jiti (knip reading the explorer's
 * Vite config) take `importFlowParts`, which lists the files with `fs.globSync` and imports them
 * (top-level await in the three modules). Node's modules are reached through
 * `process.getBuiltinModule`, so a page bundling this file imports nothing of Node. Both ways key
 * a module by its folder and file name, sorted; the catalogue then orders the flows by their
 * `order`, and the other parts follow their flow (`inFlowOrder`).
 */
import type { AnyStateMachine } from 'xstate';

/** The parts the tools discover in every flow folder, by the end of their file name. */
export const FLOW_PARTS = {
  /** The flow's entry in the catalogue (its meaning in Spanish): `<folder>.flow.ts`. */
  entry: '.flow.ts',
  /** The machine's model runs and sample events (a `MachineModel`): `<machine file>.samples.ts`. */
  samples: '.samples.ts',
  /** The machine's table for the browser model paths (a `BrowserModel`): `<machine file>.browser.ts`. */
  browser: '.browser.ts',
  /** The machine's model paths test (Vitest finds it by its name; nothing imports it). */
  modelTest: '.model.test.ts',
} as const;

/** A part of a flow folder. */
export type FlowPart = keyof typeof FLOW_PARTS;
/** A part the tools import from every flow folder. */
export type DiscoveredPart = Exclude<FlowPart, 'modelTest'>;

/**
 * Where a machine's part is, from the machine's file (a catalogue entry's `source`,
 * 'src/flows/registration/lead-wizard.machine.ts'): beside it and named after it
 * ('…/lead-wizard.samples.ts'), but the entry, which is named after its folder
 * ('…/registration.flow.ts').
 */
export function partFile(machineSource: string, part: FlowPart): string {
  const dir = machineSource.slice(0, machineSource.lastIndexOf('/'));
  if (part === 'entry') return `${dir}/${dir.slice(dir.lastIndexOf('/') + 1)}${FLOW_PARTS.entry}`;
  return machineSource.replace(/\.machine\.ts$/, FLOW_PARTS[part]);
}

/** The modules found, keyed by their folder and file name ('welcome/welcome.flow.ts'), sorted by it. */
export type FoundModules = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

function sortedByKey(entries: (readonly [string, Readonly<Record<string, unknown>>])[]): FoundModules {
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Where this module is: src/flows, whose folders hold the parts. */
function flowsDir(): string {
  const { dirname } = process.getBuiltinModule('node:path');
  const { fileURLToPath } = process.getBuiltinModule('node:url');
  return dirname(fileURLToPath(import.meta.url));
}

/** The files of one part in the flow folders, without Vite: their folder and name, sorted. */
export function flowPartFiles(part: FlowPart): string[] {
  const { globSync } = process.getBuiltinModule('node:fs');
  const { sep } = process.getBuiltinModule('node:path');
  return globSync(`*/*${FLOW_PARTS[part]}`, { cwd: flowsDir() })
    .map((file) => file.split(sep).join('/'))
    .sort();
}

/**
 * Every module of one part in the flow folders, without Vite: listed with `fs.globSync`, imported
 * by their file URLs (the caller's loader, tsx's, Playwright's or jiti's, compiles them).
 */
export async function importFlowParts(part: DiscoveredPart): Promise<FoundModules> {
  const { join } = process.getBuiltinModule('node:path');
  const { pathToFileURL } = process.getBuiltinModule('node:url');
  const dir = flowsDir();
  const modules = await Promise.all(
    flowPartFiles(part).map(
      async (file) =>
        [
          file,
          (await import(/* @vite-ignore */ pathToFileURL(join(dir, file)).href)) as Record<string, unknown>,
        ] as const,
    ),
  );
  return sortedByKey(modules);
}

/**
 * Every module of one part in the flow folders: what `viteGlob` (a call of `import.meta.glob` in
 * the caller, whose pattern Vite reads there) returns when Vite compiled it, else `importFlowParts`.
 */
export async function findFlowParts(
  part: DiscoveredPart,
  viteGlob: () => Readonly<Record<string, unknown>>,
): Promise<FoundModules> {
  let compiled: Readonly<Record<string, unknown>> | undefined;
  try {
    compiled = viteGlob();
  } catch (error) {
    // `import.meta.glob` is not a function: no Vite compiled the caller.
    if (!(error instanceof TypeError)) throw error;
  }
  return compiled ? byFolder(compiled) : importFlowParts(part);
}

/** What `import.meta.glob` found, keyed as `importFlowParts` keys it: by folder and file name. */
export function byFolder(modules: Readonly<Record<string, unknown>>): FoundModules {
  return sortedByKey(
    Object.entries(modules).map(
      ([file, mod]) =>
        [file.split('/').slice(-2).join('/'), mod as Readonly<Record<string, unknown>>] as const,
    ),
  );
}

/** One export of a found module, with the module's folder and file name. */
export interface FoundExport<T> {
  file: string;
  value: T;
}

/** Every export of the found modules that `is` accepts, in the order of their files. */
export function exportsOf<T>(modules: FoundModules, is: (value: unknown) => value is T): FoundExport<T>[] {
  return Object.entries(modules).flatMap(([file, mod]) =>
    Object.values(mod)
      .filter(is)
      .map((value) => ({ file, value })),
  );
}

/** An XState machine, as a module exports it. */
export function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'id' in value && 'config' in value;
}

/**
 * Parts that belong to a machine, in the catalogue's order of their machines (`machineIds`); a
 * part whose machine the catalogue does not have comes last, by its file.
 */
export function inFlowOrder<T>(
  found: readonly FoundExport<T>[],
  machineIdOf: (value: T) => string,
  machineIds: readonly string[],
): T[] {
  const rank = (part: FoundExport<T>) => {
    const index = machineIds.indexOf(machineIdOf(part.value));
    return index === -1 ? machineIds.length : index;
  };
  return [...found]
    .sort((a, b) => rank(a) - rank(b) || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
    .map((part) => part.value);
}
