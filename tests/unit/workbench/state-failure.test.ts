/**
 * A failed browser path names the state whose check failed, with what it expected and what the page
 * showed, in Spanish (tests/e2e/model/support/failure.ts), and the run's results.json carries it
 * next to the runner's English error. The errors are built as Playwright's expect builds them: an
 * Error with `matcherResult` ({ name, pass, expected, actual, message }); `pass` is true when a
 * negated check failed.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MachineResults } from '@tienda/flow-workbench/kit';
import { welcomeModel } from '../../../src/flows/welcome/welcome.samples';
import type { BrowserModel } from '../../e2e/model/support/browser-model';
import { stateFailure, type MatcherResult } from '../../e2e/model/support/failure';
import type * as ResultsModule from '../../e2e/model/support/results';

function expectError(result: MatcherResult): Error {
  return Object.assign(new Error(result.message ?? `expect(locator).${result.name}() failed`), {
    matcherResult: result,
  });
}

const NOT_FOUND = 'expect(locator).toBeVisible() failed\n\nError: element(s) not found';

describe('a failed state check, in Spanish', () => {
  it.each([
    [
      'a text that differs',
      { name: 'toHaveText', pass: false, expected: 'Listo', actual: 'Cargando…' },
      { expected: 'el texto «Listo»', seen: 'el texto «Cargando…»' },
    ],
    [
      'a text matched by a pattern, on an empty element',
      { name: 'toHaveText', pass: false, expected: /^Precios para/, actual: '' },
      { expected: 'el texto que coincida con /^Precios para/', seen: 'ningún texto' },
    ],
    [
      'a text looked for on an element that is not there',
      { name: 'toContainText', pass: false, expected: '≈ 37', actual: undefined },
      { expected: 'el texto «≈ 37»', seen: 'no está en la página' },
    ],
    [
      'an element that is not on the page',
      { name: 'toBeVisible', pass: false, expected: 'visible', actual: undefined, message: NOT_FOUND },
      { expected: 'visible', seen: 'no está en la página' },
    ],
    [
      'an element that is there but hidden',
      { name: 'toBeVisible', pass: false, expected: 'visible', actual: 'hidden' },
      { expected: 'visible', seen: 'oculto' },
    ],
    [
      'a field without the focus',
      { name: 'toBeFocused', pass: false, expected: 'focused', actual: 'inactive' },
      { expected: 'con el foco', seen: 'sin el foco' },
    ],
    [
      'a box left unchecked',
      { name: 'toBeChecked', pass: false, expected: 'checked', actual: 'unchecked' },
      { expected: 'marcado', seen: 'sin marcar' },
    ],
    [
      'a negated state that held (not.toBeVisible)',
      { name: 'toBeVisible', pass: true, expected: 'visible', actual: 'visible' },
      { expected: 'no visible', seen: 'visible' },
    ],
    [
      'a count that differs',
      { name: 'toHaveCount', pass: false, expected: 0, actual: 2 },
      { expected: 'ningún elemento', seen: '2 elementos' },
    ],
    [
      'a count of one',
      { name: 'toHaveCount', pass: false, expected: 1, actual: 0 },
      { expected: '1 elemento', seen: 'ningún elemento' },
    ],
    [
      'a negated attribute value that the page has',
      { name: 'toHaveAttribute', pass: true, expected: 'true', actual: 'true' },
      {
        expected: 'cualquier cosa menos el atributo con el valor «true»',
        seen: 'el atributo con el valor «true»',
      },
    ],
    [
      'a field value',
      { name: 'toHaveValue', pass: false, expected: '', actual: 'ana@example.com' },
      { expected: 'el campo vacío', seen: 'el valor «ana@example.com»' },
    ],
    [
      'a list of texts',
      { name: 'toHaveText', pass: false, expected: ['Uno', 'Dos'], actual: ['Uno'] },
      { expected: 'los textos «Uno», «Dos»', seen: 'los textos «Uno»' },
    ],
    [
      'a value polled from the test (expect.poll)',
      { name: 'toBe', pass: false, expected: 1, actual: 0 },
      { expected: 'el valor «1»', seen: 'el valor «0»' },
    ],
  ] as const)('%s', (_, result, phrases) => {
    expect(stateFailure('flow.state', expectError(result as MatcherResult))).toEqual({
      state: 'flow.state',
      ...phrases,
    });
  });

  it('cuts a long text and keeps it on one line', () => {
    const long = `Primera línea\n${'palabra '.repeat(60)}`;
    const { seen } = stateFailure(
      's',
      expectError({ name: 'toHaveText', pass: false, expected: 'x', actual: long }),
    );
    expect(seen).not.toContain('\n');
    expect(seen.length).toBeLessThan(200);
    expect(seen).toMatch(/^el texto «Primera línea palabra .*…»$/);
  });

  it('says the check could not finish when the error is not an expect failure', () => {
    const failure = stateFailure('flow.state', new Error('locator.click: Timeout 30000ms exceeded.'));
    expect(failure.state).toBe('flow.state');
    expect(failure.seen).toMatch(/error de la prueba/);
  });
});

describe("the run's results.json", () => {
  const RUN = 'failure-run';
  let dir: string;
  let results: typeof ResultsModule;
  const welcome = {
    name: 'welcome',
    model: welcomeModel,
    scope: '.welcome',
    open: async () => ({}),
    states: {},
    events: {},
  } as unknown as BrowserModel<unknown>;
  const paths = ['01 shortest', '02 shortest'].map((id) => ({
    id,
    run: welcomeModel.runs[0]?.label ?? '',
    steps: [{ event: { type: 'xstate.init' } }, { event: { type: 'redirect.abort' } }],
    screens: [],
    kind: 'shortest',
  }));

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'state-failure-'));
    process.env.FLOWS_ARTIFACTS_DIR = dir;
    process.env.BROWSER_MODEL_RUN_ID = RUN;
    results = await import('../../e2e/model/support/results');
    mkdirSync(path.join(dir, 'parts', RUN), { recursive: true });
    writeFileSync(path.join(dir, 'parts', RUN, 'paths-welcome.json'), JSON.stringify(paths));
  });

  afterAll(() => {
    delete process.env.FLOWS_ARTIFACTS_DIR;
    delete process.env.BROWSER_MODEL_RUN_ID;
    rmSync(dir, { recursive: true, force: true });
  });

  it("names the failed state next to the runner's error; a failed user action names none", () => {
    const [checkFailed, actionFailed] = results.pathsFor(welcome);
    const error = expectError({ name: 'toHaveText', pass: false, expected: 'Listo', actual: 'Cargando…' });
    const failure = stateFailure('welcome.ready', error);
    results.writePart('welcome', checkFailed!, { states: [], transitions: [], step: 1, failure }, [], {
      error,
    });
    results.writePart('welcome', actionFailed!, { states: [], transitions: [], step: 1 }, [], {
      error: new Error('locator.click: Timeout 30000ms exceeded.'),
    });
    results.finishRun([welcome]);

    const written = JSON.parse(readFileSync(path.join(dir, 'results.json'), 'utf8'));
    const [first, second] = (written.machines.welcome as MachineResults).paths;
    expect(first?.failure).toEqual({
      state: 'welcome.ready',
      expected: 'el texto «Listo»',
      seen: 'el texto «Cargando…»',
    });
    expect(first?.error).toMatch(/toHaveText/);
    expect(second?.failure).toBeUndefined();
    expect(second?.error).toMatch(/Timeout 30000ms exceeded/);
  });
});
