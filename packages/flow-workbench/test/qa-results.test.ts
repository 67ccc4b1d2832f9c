/**
 * The explorer reads a QA run's results (the kit's results.ts format): each path replayable on
 * the chart, each screenshot with its path, a declared unreachable transition not drawn as
 * uncovered, and a run of other code or of a changed machine flagged.
 */
import { describe, expect, it } from 'vitest';
import { graphSignature, machineGraph, type MachineModel } from '../src/kit';
import { parseResults } from '../src/explorer/artifacts';
import { BUILD } from '../src/explorer/build-info';
import { diagramCoverage, qaPathChoice, screenTakers, staleness } from '../src/explorer/qa';
import { greetingMachine } from './fixtures/machines';

const greetingModel: MachineModel = {
  machine: greetingMachine,
  runs: ['plan premium', 'plan pro', 'sin plan'].map((label) => ({
    label,
    input: { plan: null },
    events: () => [{ type: 'redirect.abort' }],
  })),
  samples: () => [{ type: 'redirect.abort' }],
};

const UNREACHABLE = {
  'greeting.ready.redirecting redirect.abort#0': 'Un ejemplo de razón, con `redirect.abort`.',
};
const events = [
  { type: 'xstate.init' },
  { type: 'xstate.after.redirectDelay.greeting.preparing' },
  { type: 'redirect.abort' },
];
const path = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  kind: 'shortest',
  run: 'sin plan',
  events,
  status,
  screens: [],
  ...extra,
});

const RAW = {
  version: 1,
  machines: {
    referralBanner: {
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
    },
    unreadable: { name: 'x' },
    greeting: {
      name: 'greeting',
      date: '2026-01-01T00:00:00.000Z',
      commit: null,
      dirty: false,
      graph: graphSignature(greetingMachine),
      states: {
        covered: ['greeting', 'greeting.preparing'],
        total: machineGraph(greetingMachine).states.length,
      },
      transitions: { covered: [], total: machineGraph(greetingMachine).transitions.length - 1 },
      unreachable: UNREACHABLE,
      planned: 3,
      paths: [
        path('01 shortest', 'passed', { screens: ['greeting', 'greeting.preparing'] }),
        path('02 shortest', 'failed', { failedStep: 1, error: 'Error: expect(locator).toHaveText failed' }),
        path('03 shortest', 'interrupted', { failedStep: 2 }),
        path('04 shortest', 'failed', {
          failedStep: 1,
          failure: { state: 'greeting.ready', expected: 'el texto «Lista»', seen: 'el texto «Preparando»' },
        }),
        path('05 shortest', 'failed', {
          failedStep: 1,
          failure: { state: 'greeting.ready', expected: 'visible', seen: 'no está en la página' },
        }),
        // A failure without a state (an action of the page failed) and a malformed one mark nothing.
        path('06 shortest', 'failed', { failedStep: 1, failure: { expected: 'x' } }),
      ],
    },
  },
};

describe("the explorer's reading of a QA run", () => {
  it('keeps every readable machine: each path replayable on the chart, each screenshot with its path', () => {
    const read = parseResults(JSON.parse(JSON.stringify(RAW)));
    expect([...read.keys()]).toEqual(['referralBanner', 'greeting']);
    const machine = read.get('greeting')!;
    expect(qaPathChoice(machine.paths[1]!, greetingModel)).toEqual({
      choice: {
        run: 2,
        title: 'Recorrido de QA 02 (falló en el paso 1): 2 pasos',
        steps: [
          { kind: 'delay', type: 'xstate.after.redirectDelay.greeting.preparing' },
          { kind: 'event', event: { type: 'redirect.abort' }, unchecked: true },
        ],
      },
    });
    expect(qaPathChoice({ ...machine.paths[0]!, run: 'gone' }, greetingModel)).toEqual({
      problem: 'el caso «gone» ya no existe en el modelo de este flujo',
    });
    expect(screenTakers(machine).get('greeting.preparing')?.id).toBe('01 shortest');
    // The declared unreachable transition is not drawn as uncovered.
    const drawn = diagramCoverage(
      {
        screens: {},
        versions: {},
        coverage: new Map([['greeting', { states: new Set(), transitions: new Set() }]]),
        results: read,
      },
      'greeting',
    );
    expect([...(drawn?.transitions ?? [])]).toEqual(['greeting.ready.redirecting redirect.abort#0']);
  });

  it("marks the state whose check failed, with the first failing path's expected and seen, apart from the coverage", () => {
    const read = parseResults(JSON.parse(JSON.stringify(RAW)));
    expect(read.get('greeting')?.paths[5]?.failure).toBeUndefined();
    const drawn = diagramCoverage(
      {
        screens: {},
        versions: {},
        coverage: new Map([['greeting', { states: new Set(['greeting']), transitions: new Set() }]]),
        results: read,
      },
      'greeting',
    );
    expect([...(drawn?.failed ?? [])]).toEqual([
      [
        'greeting.ready',
        { state: 'greeting.ready', expected: 'el texto «Lista»', seen: 'el texto «Preparando»' },
      ],
    ]);
    // A passed path's failure (none is written, but a hand-edited file could) does not count.
    const passed = parseResults({
      ...RAW,
      machines: {
        greeting: {
          ...RAW.machines.greeting,
          paths: [path('01 shortest', 'passed', { failure: { state: 'greeting', expected: '', seen: '' } })],
        },
      },
    });
    const clean = diagramCoverage(
      {
        screens: {},
        versions: {},
        coverage: new Map([['greeting', { states: new Set(), transitions: new Set() }]]),
        results: passed,
      },
      'greeting',
    );
    expect(clean?.failed).toBeUndefined();
  });

  it('warns when the machine changed since the run, or the run is of other code', () => {
    const machine = parseResults(RAW).get('greeting')!;
    const build = { commit: 'b'.repeat(40), date: '2030-01-01T00:00:00Z', dirty: false };
    const today = graphSignature(greetingMachine);
    expect(staleness({ ...machine, commit: build.commit, dirty: false }, today, build)).toEqual([]);
    expect(BUILD.commit).toBeNull();
    const old = {
      ...machine,
      commit: 'a'.repeat(40),
      dirty: true,
      graph: 'ffffffff',
      date: '2029-01-01T00:00:00Z',
    };
    expect(staleness(old, today, build)).toEqual([
      expect.stringMatching(
        /^Estos resultados son de una versión anterior del flujo \(`ffffffff`; la de hoy es `[0-9a-f]{8}`\)/,
      ),
      'La corrida se hizo sobre la versión `aaaaaaa` del código; esta página es de la versión `bbbbbbb`, más nueva que la corrida.',
      'La corrida se hizo con cambios en el código que todavía no estaban guardados en git.',
    ]);
  });
});
