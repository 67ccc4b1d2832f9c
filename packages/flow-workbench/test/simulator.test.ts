import { describe, expect, it } from 'vitest';
import { Coverage, Simulator, StepError, activeStateIds } from '../src/kit';
import { leadWizardMachine } from '../../../src/flows/registration/lead-wizard.machine';
import { paymentMachine } from '../../../src/flows/payment/payment.machine';

const payment = { params: { sandbox: ['1'], cliente: ['a'], usd: [], locale: [] } };

describe('the flow kit', () => {
  it('reads the active states from the snapshot value (every region of a parallel state)', () => {
    const sim = new Simulator(leadWizardMachine, { idempotencyKey: 'k' });
    expect(activeStateIds(sim.snapshot)).toEqual([
      'leadWizard',
      'leadWizard.steps',
      'leadWizard.steps.contact',
      'leadWizard.steps.contact.editing',
      'leadWizard.sync',
      'leadWizard.sync.waitingForLead',
    ]);
    sim.stop();
  });

  it('knows the pending delays from the actions the actor runs: scheduled on entry, cancelled on exit', async () => {
    const sim = new Simulator(paymentMachine, payment);
    expect(sim.pendingDelays()).toEqual([
      {
        type: 'xstate.after.sdkLoadTimeout.payment.loadingSdk',
        delay: 'sdkLoadTimeout',
        stateId: 'payment.loadingSdk',
        ms: 20000,
        remaining: 20000,
      },
    ]);
    await sim.settle('loadSdk', { error: new Error('script') });
    expect(sim.snapshot.value).toBe('sdkFailed');
    expect(sim.pendingDelays()).toEqual([]);
    expect(() => sim.fireDelay('xstate.after.sdkLoadTimeout.payment.loadingSdk')).toThrow(StepError);
    sim.send({ type: 'sdk.retry' });
    sim.clock.advanceTo(5000);
    expect(sim.pendingDelays().map((d) => d.remaining)).toEqual([15000]);
    await sim.step({ type: 'xstate.after.sdkLoadTimeout.payment.loadingSdk' });
    expect(sim.snapshot.value).toBe('sdkFailed');
    expect(sim.now).toBe(20000);
    expect(sim.log.effects.map((e) => e.action)).toEqual(['logPaymentError', 'logPaymentError']);
    sim.stop();
  });

  it('settles exactly one pending call; a call whose state was left is stopped', async () => {
    const sim = new Simulator(paymentMachine, payment);
    await expect(sim.settle('captureOrder', { output: {} })).rejects.toThrow(
      'no hay una llamada pendiente de `captureOrder`',
    );
    await sim.step({ type: 'xstate.done.actor.loadSdk' });
    expect(sim.pendingCalls()).toEqual([
      { id: 'paymentButtons', src: 'paymentButtons', input: expect.anything() },
    ]);
    sim.send({ type: 'buttons.failed' });
    expect(sim.log.calls.map((c) => [c.id, c.settled])).toEqual([
      ['loadSdk', true],
      ['paymentButtons', true],
    ]);
    expect(sim.log.calls[1]?.stopped).toBe(true);
    expect(sim.pendingCalls()).toEqual([]);
    sim.stop();
  });

  it('counts a transient state as covered when a transition leaves it', () => {
    const coverage = new Coverage();
    const sim = new Simulator(paymentMachine, payment, { inspect: (e) => coverage.record(e) });
    expect(coverage.states.has('payment.validating')).toBe(true);
    expect([...coverage.transitions]).toEqual(['payment.validating always#0']);
    sim.stop();
  });
});
