/**
 * A flow is a folder of src/flows with a machine in it, and the folder holds every part the tools
 * need: nothing lists the flows, the tools find the parts there (src/flows/flow-parts.ts). This
 * test names the file to create, or the export a file lacks, when a part is missing: a new flow
 * cannot go without its notes, copy, samples, model test or browser table and nobody notice.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { MachineModel } from '@tienda/flow-workbench/kit';
import { describe, expect, it } from 'vitest';
import { flows, type FlowEntry } from '../../../src/flows/catalogue';
import { flowPartFiles, isMachine, partFile, type FlowPart } from '../../../src/flows/flow-parts';

/** The modules of a glob by their path from the repository's root ('src/flows/x/x.flow.ts'). */
function byPath(modules: Record<string, Record<string, unknown>>): Map<string, Record<string, unknown>> {
  return new Map(
    Object.entries(modules).map(([file, mod]) => [
      path.relative(process.cwd(), path.resolve(import.meta.dirname, file)),
      mod,
    ]),
  );
}

const machineModules = byPath(
  import.meta.glob<Record<string, unknown>>('../../../src/flows/*/*.machine.ts', { eager: true }),
);
const entryModules = byPath(
  import.meta.glob<Record<string, unknown>>('../../../src/flows/*/*.flow.ts', { eager: true }),
);
const samplesModules = byPath(
  import.meta.glob<Record<string, unknown>>('../../../src/flows/*/*.samples.ts', { eager: true }),
);

/** Each machine file, with the machines it exports. */
const machineFiles = [...machineModules].map(([file, exports]) => ({
  file,
  folder: path.dirname(file),
  machines: Object.values(exports).filter(isMachine),
}));

/** The exports of a module that belong to a machine (`machineOf` reads which). */
function exportsFor(
  mod: Record<string, unknown> | undefined,
  machineOf: (value: unknown) => string | undefined,
  id: string,
): unknown[] {
  return Object.values(mod ?? {}).filter((value) => machineOf(value) === id);
}

const entryMachine = (value: unknown) => {
  const entry = value as Partial<FlowEntry> | null;
  return typeof entry?.order === 'number' && isMachine(entry.machine) ? entry.machine.id : undefined;
};
const modelMachine = (value: unknown) => {
  const model = value as Partial<MachineModel> | null;
  return isMachine(model?.machine) && Array.isArray(model.runs) ? model.machine.id : undefined;
};

/** What is missing for a machine file's folder to hold all its parts, each naming its file. */
function missingParts(machineFile: string, machines: readonly { id: string }[]): string[] {
  const missing: string[] = [];
  const need = (file: string, what: string, has: () => boolean) => {
    if (!existsSync(file)) missing.push(`create ${file}: ${what}`);
    else if (!has()) missing.push(`${file} lacks ${what}`);
  };
  const entryFile = partFile(machineFile, 'entry');
  const samplesFile = partFile(machineFile, 'samples');
  for (const { id } of machines) {
    need(
      entryFile,
      `the FlowEntry of machine '${id}' (an export with its order, slug, title, description, source, notes)`,
      () => exportsFor(entryModules.get(entryFile), entryMachine, id).length > 0,
    );
    need(
      samplesFile,
      `the MachineModel of machine '${id}' (an export with its runs and sample events)`,
      () => exportsFor(samplesModules.get(samplesFile), modelMachine, id).length > 0,
    );
  }
  const copy = `${path.dirname(machineFile)}/copy.ts`;
  if (!existsSync(copy)) missing.push(`create ${copy}: the copy its views show`);
  const table = partFile(machineFile, 'browser');
  if (!existsSync(table))
    missing.push(`create ${table}: the BrowserModel of its machine (what the page shows in each state)`);
  else if (!/:\s*BrowserModel</.test(readFileSync(table, 'utf8')))
    missing.push(`${table} lacks an export typed BrowserModel<…>`);
  const modelTest = partFile(machineFile, 'modelTest');
  if (!existsSync(modelTest))
    missing.push(`create ${modelTest}: its model paths, ending with report(...) and expectFullCoverage(...)`);
  return missing;
}

describe('every flow folder has its parts', () => {
  it('finds every flow of the catalogue in a folder, and no folder outside it', () => {
    const found = machineFiles.flatMap((f) => f.machines.map((m) => m.id)).sort();
    expect(found).toEqual(flows.map((f) => f.machine.id).sort());
  });

  it.each(machineFiles.map((f) => [f.file, f] as const))('%s', (file, { machines }) => {
    expect(machines.length, `${file} exports no machine`).toBeGreaterThan(0);
    expect(missingParts(file, machines)).toEqual([]);
    for (const { id } of machines) {
      const entry = flows.find((f) => f.machine.id === id);
      expect(entry?.source, `the source of machine '${id}' in ${partFile(file, 'entry')}`).toBe(file);
    }
  });

  it("gives each flow its own place in the catalogue's order", () => {
    const clashes = flows
      .filter((f, i) => flows.findIndex((g) => g.order === f.order) !== i)
      .map((f) => `${partFile(f.source, 'entry')}: order ${f.order} is another flow's too`);
    expect(clashes).toEqual([]);
  });

  it.each<FlowPart>(['samples', 'browser', 'modelTest'])('keeps each %s file beside its machine', (part) => {
    const strays = flowPartFiles(part)
      .map((file) => `src/flows/${file}`)
      .filter((file) => !machineModules.has(file.replace(/\.[a-z.]+\.ts$/, '.machine.ts')))
      .map((file) => `${file}: no machine file beside it of the same name`);
    expect(strays).toEqual([]);
  });
});

describe('the message of a missing part', () => {
  const fixture = 'src/flows/nueva/nueva.machine.ts';

  it('names each file to create in the new folder', () => {
    expect(missingParts(fixture, [{ id: 'nueva' }])).toEqual([
      "create src/flows/nueva/nueva.flow.ts: the FlowEntry of machine 'nueva' (an export with its order, slug, title, description, source, notes)",
      "create src/flows/nueva/nueva.samples.ts: the MachineModel of machine 'nueva' (an export with its runs and sample events)",
      'create src/flows/nueva/copy.ts: the copy its views show',
      'create src/flows/nueva/nueva.browser.ts: the BrowserModel of its machine (what the page shows in each state)',
      'create src/flows/nueva/nueva.model.test.ts: its model paths, ending with report(...) and expectFullCoverage(...)',
    ]);
  });

  it('names the file that lacks an export for a machine', () => {
    expect(missingParts('src/flows/welcome/welcome.machine.ts', [{ id: 'otra' }])).toEqual([
      "src/flows/welcome/welcome.flow.ts lacks the FlowEntry of machine 'otra' (an export with its order, slug, title, description, source, notes)",
      "src/flows/welcome/welcome.samples.ts lacks the MachineModel of machine 'otra' (an export with its runs and sample events)",
    ]);
  });
});
