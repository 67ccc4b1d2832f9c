/**
 * A plain build of the explorer reads no git: without FLOWS_DIFF_BASE, the build's config and
 * the three modules the page gets (catalogue, layouts, changes) are made without starting a
 * single process, so the same tree builds the same explorer on a branch, on main and in a copy
 * without git. Asked for a base, the build does read git.
 */
import type * as ChildProcess from 'node:child_process';
import path from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it, vi } from 'vitest';

const spawned: string[] = [];
vi.mock('node:child_process', async (original) => {
  const real = await original<typeof ChildProcess>();
  const record =
    <F extends (...args: never[]) => unknown>(name: string, fn: F) =>
    (...args: Parameters<F>) => {
      spawned.push(`${name} ${String(args[0])} ${JSON.stringify(args[1] ?? [])}`);
      return fn(...args);
    };
  return {
    ...real,
    spawn: record('spawn', real.spawn),
    spawnSync: record('spawnSync', real.spawnSync),
    execFileSync: record('execFileSync', real.execFileSync),
  };
});

const { explorerConfig } = await import('../src/vite');

const CATALOGUE = path.resolve(import.meta.dirname, 'fixtures/catalogue.ts');

/** The config's stamp and what each virtual module loads to, as the build would get them. */
async function buildData(env: NodeJS.ProcessEnv) {
  const config = explorerConfig({
    catalogue: CATALOGUE,
    diffCatalogues: ['packages/flow-workbench/test/fixtures/catalogue.ts'],
    outDir: path.resolve(import.meta.dirname, 'unused-out'),
    env,
  });
  const plugin = (config.plugins ?? []).flat().find((p) => (p as Plugin).name === 'flow-explorer') as Plugin;
  const hook = <T>(h: unknown) => (typeof h === 'function' ? h : (h as { handler: T }).handler) as T;
  const resolve = hook<(id: string) => string | undefined>(plugin.resolveId);
  const load = hook<(this: unknown, id: string) => Promise<string | undefined>>(plugin.load);
  const modules: Record<string, string | undefined> = {};
  for (const id of ['virtual:flow-catalogue', 'virtual:flow-layouts', 'virtual:flow-changes']) {
    const resolved = resolve(id);
    if (resolved) modules[id] = await load.call({ error: (m: string) => new Error(m) }, resolved);
  }
  return { define: config.define, modules };
}

describe('the explorer build', () => {
  it('starts no process (no git) without FLOWS_DIFF_BASE, and its output is the same with it empty or no', async () => {
    spawned.length = 0;
    const plain = await buildData({});
    expect(spawned).toEqual([]);
    expect(plain.define).toEqual({
      __FLUJOS_BUILD__: JSON.stringify({ commit: null, date: null, dirty: false }),
    });
    expect(plain.modules['virtual:flow-changes']).toBe('export default null;\n');
    expect(plain.modules['virtual:flow-layouts']).toMatch(/^export default \{"door/);
    expect(await buildData({ FLOWS_DIFF_BASE: '' })).toEqual(plain);
    expect(await buildData({ FLOWS_DIFF_BASE: 'no' })).toEqual(plain);
    expect(spawned).toEqual([]);
  });

  it('reads git when a base is asked for: the commit it is built from', () => {
    spawned.length = 0;
    const config = explorerConfig({
      catalogue: CATALOGUE,
      diffCatalogues: ['packages/flow-workbench/test/fixtures/catalogue.ts'],
      outDir: path.resolve(import.meta.dirname, 'unused-out'),
      env: { FLOWS_DIFF_BASE: 'HEAD' },
    });
    expect(spawned.some((call) => call.includes('git'))).toBe(true);
    expect(JSON.parse(String(config.define?.__FLUJOS_BUILD__)).commit).toMatch(/^[0-9a-f]{40}$/);
  });
});
