/**
 * The registry of the flows' versions (workbench/flow-versions) knows every flow's version of
 * today, so a link made today can tell, once the flow changes, what changed since.
 */
import path from 'node:path';
import { flowVersions } from '@tienda/flow-workbench/behaviour';
import { loadVersions, missingVersions } from '@tienda/flow-workbench/generators';
import { describe, expect, it } from 'vitest';
import { FLOW_VERSIONS, flows } from '../../../workbench/catalogue';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DIR = path.resolve(ROOT, FLOW_VERSIONS);
const TODAY = flowVersions(ROOT);

describe('the registry of the flows versions', () => {
  it("has every flow's version of today", () => {
    const missing = missingVersions(DIR, flows, TODAY);
    expect(
      missing,
      `Falta en ${FLOW_VERSIONS} la versión de hoy de ${missing.map((m) => `${m.slug} (${m.version})`).join(', ')}: ejecuta npm run flows:update (o npm run flows:versions solo) y confirma los archivos que escribe.`,
    ).toEqual([]);
  });

  it.each(flows.map((f) => [f.slug, f] as const))(
    '%s keeps its snapshot under its version, for its machine',
    (slug, flow) => {
      const snapshot = loadVersions(DIR, slug).versions[TODAY[flow.machine.id]!];
      expect(snapshot?.machineId).toBe(flow.machine.id);
      expect(snapshot?.slug).toBe(slug);
    },
  );
});
