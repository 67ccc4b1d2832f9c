/**
 * A flow is a folder of src/flows with a machine in it. Every part the tools need is found from
 * that folder, or this test names the file to create or the list to add the flow to: a new flow
 * cannot go without its notes, copy, samples, model test or browser table and nobody notice.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { flows } from '../../../src/flows/catalogue';
import { machineModels } from '../../../workbench/samples';

const machineModules = import.meta.glob<Record<string, unknown>>('../../../src/flows/*/*.machine.ts', {
  eager: true,
});

function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'id' in value && 'config' in value;
}

const folders = Object.entries(machineModules).map(([file, exports]) => {
  const relative = path.relative(process.cwd(), path.resolve(import.meta.dirname, file));
  const folder = path.dirname(relative);
  const base = path.basename(relative, '.machine.ts');
  const machines = Object.values(exports).filter(isMachine);
  return { relative, folder, name: path.basename(folder), base, machines };
});

describe('every flow folder has its parts', () => {
  it('finds every flow of the catalogue in a folder, and no folder outside it', () => {
    const found = folders.flatMap((f) => f.machines.map((m) => m.id)).sort();
    expect(found).toEqual(flows.map((f) => f.machine.id).sort());
  });

  it.each(folders.map((f) => [f.relative, f] as const))('%s', (_file, flow) => {
    expect(flow.machines.length, `${flow.relative} exports no machine`).toBeGreaterThan(0);
    const missing: string[] = [];
    for (const file of [`${flow.folder}/${flow.name}.flow.ts`, `${flow.folder}/copy.ts`]) {
      if (!existsSync(file)) missing.push(`create ${file}`);
    }
    for (const machine of flow.machines) {
      if (!flows.some((entry) => entry.machine.id === machine.id))
        missing.push(`export ${machine.id}'s FlowEntry from ${flow.folder}/${flow.name}.flow.ts`);
      if (!machineModels.some((model) => model.machine.id === machine.id))
        missing.push(`export ${machine.id}'s MachineModel from ${flow.folder}/${flow.base}.samples.ts`);
    }
    const modelTest = `${flow.folder}/${flow.base}.model.test.ts`;
    if (!existsSync(modelTest)) missing.push(`create ${modelTest}`);
    const table = `${flow.folder}/${flow.base}.browser.ts`;
    if (!existsSync(table)) missing.push(`create ${table}`);
    expect(missing).toEqual([]);
  });
});
