/**
 * The two ways the tools find a flow folder's parts (src/flows/flow-parts.ts) find the same: Vite's
 * `import.meta.glob`, which Vitest and the explorer's page use, and Node's `fs.globSync` with an
 * import per file, which tsx, Playwright and jiti use. Under Vitest both can run side by side.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { flows } from '../../../src/flows/catalogue';
import {
  byFolder,
  findFlowParts,
  flowPartFiles,
  importFlowParts,
  partFile,
  type FlowPart,
} from '../../../src/flows/flow-parts';
import { machineModels } from '../../../workbench/samples';

/** Vite's glob of each part, not imported: only the files it matches. */
const viteFiles: Record<FlowPart, string[]> = {
  entry: Object.keys(byFolder(import.meta.glob('../../../src/flows/*/*.flow.ts'))),
  samples: Object.keys(byFolder(import.meta.glob('../../../src/flows/*/*.samples.ts'))),
  browser: Object.keys(byFolder(import.meta.glob('../../../src/flows/*/*.browser.ts'))),
  modelTest: Object.keys(byFolder(import.meta.glob('../../../src/flows/*/*.model.test.ts'))),
};

describe("a flow folder's parts", () => {
  it.each(Object.entries(viteFiles))('%s: node lists the files vite matches', (part, files) => {
    expect(files.length).toBeGreaterThan(0);
    expect(flowPartFiles(part as FlowPart)).toEqual(files);
  });

  it("node imports the very modules vite's glob imports", async () => {
    const vite = byFolder(import.meta.glob('../../../src/flows/*/*.flow.ts', { eager: true }));
    const node = await importFlowParts('entry');
    expect(Object.keys(node)).toEqual(Object.keys(vite));
    for (const [file, mod] of Object.entries(node)) expect(mod, file).toEqual(vite[file]);
    expect(flows.map((f) => f.slug)).toContain('lead-wizard');
  });

  it('takes the modules vite compiled, or reads the folders when no vite did', async () => {
    const compiled = await findFlowParts('samples', () =>
      import.meta.glob('../../../src/flows/*/*.samples.ts', { eager: true }),
    );
    const read = await findFlowParts('samples', () => {
      throw new TypeError('import.meta.glob is not a function');
    });
    expect(Object.keys(read)).toEqual(Object.keys(compiled));
    await expect(
      findFlowParts('samples', () => {
        throw new Error('another failure');
      }),
    ).rejects.toThrow('another failure');
  });

  it('keeps the catalogue in the order its entries give, and every model in its flow’s', () => {
    const orders = flows.map((f) => f.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(new Set(orders).size).toBe(orders.length);
    expect(flows[0]?.slug).toBe('lead-wizard');
    expect(machineModels.map((m) => m.machine.id)).toEqual(flows.map((f) => f.machine.id));
  });

  it("names each part after the machine's file, and the entry after its folder", () => {
    const source = 'src/flows/registration/lead-wizard.machine.ts';
    expect(partFile(source, 'entry')).toBe('src/flows/registration/registration.flow.ts');
    expect(partFile(source, 'samples')).toBe('src/flows/registration/lead-wizard.samples.ts');
    expect(partFile(source, 'browser')).toBe('src/flows/registration/lead-wizard.browser.ts');
    expect(partFile(source, 'modelTest')).toBe('src/flows/registration/lead-wizard.model.test.ts');
    expect(path.basename(partFile(source, 'entry'))).toBe('registration.flow.ts');
  });
});
