/**
 * How the tools find the parts of the flow folders, src/flows/<folder>/: no list of flows is kept
 * by hand. Three modules discover them, each the same way:
 *
 * - src/flows/catalogue.ts: the entries (`*.flow.ts`), `flows`;
 * - workbench/samples.ts: the machines' models (`*.samples.ts`), `machineModels`;
 * - tests/e2e/model/machines.ts: the browser tables (`*.browser.ts`), `browserModels`.
 *
 * Each asks `import.meta.env` which runtime compiled it. Vite sets it and compiles
 * `import.meta.glob(<the folders' pattern>, { eager: true })` into imports of the files it matches:
 * the explorer's page and its dev server, and Vitest, take that branch (`byFolder` keys its
 * result). Plain Node has neither: tsx (the scripts, the flow diff's child process, the explorer
 * plugin's `tsImport`) and Playwright's loader take `await importFlowParts(<part>)`, which lists
 * the files with `fs.globSync` and imports them (top-level await). Node's modules are reached
 * through `process.getBuiltinModule`, so a page bundling this file imports nothing of Node (Vite
 * drops that branch). Both key a module by its folder and file name, sorted; the catalogue then
 * orders the flows by their `order`, and the other parts follow their flow (`inFlowOrder`).
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
} as const;

export type FlowPart = keyof typeof FLOW_PARTS;

/** The modules found, keyed by their folder and file name ('welcome/welcome.flow.ts'), sorted by it. */
export type FoundModules = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

function sortedByKey(entries: (readonly [string, Readonly<Record<string, unknown>>])[]): FoundModules {
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * Every module of one part in the flow folders, under plain Node: listed with `fs.globSync`,
 * imported by their file URLs (the caller's loader, tsx's or Playwright's, compiles them).
 */
export async function importFlowParts(part: FlowPart): Promise<FoundModules> {
  const { globSync } = process.getBuiltinModule('node:fs');
  const { join, sep } = process.getBuiltinModule('node:path');
  const { pathToFileURL } = process.getBuiltinModule('node:url');
  const dir = import.meta.dirname;
  const files = globSync(`*/*${FLOW_PARTS[part]}`, { cwd: dir });
  const modules = await Promise.all(
    files.map(
      async (file) =>
        [
          file.split(sep).join('/'),
          (await import(/* @vite-ignore */ pathToFileURL(join(dir, file)).href)) as Record<string, unknown>,
        ] as const,
    ),
  );
  return sortedByKey(modules);
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
