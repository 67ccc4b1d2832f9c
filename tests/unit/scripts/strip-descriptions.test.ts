import { readFileSync } from 'node:fs';
import { parseAst, transformWithOxc } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  descriptionRanges,
  MACHINE_FILE,
  stripDescriptionsPlugin,
} from '../../../scripts/strip-descriptions';

/** Runs the plugin's transform as Vite would, with its parser. */
async function strip(code: string, id: string): Promise<string> {
  const plugin = stripDescriptionsPlugin();
  const transform = plugin.transform as (this: unknown, code: string, id: string) => { code: string } | null;
  return transform.call({ parse: (source: string) => parseAst(source) }, code, id)?.code ?? code;
}

describe('machine descriptions left out of the bundles', () => {
  it("removes every state's and transition's description and nothing else", async () => {
    const source = [
      'export const m = setup({}).createMachine({',
      "  id: 'x', description: 'El flujo en una línea',",
      '  states: {',
      "    a: { description: `Paso 1`, on: { go: { target: 'b', description: 'Avanza' } } },",
      "    b: { tags: ['step.b'], description: 'Fin' },",
      '  },',
      '});',
      'const note = { description: dynamic() };',
    ].join('\n');
    const out = await strip(source, '/repo/src/flows/x/x.machine.ts');
    expect(out).not.toMatch(/El flujo|Paso 1|Avanza|Fin'/);
    expect(out).toContain("id: 'x'");
    expect(out).toMatch(/on: \{ go: \{ target: 'b',\s*\} \}/);
    expect(out).toContain("tags: ['step.b']");
    // Only literal texts: a computed description is code, kept.
    expect(out).toContain('description: dynamic()');
    expect(() => parseAst(out)).not.toThrow();
  });

  it('leaves files that are not machines alone', async () => {
    const source = "export const meta = { description: 'Página de inicio' };";
    expect(await strip(source, '/repo/src/content/page-head.ts')).toBe(source);
    expect(MACHINE_FILE.test('/repo/src/flows/registration/lead-wizard.machine.ts')).toBe(true);
  });

  it("finds every description of the wizard's machine once it is plain JavaScript", async () => {
    const file = 'src/flows/registration/lead-wizard.machine.ts';
    const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file);
    const found = descriptionRanges(parseAst(code)).length;
    expect(found).toBeGreaterThan(60);
    expect(await strip(code, `/repo/${file}`)).not.toContain('description:');
  });
});
