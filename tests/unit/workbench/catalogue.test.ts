/**
 * What the site hands the flow workbench (workbench/catalogue.ts) is complete: every flow has its
 * model of sample events, the explorer's real answers name flows and actors that exist, and the
 * flow diff reads the catalogue where it is said to be and finds nothing changed against itself.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { diffFlows, NO_CHANGES, renderFlowsDiff, snapshotFlows } from '@tienda/flow-workbench/generators';
import { modelOf } from '@tienda/flow-workbench';
import { describe, expect, it } from 'vitest';
import { partFile } from '../../../src/flows/flow-parts';
import catalogue, { DIFF_CATALOGUES } from '../../../workbench/catalogue';

describe("the site's workbench catalogue", () => {
  it.each(catalogue.flows.map((f) => [f.slug, f] as const))('%s has a model with samples', (_slug, flow) => {
    const model = modelOf(catalogue, flow.machine);
    expect(model, `export its MachineModel from ${partFile(flow.source, 'samples')}`).toBeDefined();
    expect(model?.runs.length).toBeGreaterThan(0);
  });

  it('names, in its real answers, only flows and actors that exist', () => {
    for (const [machineId, actors] of Object.entries(catalogue.realAnswers ?? {})) {
      const flow = catalogue.flows.find((f) => f.machine.id === machineId);
      expect(flow, machineId).toBeDefined();
      for (const src of Object.keys(actors)) expect(Object.keys(flow?.notes.actors ?? {})).toContain(src);
    }
  });

  it('is where the flow diff looks first, and a snapshot compared with itself has no change', () => {
    expect(existsSync(path.resolve(DIFF_CATALOGUES[0]))).toBe(true);
    const snap = () => JSON.parse(JSON.stringify(snapshotFlows(catalogue.flows, DIFF_CATALOGUES[0])));
    const before = snap();
    expect(before.flows.map((f: { slug: string }) => f.slug)).toEqual(catalogue.flows.map((f) => f.slug));
    expect(diffFlows(before, snap())).toEqual({ flows: [] });
    expect(renderFlowsDiff({ flows: [] }, before, before)).toBe(NO_CHANGES);
  });
});
