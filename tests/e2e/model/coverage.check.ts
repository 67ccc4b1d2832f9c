import { expect, test } from '../support/test';
import { machineGraph } from '@tienda/flow-workbench/kit';
import { mergeParts, pathsFor } from './support/artifacts';
import { browserModels } from './machines';

/**
 * Runs after the path tests (its own Playwright project, which depends on them, so it does not run
 * when a path fails): merges what the paths covered in the browser, prints one line per machine and
 * fails when a state or transition of a machine was not covered by any browser path. The results
 * for the explorer (results.json, coverage.json, the screenshots) are written by the run's global
 * teardown, finishRun, whatever the outcome.
 */
test('every state and transition of each machine is covered in the browser', () => {
  const merged = mergeParts();
  const missing: Record<string, string[]> = {};
  for (const bm of browserModels) {
    const machine = bm.model.machine;
    const graph = machineGraph(machine);
    const covered = merged[machine.id] ?? { states: [], transitions: [] };
    const unreachable = bm.unreachable ?? {};
    const states = graph.states.filter((s) => covered.states.includes(s));
    const transitions = graph.transitions.filter((t) => covered.transitions.includes(t));
    const reachable = graph.transitions.filter((t) => !(t in unreachable));
    const paths = pathsFor(bm);
    const simple = paths.filter((p) => p.kind === 'simple').length;
    const note =
      Object.keys(unreachable).length > 0
        ? ` (${Object.keys(unreachable).length} not reachable from the page, listed in its table)`
        : '';
    console.info(
      `[browser-model] ${bm.name}: ${paths.length} paths run${simple > 0 ? ` (${paths.length - simple} shortest + ${simple} simple)` : ''}; ` +
        `${states.length}/${graph.states.length} states, ${transitions.length}/${reachable.length} transitions${note}`,
    );
    const unreachableStates = bm.unreachableStates ?? {};
    const lacking = [
      ...graph.states
        .filter((s) => !covered.states.includes(s) && !(s in unreachableStates))
        .map((s) => `state ${s}`),
      ...Object.keys(unreachableStates)
        .filter((s) => !graph.states.includes(s) || covered.states.includes(s))
        .map((s) => `state ${s} is listed as unreachable but a path reached it (or it is gone)`),
      ...reachable.filter((t) => !covered.transitions.includes(t)).map((t) => `transition ${t}`),
      ...Object.keys(unreachable)
        .filter((t) => covered.transitions.includes(t))
        .map((t) => `transition ${t} is listed as unreachable but a path took it`),
    ];
    if (lacking.length > 0) missing[bm.name] = lacking;
  }
  expect(
    missing,
    "not covered in the browser: add a sample event that reaches it to the machine's model in " +
      'src/flows/<flow>/<machine>.samples.ts, or list it with the reason in `unreachable` (`unreachableStates`) of ' +
      'its table, src/flows/<flow>/<machine>.browser.ts',
  ).toEqual({});
});
