import { describe, expect, it } from 'vitest';
import { readLink } from '../src/explorer/link/link';
import { replayWhatApplies } from '../src/explorer/link/replay';
import { greetingMachine, signupMachine } from './fixtures/machines';

const premium = { plan: 'premium' };

describe('a stale link', () => {
  it('replays every step when they all apply', async () => {
    const link = readLink('#/greeting?pasos=espera:redirectDelay@preparing;redirect.abort', 'greeting');
    const { simulation, applied, failed } = await replayWhatApplies(greetingMachine, premium, link.steps);
    expect([applied, failed]).toEqual([2, undefined]);
    expect(simulation.snapshot.value).toEqual({ ready: 'staying' });
    simulation.stop();
  });

  it('replays the steps that still apply and says which one stopped and why', async () => {
    // A machine that no longer accepts step 3 (here: an event it never had, as after a rename).
    const link = readLink(
      '#/greeting?pasos=espera:redirectDelay@preparing;redirect.abort;redirect.cancel;redirect.abort',
      'greeting',
    );
    const { simulation, applied, failed } = await replayWhatApplies(greetingMachine, premium, link.steps);
    expect(applied).toBe(2);
    expect(failed).toEqual({ index: 2, message: expect.stringContaining('redirect.cancel') });
    expect(simulation.snapshot.value).toEqual({ ready: 'staying' });
    expect(simulation.records.map((r) => r.step?.kind)).toEqual([undefined, 'delay', 'event']);
    simulation.stop();
  });

  it('stops at a delay or an answer the machine no longer waits for', async () => {
    const renamed = readLink('#/greeting?pasos=espera:oldDelay@preparing', 'greeting');
    const delay = await replayWhatApplies(greetingMachine, premium, renamed.steps);
    expect(delay.applied).toBe(0);
    expect(delay.failed?.message).toContain('xstate.after.oldDelay.greeting.preparing');
    expect(delay.simulation.snapshot.value).toBe('preparing');
    delay.simulation.stop();

    const wizard = readLink(
      '#/signup?pasos=contact.change=(value:Ana);responde:createLead=(id:lead-42)',
      'signup',
    );
    const answer = await replayWhatApplies(signupMachine, undefined, wizard.steps);
    expect(answer.applied).toBe(1);
    expect(answer.failed).toEqual({ index: 1, message: expect.stringContaining('createLead') });
    expect(answer.simulation.snapshot.context).toMatchObject({ name: 'Ana' });
    answer.simulation.stop();
  });

  it('applies the steps before one that cannot be read', async () => {
    const link = readLink('#/greeting?pasos=espera:redirectDelay@preparing;redirect.abort=(x', 'greeting');
    expect(link.problems).toEqual([
      { step: 1, message: expect.stringContaining('el paso 2 no se puede leer') },
    ]);
    const { simulation, applied } = await replayWhatApplies(greetingMachine, premium, link.steps);
    expect(applied).toBe(1);
    expect(simulation.snapshot.value).toEqual({ ready: 'redirecting' });
    simulation.stop();
  });
});
