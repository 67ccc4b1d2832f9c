import { describe, expect, it } from 'vitest';
import { Coverage, Simulator, StepError, activeStateIds } from '../src/kit';
import { checkoutMachine, signupMachine } from './fixtures/machines';

const cart = { cart: ['libro'] };

describe('the flow kit', () => {
  it('reads the active states from the snapshot value (every region of a parallel state)', () => {
    const sim = new Simulator(signupMachine, undefined);
    expect(activeStateIds(sim.snapshot)).toEqual([
      'signup',
      'signup.steps',
      'signup.steps.contact',
      'signup.steps.contact.editing',
      'signup.sync',
      'signup.sync.waitingForLead',
    ]);
    sim.stop();
  });

  it('knows the pending delays from the actions the actor runs: scheduled on entry, cancelled on exit', async () => {
    const sim = new Simulator(checkoutMachine, cart);
    expect(sim.pendingDelays()).toEqual([
      {
        type: 'xstate.after.loadTimeout.checkout.loading',
        delay: 'loadTimeout',
        stateId: 'checkout.loading',
        ms: 20000,
        remaining: 20000,
      },
    ]);
    await sim.settle('loadSdk', { error: new Error('script') });
    expect(sim.snapshot.value).toBe('failed');
    expect(sim.pendingDelays()).toEqual([]);
    expect(() => sim.fireDelay('xstate.after.loadTimeout.checkout.loading')).toThrow(StepError);
    sim.send({ type: 'retry' });
    sim.clock.advanceTo(5000);
    expect(sim.pendingDelays().map((d) => d.remaining)).toEqual([15000]);
    await sim.step({ type: 'xstate.after.loadTimeout.checkout.loading' });
    expect(sim.snapshot.value).toBe('failed');
    expect(sim.now).toBe(20000);
    expect(sim.log.effects.map((e) => e.action)).toEqual(['logError', 'logError']);
    sim.stop();
  });

  it('settles exactly one pending call; a call whose state was left is stopped', async () => {
    const sim = new Simulator(checkoutMachine, cart);
    await expect(sim.settle('captureOrder', { output: {} })).rejects.toThrow(
      'no hay una llamada pendiente de `captureOrder`',
    );
    await sim.step({ type: 'xstate.done.actor.loadSdk' });
    expect(sim.pendingCalls()).toEqual([{ id: 'buttons', src: 'buttons', input: undefined }]);
    sim.send({ type: 'buttons.failed' });
    expect(sim.log.calls.map((c) => [c.id, c.settled])).toEqual([
      ['loadSdk', true],
      ['buttons', true],
    ]);
    expect(sim.log.calls[1]?.stopped).toBe(true);
    expect(sim.pendingCalls()).toEqual([]);
    sim.stop();
  });

  it('counts a transient state as covered when a transition leaves it', () => {
    const coverage = new Coverage();
    const sim = new Simulator(checkoutMachine, cart, { inspect: (e) => coverage.record(e) });
    expect(coverage.states.has('checkout.validating')).toBe(true);
    expect([...coverage.transitions]).toEqual(['checkout.validating always#0']);
    sim.stop();
  });
});
