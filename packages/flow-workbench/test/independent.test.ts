import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import {
  ModelWalker,
  countGuards,
  explorerLink,
  followModel,
  independentModel,
  oneSidedGuards,
} from '../src/kit';
import { readLink } from '../src/explorer/link/link';
import { checkoutMachine } from './fixtures/machines';

/** The checkout fixture as a spec would say it: load, show the buttons, fail, retry. */
const checkoutModel = independentModel(checkoutMachine, {
  id: 'checkoutSpec',
  initial: 'closed',
  states: {
    closed: { expect: null, on: { OPEN: 'loading', OPEN_EMPTY: 'empty' } },
    empty: { expect: { tags: [], done: true } },
    loading: { expect: { tags: [], pending: ['loadSdk'] }, on: { LOADED: 'showing', FAILS: 'failed' } },
    showing: { expect: { tags: [], pending: ['buttons'] }, on: { BUTTONS_FAIL: 'failed' } },
    failed: { expect: { tags: [] }, on: { RETRY: 'loading' } },
  },
  events: {
    OPEN: { steps: [{ start: { cart: ['a'] } }] },
    OPEN_EMPTY: { steps: [{ start: { cart: [] } }] },
    LOADED: { steps: [{ resolve: 'loadSdk' }] },
    FAILS: { steps: [{ reject: 'loadSdk', error: new Error('sin red') }], effects: ['logError'] },
    BUTTONS_FAIL: { steps: [{ send: { type: 'buttons.failed' } }], effects: ['logError'] },
    RETRY: { steps: [{ send: { type: 'retry' } }] },
  },
});

/** The checkout whose failed page also takes a late `buttons.failed`, and loads again. */
const takesLateFailure = createMachine({
  ...checkoutMachine.config,
  states: {
    ...checkoutMachine.config.states,
    failed: { on: { retry: 'loading', 'buttons.failed': 'loading' } },
  },
} as never).provide(checkoutMachine.implementations as never);

describe('independent models: every event in every state', () => {
  it('sends each state the events it does not take, and the machine refuses them', async () => {
    const report = await followModel(checkoutModel);
    expect(report.divergences).toEqual([]);
    // loading refuses RETRY and BUTTONS_FAIL, showing RETRY, failed BUTTONS_FAIL.
    expect(report.refusals?.tried).toBe(4);
  });

  it('reports a refused event the machine takes, with the events that led there', async () => {
    const report = await followModel(checkoutModel, { machine: takesLateFailure });
    expect(report.divergences).toEqual([
      {
        path: ['OPEN', 'FAILS', 'BUTTONS_FAIL'],
        message: 'BUTTONS_FAIL is refused in failed: calls in flight ["loadSdk"], the model expects []',
      },
    ]);
    expect(
      (await followModel(checkoutModel, { machine: takesLateFailure, everyEvent: false })).divergences,
    ).toEqual([]);
  });

  it("checks the model's rules after every step", async () => {
    const once = {
      ...checkoutModel,
      invariants: [
        {
          rule: 'El medio de pago se carga una sola vez',
          id: 'loadsOnce',
          check: ({ calls }: { calls: readonly { id: string }[] }) =>
            calls.filter((c) => c.id === 'loadSdk').length <= 1 || 'se cargó otra vez',
        },
      ],
    };
    const report = await followModel(once);
    expect(report.divergences[0]).toEqual({
      path: ['OPEN', 'FAILS', 'RETRY'],
      message:
        'in loading: la regla «El medio de pago se carga una sola vez» (loadsOnce) no se cumple: se cargó otra vez',
    });
  });
});

describe('guard coverage', () => {
  it('counts each guard holding and not holding on the paths it ran', async () => {
    const counted = countGuards(checkoutMachine);
    await followModel(checkoutModel, { machine: counted.machine });
    const hasItems = counted.counts.get('hasItems');
    expect(hasItems?.held).toBeGreaterThan(0);
    expect(hasItems?.notHeld).toBeGreaterThan(0);
    expect(oneSidedGuards(counted.counts)).toEqual([]);
  });

  it('names a guard seen one way only, unless it is excused by name', async () => {
    const counted = countGuards(checkoutMachine);
    const walker = new ModelWalker(checkoutModel, counted.machine);
    await walker.take('OPEN');
    walker.stop();
    expect(oneSidedGuards(counted.counts)).toEqual(['hasItems: always held']);
    expect(oneSidedGuards(counted.counts, { hasItems: 'por construcción' })).toEqual([]);
    expect(oneSidedGuards(counted.counts, { hasItem: 'x' })).toEqual([
      'hasItems: always held',
      'hasItem: listed with a reason, but the machine has no such guard',
    ]);
  });
});

describe("a walk's link on the explorer", () => {
  async function walked(...events: string[]) {
    const walker = new ModelWalker(checkoutModel);
    for (const event of events) expect((await walker.take(event)).divergence).toBeUndefined();
    walker.stop();
    return walker;
  }

  it('replays the real steps from the model case with the same input', async () => {
    const walker = await walked('OPEN', 'FAILS', 'RETRY', 'BUTTONS_FAIL');
    const link = explorerLink({
      slug: 'checkout',
      machine: checkoutMachine,
      runs: [{ cart: [] }, { cart: ['a'] }],
      input: walker.input,
      steps: walker.steps,
    });
    expect(link).toEqual({
      hash: "#/checkout?caso=1&pasos=falla:loadSdk='sin%20red';retry;~buttons.failed",
      exact: true,
    });
    const read = readLink(link.hash, 'checkout');
    expect(read.problems).toEqual([]);
    expect(read.steps).toEqual(walker.steps);
  });

  it('says when the case it starts from has other data', async () => {
    const walker = await walked('OPEN');
    const link = explorerLink({
      slug: 'checkout',
      machine: checkoutMachine,
      runs: [{ cart: ['b'] }],
      input: walker.input,
      steps: walker.steps,
    });
    expect(link.exact).toBe(false);
    expect(link.note).toBe("the case's data differs in cart");
  });
});
