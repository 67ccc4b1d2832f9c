import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMachine } from 'xstate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { graphSignature } from '@tienda/flow-identity';
import { loadVersions, missingVersions, recordVersions, versionsFile } from '../src/diff/version-registry';
import { readVersions } from '../src/diff/versions';
import { flows, lightFlow } from './fixtures/catalogue';

/** The fixtures' versions: their graphs' signatures (a site gives its flows' behaviour's). */
const versionsOf = (entries: readonly { machine: Parameters<typeof graphSignature>[0] }[]) =>
  Object.fromEntries(entries.map((f) => [f.machine.id, graphSignature(f.machine)]));

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'flow-versions-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The light with a third state: another version of the same flow. */
const lighter = {
  ...lightFlow,
  machine: createMachine({
    id: 'light',
    initial: 'off',
    states: { off: { on: { toggle: 'on' } }, on: { on: { toggle: 'off', dim: 'dim' } }, dim: {} },
  }),
};

describe('the registry of versions', () => {
  it("says which flows' versions of today it lacks, until they are recorded", () => {
    expect(missingVersions(dir, flows, versionsOf(flows))).toEqual(
      flows.map((f) => ({ slug: f.slug, version: graphSignature(f.machine) })),
    );
    expect(recordVersions(dir, flows, versionsOf(flows)).map((m) => m.slug)).toEqual(['door', 'light']);
    expect(missingVersions(dir, flows, versionsOf(flows))).toEqual([]);
    // Recorded once: a second run writes nothing.
    const before = readFileSync(versionsFile(dir, 'light'), 'utf8');
    expect(recordVersions(dir, flows, versionsOf(flows))).toEqual([]);
    expect(readFileSync(versionsFile(dir, 'light'), 'utf8')).toBe(before);
  });

  it('appends a new version after the ones it keeps, each with its snapshot', () => {
    recordVersions(dir, [lightFlow], versionsOf([lightFlow]));
    expect(missingVersions(dir, [lighter], versionsOf([lighter]))).toEqual([
      { slug: 'light', version: graphSignature(lighter.machine) },
    ]);
    recordVersions(dir, [lighter], versionsOf([lighter]));
    const { versions } = loadVersions(dir, 'light');
    expect(Object.keys(versions)).toEqual([
      graphSignature(lightFlow.machine),
      graphSignature(lighter.machine),
    ]);
    expect(versions[graphSignature(lighter.machine)]?.states.map((s) => s.path)).toEqual([
      '',
      'off',
      'on',
      'dim',
    ]);
    expect(versions[graphSignature(lightFlow.machine)]?.states.map((s) => s.path)).not.toContain('dim');
  });

  it('reads leniently: what is not a version with its snapshot is left out', () => {
    recordVersions(dir, [lightFlow], versionsOf([lightFlow]));
    const kept = loadVersions(dir, 'light').versions;
    const file = versionsFile(dir, 'light');
    writeFileSync(
      file,
      JSON.stringify({
        versions: { ...kept, 'no-hex': kept[graphSignature(lightFlow.machine)], '0badc0de': 1 },
      }),
    );
    expect(Object.keys(loadVersions(dir, 'light').versions)).toEqual([graphSignature(lightFlow.machine)]);
    expect(readVersions(null, 'x')).toEqual({ format: 1, slug: 'x', versions: {} });
    expect(readVersions({ versions: 'todas' }, 'x').versions).toEqual({});
    expect(loadVersions(dir, 'sin-archivo').versions).toEqual({});
  });
});
