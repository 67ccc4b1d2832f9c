/**
 * The browser model run's results as the site's QA run writes them (tests/e2e/model/support/
 * results.ts), in the format the flow workbench's explorer reads (the kit's results.ts); the
 * explorer's reading is the workbench's own test.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowVersions } from '@tienda/flow-workbench/behaviour';
import { machineGraph, type MachineResults } from '@tienda/flow-workbench/kit';
import { welcomeModel } from '../../../src/flows/welcome/welcome.samples';
import type { BrowserModel } from '../../e2e/model/support/browser-model';
import type * as ResultsModule from '../../e2e/model/support/results';
import { welcomeMachine } from '../../../src/flows/welcome/welcome.machine';

const RUN = 'test-run';
const EARLIER = {
  name: 'referral-banner',
  date: '2025-01-01T00:00:00.000Z',
  commit: null,
  dirty: false,
  graph: '',
  states: { covered: ['referralBanner'], total: 4 },
  transitions: { covered: [], total: 3 },
  unreachable: {},
  planned: 1,
  paths: [],
};
let dir: string;
let results: typeof ResultsModule;

/** A browser model of the welcome machine without a page: only what finishRun reads. */
const welcome = {
  name: 'welcome',
  model: welcomeModel,
  scope: '.welcome',
  open: async () => ({}),
  states: {},
  events: {},
  unreachable: { 'welcome.ready.redirecting redirect.abort#0': 'Un ejemplo de razón, con `redirect.abort`.' },
} as unknown as BrowserModel<unknown>;

const label = welcomeModel.runs[2]?.label ?? '';
const events = [
  { event: { type: 'xstate.init' } },
  { event: { type: 'xstate.after.redirectDelay.welcome.preparing' } },
  { event: { type: 'redirect.abort' } },
];
const paths = ['01 shortest', '02 shortest', '03 shortest'].map((id) => ({
  id,
  run: label,
  steps: events,
  screens: [],
  kind: 'shortest',
}));

function write(file: string, content: string | Buffer) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'qa-results-'));
  process.env.FLOWS_ARTIFACTS_DIR = dir;
  process.env.BROWSER_MODEL_RUN_ID = RUN;
  results = await import('../../e2e/model/support/results');
  // A screenshot and results of an earlier run: the welcome's are replaced (its screenshot, of
  // another version, kept under it), another machine's kept.
  write(path.join(dir, 'screens/welcome/welcome.gone-360.png'), 'old');
  write(
    path.join(dir, 'results.json'),
    JSON.stringify({
      version: 1,
      machines: {
        referralBanner: EARLIER,
        welcome: { ...EARLIER, name: 'welcome', graph: '0badc0de' },
        unreadable: { name: 'x' },
      },
    }),
  );
  write(path.join(dir, 'parts/older-run/x.json'), '{}');
  write(path.join(dir, `parts/${RUN}/paths-welcome.json`), JSON.stringify(paths));
  write(path.join(dir, `parts/${RUN}/screens/welcome/welcome.preparing-360.png`), 'new');
});

afterAll(() => {
  delete process.env.FLOWS_ARTIFACTS_DIR;
  delete process.env.BROWSER_MODEL_RUN_ID;
  rmSync(dir, { recursive: true, force: true });
});

describe("the browser run's results", () => {
  it('are written for every path, passed, failed or interrupted, with the step where it stopped', () => {
    const [passed, failed, interrupted] = results.pathsFor(welcome);
    const covered = { states: ['welcome', 'welcome.preparing'], transitions: [], step: 0 };
    results.writePart(
      'welcome',
      passed!,
      { ...covered, step: 2 },
      ['welcome', 'welcome.preparing'],
      'passed',
    );
    results.writePart('welcome', failed!, { ...covered, step: 1 }, [], {
      error: new Error('\u001b[31mexpect(locator).toHaveText\u001b[39m failed'),
    });
    // Interrupted: the last part written says the step under way.
    results.writePart('welcome', interrupted!, { ...covered, step: 2 }, []);

    const lines = results.finishRun([welcome]);
    expect(lines).toEqual(['[browser-model] welcome: results written, 3/3 paths run, 2 failed']);

    const written = JSON.parse(readFileSync(path.join(dir, 'results.json'), 'utf8'));
    expect(written.machines.referralBanner).toEqual(EARLIER);
    expect(written.machines.unreadable).toBeUndefined();
    const machine = written.machines.welcome as MachineResults;
    expect(machine).toMatchObject({
      name: 'welcome',
      // The flow's version as the build computes it: its behaviour, not only its graph.
      graph: flowVersions(process.cwd()).welcome,
      states: {
        covered: ['welcome', 'welcome.preparing'],
        total: machineGraph(welcomeMachine).states.length,
      },
      transitions: { covered: [], total: machineGraph(welcomeMachine).transitions.length - 1 },
      unreachable: welcome.unreachable,
      planned: 3,
    });
    expect(Date.parse(machine.date)).not.toBeNaN();
    expect(machine.paths.map((p) => [p.id, p.status, p.failedStep, p.screens])).toEqual([
      ['01 shortest', 'passed', undefined, ['welcome', 'welcome.preparing']],
      ['02 shortest', 'failed', 1, []],
      ['03 shortest', 'interrupted', 2, []],
    ]);
    expect(machine.paths[1]?.error).toMatch(/^Error: expect\(locator\)\.toHaveText failed/);
    expect(machine.paths[0]?.events.map((e) => e.type)).toEqual(events.map((e) => e.event.type));

    const coverage = JSON.parse(readFileSync(path.join(dir, 'coverage.json'), 'utf8'));
    expect(coverage.machines.welcome).toEqual({ states: ['welcome', 'welcome.preparing'], transitions: [] });
    // This run's screenshots replace the earlier ones; the parts are gone.
    expect(readdirSync(path.join(dir, 'screens/welcome'))).toEqual(['welcome.preparing-360.png']);
    expect(readdirSync(path.join(dir, 'versions/welcome/0badc0de/screens'))).toEqual([
      'welcome.gone-360.png',
    ]);
    expect(existsSync(path.join(dir, 'parts/older-run'))).toBe(false);
    expect(existsSync(path.join(dir, `parts/${RUN}`))).toBe(false);
  });
});
