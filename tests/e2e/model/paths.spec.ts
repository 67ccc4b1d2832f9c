import { expect, test } from '../support/test';
import { inspectStates, pathsFor, writePart } from './support/artifacts';
import { describePath, drift, runPath, type BrowserPath, type PathOutcome } from './support/browser-model';
import { browserModels, tableFile } from './machines';
import { COUNTRY_LOOKUP_ERROR_MESSAGE } from '../../../src/flows/country-prices/country-prices.machine';

/**
 * The model paths of each machine driven through its page (docs/testing.md, "Model paths in the
 * browser"). Every path is a test; the coverage of all of them is checked by coverage.check.ts.
 */

/**
 * What a path's `xstate.error.actor.*` events make the page log on purpose: the held request is
 * answered with a 503 or dropped, and the page reports it (hygiene fixture, docs/testing.md).
 */
const ERROR_EVENT_TRACES = {
  console: [
    /Failed to load resource/,
    'Error al enviar la suscripción al boletín',
    COUNTRY_LOOKUP_ERROR_MESSAGE,
  ],
  requests: [
    '/api/prospectos/',
    '/api/newsletter/',
    'paypal.com/sdk/js',
    '/api/public/ip2location/',
    '/api/public/cotizaciones/USD/',
  ],
};
const hasErrorEvent = (path: BrowserPath) =>
  path.steps.some((s) => s.event.type.startsWith('xstate.error.actor.'));

for (const bm of browserModels) {
  const machineId = bm.model.machine.id;
  test.describe(bm.name, () => {
    test('every state has a UI assertion and every event a user action', () => {
      const found = drift(bm);
      const table = tableFile(bm);
      expect(found.statesWithoutAssertion, `add a check per state to \`states\` in ${table}`).toEqual([]);
      expect(found.eventsWithoutAction, `add an action per event to \`events\` in ${table}`).toEqual([]);
      expect(found.unknownEntries, `remove these entries from ${table}: the machine has none`).toEqual([]);
    });

    for (const path of pathsFor(bm)) {
      test(describePath(path), async ({ page, hygiene }) => {
        if (hasErrorEvent(path)) {
          hygiene.expectConsole(...ERROR_EVENT_TRACES.console);
          hygiene.expectRequestFailure(...ERROR_EVENT_TRACES.requests);
        }
        // Each step checks the page; each state seen first here adds two axe runs (and, with
        // FLOWS_SCREENS, two screenshots).
        test.setTimeout(60_000 + path.steps.length * 10_000 + path.screens.length * 30_000);
        const outcome: PathOutcome = { states: [], transitions: [], step: 0 };
        const shots: string[] = [];
        writePart(machineId, path, outcome, shots);
        try {
          await runPath(
            bm,
            page,
            path,
            async (ids) => {
              await inspectStates(page, machineId, ids, bm.scope, shots);
              writePart(machineId, path, outcome, shots);
            },
            outcome,
          );
          writePart(machineId, path, outcome, shots, 'passed');
        } catch (error) {
          writePart(machineId, path, outcome, shots, { error });
          throw error;
        }
      });
    }
  });
}
