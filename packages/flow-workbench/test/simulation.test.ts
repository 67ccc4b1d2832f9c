import { describe, expect, it } from 'vitest';
import { ManualClock } from '../src/kit';
import { Simulation, StepError, stepsOfPath } from '../src/explorer/sim/simulation';
import { leadWizardMachine } from '../../../src/flows/registration/lead-wizard.machine';
import { paymentMachine } from '../../../src/flows/payment/payment.machine';
import { welcomeMachine } from '../../../src/flows/welcome/welcome.machine';
import { machineModels } from '../../../workbench/samples';
import { shortestPaths } from '../src/kit';
import { LEAD } from '../../../workbench/samples/lead-wizard.samples';

describe('the explorer simulation', () => {
  it('runs the real machine with its effects only recorded, and fires a delay on demand', async () => {
    const sim = new Simulation(welcomeMachine, { skipRedirect: true, plan: 'premium' });
    expect(sim.records[0]?.actions).toEqual([
      { name: 'trackLead', effect: true, params: undefined },
      { name: 'trackPurchase', effect: true, params: { value: 36, currency: 'USD' } },
    ]);
    expect(sim.pendingDelays()).toEqual([
      expect.objectContaining({ delay: 'redirectDelay', ms: 2000, stateId: 'welcome.preparing' }),
    ]);
    // Nothing fires by itself.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sim.snapshot.value).toBe('preparing');
    await sim.apply({ kind: 'delay', type: 'xstate.after.redirectDelay.welcome.preparing' });
    expect(sim.snapshot.value).toEqual({ ready: 'staying' });
    expect(sim.now).toBe(2000);
    expect(sim.records.at(-1)?.transitions).toEqual([
      'welcome.preparing xstate.after.redirectDelay.welcome.preparing#0',
    ]);
    sim.stop();
  });

  it('resolves and rejects invoked actors, and refuses a step the machine does not accept', async () => {
    const sim = new Simulation(paymentMachine, {
      params: { sandbox: ['1'], cliente: ['a'], usd: [], locale: [] },
    });
    expect(sim.pendingCalls()).toEqual([
      { id: 'loadSdk', src: 'loadSdk', input: { sandbox: true, locale: 'es_CL', currency: 'USD' } },
    ]);
    await expect(sim.apply({ kind: 'event', event: { type: 'payment.retry' } })).rejects.toThrow(StepError);
    await sim.apply({ kind: 'error', id: 'loadSdk', message: 'script error' });
    expect(sim.snapshot.value).toBe('sdkFailed');
    expect(sim.records.at(-1)?.actions.map((a) => a.name)).toEqual(['logPaymentError']);
    await sim.apply({ kind: 'event', event: { type: 'sdk.retry' } });
    await sim.apply({ kind: 'done', id: 'loadSdk' });
    expect(sim.snapshot.value).toEqual({ checkout: 'rendering' });
    await expect(sim.apply({ kind: 'done', id: 'captureOrder' })).rejects.toThrow(/no hay una llamada/);
    sim.stop();
  });

  it('replays steps to the same state, and reports the first step that does not apply', async () => {
    const input = { idempotencyKey: 'k', country: 'CL' };
    const fields = [
      ['nombreEmpresa', 'Pizzería'],
      ['nombre', 'Ana'],
      ['apellido', 'Gómez'],
      ['whatsapp', '1123456789'],
    ];
    const steps = [
      ...fields.map(([field, value]) => ({
        kind: 'event' as const,
        event: { type: 'contact.change', field, value },
      })),
      { kind: 'event' as const, event: { type: 'contact.submit' } },
      { kind: 'done' as const, id: 'validateContact', output: {} },
      { kind: 'done' as const, id: 'createLead', output: LEAD },
    ];
    const { simulation, failed } = await Simulation.replay(leadWizardMachine, input, steps);
    expect(failed).toBeUndefined();
    expect(simulation.snapshot.value).toEqual({ steps: 'situation', sync: 'synced' });
    expect(simulation.snapshot.context.leadId).toBe(LEAD.id);
    simulation.stop();

    const bad = await Simulation.replay(leadWizardMachine, input, [
      ...steps,
      { kind: 'delay', type: 'xstate.after.x' },
    ]);
    expect(bad.failed).toEqual({
      index: steps.length,
      message: 'no hay una espera `xstate.after.x` pendiente',
    });
    expect(bad.simulation.snapshot.value).toEqual({ steps: { contact: 'editing' }, sync: 'waitingForLead' });
    bad.simulation.stop();
  });

  it('replays every shortest path of the first model run of each machine to the state the model reaches', async () => {
    for (const model of machineModels) {
      for (const run of model.runs.slice(0, 1)) {
        for (const path of shortestPaths(model.machine, run)) {
          const steps = stepsOfPath(path.steps.map((s) => s.event));
          const { simulation, failed } = await Simulation.replay(model.machine, run.input, steps);
          expect(failed, `${model.machine.id} ${run.label}`).toBeUndefined();
          expect(simulation.snapshot.value).toEqual(path.state.value);
          simulation.stop();
        }
      }
    }
  }, 60_000);
});

describe('the manual clock', () => {
  it('fires due timers in order, each at its own time, and nothing else', () => {
    const clock = new ManualClock();
    const fired: string[] = [];
    clock.setTimeout(() => fired.push(`b@${clock.now()}`), 300);
    clock.setTimeout(() => {
      fired.push(`a@${clock.now()}`);
      clock.setTimeout(() => fired.push(`c@${clock.now()}`), 150);
    }, 100);
    const late = clock.setTimeout(() => fired.push('never'), 1000);
    clock.clearTimeout(late);
    clock.advanceTo(300);
    expect(fired).toEqual(['a@100', 'c@250', 'b@300']);
    clock.advanceTo(5000);
    expect(fired).toHaveLength(3);
  });
});
