import { describe, expect, it } from 'vitest';
import { assign, createMachine, type AnyStateMachine } from 'xstate';
import { checkModel, followModel, independentModel, type IndependentModel } from '@tienda/flow-workbench/kit';
import { leadWizardMachine } from '../../src/flows/registration/lead-wizard.machine';
import { paymentMachine } from '../../src/flows/payment/payment.machine';
import { leadWizardSpecModel } from './models/lead-wizard';
import { paymentSpecModel } from './models/payment';
import { leadWizardModel } from '../../src/flows/registration/lead-wizard.samples';
import { EXPLORER_URL, randomWalks, replayWalk } from './support/random-walk';

/**
 * The independent-model check can fail: machines with a bug the spec forbids, and models that say
 * something else than the machine, are each caught, by the step that shows it. (The comparison it
 * replaces, real machine against a model derived from the same machine, passed for all of them.)
 */

/** The first divergence's model events and message, or undefined when the machine followed. */
async function firstDivergence<M extends AnyStateMachine>(
  model: IndependentModel<M>,
  options: { machine?: AnyStateMachine } = {},
) {
  const report = await followModel(model, options);
  return report.divergences[0];
}

describe('the independent models catch a machine that breaks the spec', () => {
  it('a new category that keeps the sector', async () => {
    const mutant = leadWizardMachine.provide({
      actions: {
        assignCategory: assign(({ event }) =>
          event.type === 'category.select' ? { rubro: event.value } : {},
        ),
      } as never,
    });
    const found = await firstDivergence(leadWizardSpecModel, { machine: mutant });
    // The rule sees it as soon as the category changes, before the visitor reaches step 4 again.
    expect(found?.path.slice(-2)).toEqual(['BACK', 'CHANGE_CATEGORY']);
    expect(found?.message).toBe(
      'in categoryChangeSaving: la regla «Un sector elegido es siempre de su rubro» (sectorOfItsCategory) no se cumple: sector pizzeria con rubro productos',
    );
  });

  it('a create answer without an id taken for a saved lead', async () => {
    const mutant = leadWizardMachine.provide({ guards: { hasCreatedLead: () => true } as never });
    const found = await firstDivergence(leadWizardSpecModel, { machine: mutant });
    expect(found?.path.at(-1)).toBe('CREATE_ANSWER_WITHOUT_ID');
    expect(found?.message).toBe('effects [], the model expects ["logLeadError"]');
  });

  it('a forged order id sent to the capture', async () => {
    const mutant = paymentMachine.provide({ guards: { hasOrderId: () => true } as never });
    const found = await firstDivergence(paymentSpecModel, { machine: mutant });
    expect(found?.path.at(-1)).toBe('APPROVE_FORGED_ORDER');
    expect(found?.message).toMatch(/^in paying: tags \["busy","stage.capturing"\]/);
  });

  it('a completed capture shown as an error', async () => {
    const mutant = paymentMachine.provide({ guards: { isCaptureCompleted: () => false } as never });
    const found = await firstDivergence(paymentSpecModel, { machine: mutant });
    expect(found?.path.at(-1)).toBe('CAPTURE_COMPLETED');
    expect(found?.message).toBe('effects ["logPaymentError"], the model expects []');
  });
});

describe('the rules and the every-event check catch what the paths alone missed (issue #41)', () => {
  // The QA engineer's mutant: the trial no longer waits for a sector.
  const trialWithoutSector = leadWizardMachine.provide({
    guards: {
      canOfferTrial: ({ context }: { context: { promotionMode: boolean } }) => context.promotionMode,
    } as never,
  });

  it('a trial offered without a sector: refused on step 4, and against the rule', async () => {
    const found = await firstDivergence(leadWizardSpecModel, { machine: trialWithoutSector });
    expect(found?.path).toEqual(['ARRIVE_IN_PROMOTION', 'COMPLETE_CONTACT', 'ANSWER_STEPS_2_AND_3', 'NEXT']);
    expect(found?.message).toMatch(/^NEXT is refused in promoSector: tags \["step.thanks"\]/);
    expect(found?.message).toContain(
      'la regla «El agradecimiento necesita un sector elegido» (thanksNeedsSector) no se cumple',
    );
  });

  it('a trial offered without a sector: a random walk finds it and shrinks it to a walk as short as the shortest that shows it', async () => {
    const report = await randomWalks(leadWizardSpecModel, {
      machine: trialWithoutSector,
      seed: 41,
      numRuns: 300,
      maxEvents: 30,
      slug: 'lead-wizard',
      runs: leadWizardModel.runs.map((r) => r.input),
    });
    const failure = report.failure;
    if (!failure) throw new Error('no random walk found the trial offered without a sector');
    expect(failure.divergence).toContain('(thanksNeedsSector)');
    // Shrunk: no longer than the walk first found, and no longer than the model's own shortest
    // path to the same rule (whichever events it took, not one of them is wasted).
    const events = failure.events.map((e) => e.event);
    expect(events.length).toBeLessThanOrEqual(failure.eventsBeforeShrinking);
    const shortest = await firstDivergence(leadWizardSpecModel, { machine: trialWithoutSector });
    expect(events.length).toBeLessThanOrEqual(shortest?.path.length ?? 0);
    // Replayed alone it still fails, on the same rule; the real machine follows the model on it.
    expect(await replayWalk(leadWizardSpecModel, trialWithoutSector, events)).toContain(
      '(thanksNeedsSector)',
    );
    expect(await replayWalk(leadWizardSpecModel, leadWizardMachine, events)).toBeUndefined();
    // The report gives what replays it: its seed, its events, and a link to the chart that ends on
    // the step the machine took against the model.
    expect(failure.report).toContain(`seed ${failure.seed}`);
    for (const [i, event] of events.entries()) expect(failure.report).toContain(`${i + 1}. ${event}`);
    expect(failure.report).toContain(`${EXPLORER_URL}#/lead-wizard?caso=`);
    const lastStep = failure.link.hash.split(';').at(-1) ?? '';
    expect(failure.report).toContain(lastStep);
  });

  it('a restart whose new wizard starts with its sync synced, without a lead', async () => {
    // Retargeted: the new wizard's sync starts as if its lead were saved already (it has none).
    type Node = { states: Record<string, Node>; on?: Record<string, { target: string[] }> };
    const config = leadWizardMachine.config as never as Node;
    const steps = config.states.steps!;
    const thanks = steps.states.thanks!;
    const restart = thanks.on!['wizard.restart']!;
    const retargeted = {
      ...restart,
      target: restart.target.map((t) =>
        t === '#leadWizard.sync.waitingForLead' ? '#leadWizard.sync.synced' : t,
      ),
    };
    const newThanks = { ...thanks, on: { ...thanks.on, 'wizard.restart': retargeted } };
    const newSteps = { ...steps, states: { ...steps.states, thanks: newThanks } };
    const mutated = { ...config, states: { ...config.states, steps: newSteps } };
    const mutant = createMachine(mutated as never).provide(leadWizardMachine.implementations as never);

    // Before the rules, the model's paths followed it: the restart shows step 1, nothing in flight.
    const withoutRules = { ...leadWizardSpecModel, invariants: [] };
    expect((await followModel(withoutRules, { machine: mutant, everyEvent: false })).divergences).toEqual([]);

    const found = await firstDivergence(leadWizardSpecModel, { machine: mutant });
    expect(found?.path.at(-1)).toBe('REGISTER_ANOTHER');
    expect(found?.message).toContain(
      '(syncFollowsLead) no se cumple: prospecto null con la sincronización en "synced"',
    );
    expect(found?.message).toContain('(restartStartsOver) no se cumple: la sincronización sigue en "synced"');
  });
});

describe('the independent models catch a model that says something else', () => {
  it('a wrong expectation: two creates in flight after a double click', async () => {
    const model: IndependentModel<typeof leadWizardMachine> = {
      ...leadWizardSpecModel,
      states: {
        ...leadWizardSpecModel.states,
        creating: {
          ...leadWizardSpecModel.states.creating!,
          expect: { tags: ['step.contact', 'busy'], pending: ['createLead', 'createLead'] },
        },
      },
    };
    const found = await firstDivergence(model);
    expect(found?.message).toBe(
      'in creating: calls in flight ["createLead"], the model expects ["createLead","createLead"]',
    );
  });

  it('a wrong target: a declined capture taken for a payment', async () => {
    const capturing = paymentSpecModel.states.capturing!;
    const model: IndependentModel<typeof paymentMachine> = {
      ...paymentSpecModel,
      states: {
        ...paymentSpecModel.states,
        capturing: { ...capturing, on: { ...capturing.on, CAPTURE_DECLINED: 'paid' } },
      },
    };
    const found = await firstDivergence(model);
    expect(found?.path.at(-1)).toBe('CAPTURE_DECLINED');
    expect(found?.message).toBe(
      'in paid: tags ["stage.failed"], the model expects ["stage.paid"]; the machine has not finished',
    );
  });

  it('a model that leaves out an event of the machine, or names one it does not have', () => {
    const { RETRY_SDK: _retry, ...withoutRetry } = paymentSpecModel.events;
    const states = {
      ...paymentSpecModel.states,
      sdkFailed: { expect: { tags: ['stage.sdkFailed' as const] } },
    };
    expect(checkModel({ ...paymentSpecModel, states, events: withoutRetry }, paymentMachine)).toEqual([
      "the machine's event sdk.retry is neither in the model nor out of its scope",
    ]);
    const renamed = {
      ...paymentSpecModel.events,
      RETRY_SDK: { steps: [{ send: { type: 'sdk.reload' } }] },
    };
    expect(checkModel({ ...paymentSpecModel, events: renamed } as never, paymentMachine)).toEqual([
      'event RETRY_SDK: the machine has no sdk.reload',
      "the machine's event sdk.retry is neither in the model nor out of its scope",
    ]);
  });
});

describe('the independent models are type-checked against their machine', () => {
  it('refuses, by type, a target that is not a state and names the machine does not have', () => {
    // Each @ts-expect-error below fails `npm run typecheck` if the mistake stops being a type error.
    const wrong = () => [
      independentModel(paymentMachine, {
        id: 'x',
        initial: 'a',
        // @ts-expect-error: 'b' is not a state of the model
        states: { a: { expect: null, on: { OPEN: 'b' } } },
        events: {
          OPEN: { steps: [{ start: { params: { sandbox: [], cliente: ['a'], usd: [], locale: [] } } }] },
        },
      }),
      independentModel(paymentMachine, {
        id: 'x',
        initial: 'a',
        // @ts-expect-error: the machine has no tag stage.shipped
        states: { a: { expect: { tags: ['stage.shipped'] } } },
        events: {},
      }),
      independentModel(paymentMachine, {
        id: 'x',
        initial: 'a',
        states: { a: { expect: null, on: { GO: 'a' } } },
        // @ts-expect-error: the machine has no event payment.refund
        events: { GO: { steps: [{ send: { type: 'payment.refund' } }] } },
      }),
    ];
    expect(typeof wrong).toBe('function');
  });
});
