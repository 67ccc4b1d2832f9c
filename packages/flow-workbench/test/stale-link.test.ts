import { describe, expect, it } from 'vitest';
import { readLink } from '../src/explorer/link/link';
import { replayWhatApplies } from '../src/explorer/link/replay';
import { leadWizardMachine } from '../../../src/flows/registration/lead-wizard.machine';
import { welcomeMachine } from '../../../src/flows/welcome/welcome.machine';

const premium = { skipRedirect: false, plan: 'premium' };

describe('a stale link', () => {
  it('replays every step when they all apply', async () => {
    const link = readLink('#/welcome?pasos=espera:redirectDelay@preparing;redirect.abort', 'welcome');
    const { simulation, applied, failed } = await replayWhatApplies(welcomeMachine, premium, link.steps);
    expect([applied, failed]).toEqual([2, undefined]);
    expect(simulation.snapshot.value).toEqual({ ready: 'staying' });
    simulation.stop();
  });

  it('replays the steps that still apply and says which one stopped and why', async () => {
    // A machine that no longer accepts step 3 (here: an event it never had, as after a rename).
    const link = readLink(
      '#/welcome?pasos=espera:redirectDelay@preparing;redirect.abort;redirect.cancel;redirect.abort',
      'welcome',
    );
    const { simulation, applied, failed } = await replayWhatApplies(welcomeMachine, premium, link.steps);
    expect(applied).toBe(2);
    expect(failed).toEqual({ index: 2, message: expect.stringContaining('redirect.cancel') });
    expect(simulation.snapshot.value).toEqual({ ready: 'staying' });
    expect(simulation.records.map((r) => r.step?.kind)).toEqual([undefined, 'delay', 'event']);
    simulation.stop();
  });

  it('stops at a delay or an answer the machine no longer waits for', async () => {
    const renamed = readLink('#/welcome?pasos=espera:oldDelay@preparing', 'welcome');
    const delay = await replayWhatApplies(welcomeMachine, premium, renamed.steps);
    expect(delay.applied).toBe(0);
    expect(delay.failed?.message).toContain('xstate.after.oldDelay.welcome.preparing');
    expect(delay.simulation.snapshot.value).toBe('preparing');
    delay.simulation.stop();

    const wizard = readLink(
      '#/lead-wizard?pasos=contact.change=(field:nombre,value:Ana);responde:createLead=(id:lead-42)',
      'leadWizard',
    );
    const answer = await replayWhatApplies(
      leadWizardMachine,
      {
        idempotencyKey: '00000000-0000-4000-8000-000000000000',
        promotionMode: false,
        needsBotCheck: false,
        codigoReferido: null,
        tracking: {},
        country: 'AR',
      },
      wizard.steps,
    );
    expect(answer.applied).toBe(1);
    expect(answer.failed).toEqual({ index: 1, message: expect.stringContaining('createLead') });
    expect(answer.simulation.snapshot.context).toMatchObject({ nombre: 'Ana' });
    answer.simulation.stop();
  });

  it('applies the steps before one that cannot be read', async () => {
    const link = readLink('#/welcome?pasos=espera:redirectDelay@preparing;redirect.abort=(x', 'welcome');
    expect(link.problems).toEqual([
      { step: 1, message: expect.stringContaining('el paso 2 no se puede leer') },
    ]);
    const { simulation, applied } = await replayWhatApplies(welcomeMachine, premium, link.steps);
    expect(applied).toBe(1);
    expect(simulation.snapshot.value).toEqual({ ready: 'redirecting' });
    simulation.stop();
  });
});
