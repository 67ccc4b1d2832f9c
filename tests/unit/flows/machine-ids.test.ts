import { describe, expect, it } from 'vitest';
import { flows } from '../../../src/flows/catalogue';

/**
 * A flow's machine id names it wherever it is counted or shown: the visitors' counts
 * (POST /api/flow-counts keys each flow by it), the explorer's links and QA's results.
 */
describe("the flows' machine ids", () => {
  it('are a name each, and no two flows share one', () => {
    const ids = flows.map((f) => f.machine.id);
    for (const id of ids) expect(id, id).toMatch(/^[a-z][A-Za-z]+$/);
    expect(new Set(ids).size).toBe(flows.length);
  });
});
