import { expect, test } from '../support/test';
import { inspectStates, pathsFor, writePart } from './support/artifacts';
import { describePath, drift, runPath, type PathOutcome } from './support/browser-model';
import { browserModels } from './machines';

/**
 * The model paths of each machine driven through its page (docs/testing.md, "Model paths in the
 * browser"). Every path is a test; the coverage of all of them is checked by coverage.check.ts.
 */

for (const bm of browserModels) {
  const machineId = bm.model.machine.id;
  test.describe(bm.name, () => {
    test('every state has a UI assertion and every event a user action', () => {
      const found = drift(bm);
      expect(found.statesWithoutAssertion, 'states without a UI assertion').toEqual([]);
      expect(found.eventsWithoutAction, 'events without a user action').toEqual([]);
      expect(found.unknownEntries, 'table entries the machine does not have').toEqual([]);
    });

    for (const path of pathsFor(bm)) {
      test(describePath(path), async ({ page }) => {
        // Each step checks the page; each state seen first here adds two screenshots and two axe runs.
        test.setTimeout(60_000 + path.steps.length * 10_000 + path.screens.length * 30_000);
        const outcome: PathOutcome = { states: [], transitions: [] };
        try {
          await runPath(bm, page, path, (ids) => inspectStates(page, machineId, ids, bm.scope), outcome);
        } finally {
          writePart(machineId, path.id, outcome);
        }
      });
    }
  });
}
