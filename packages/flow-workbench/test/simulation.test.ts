import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ManualClock, shortestPaths } from '../src/kit';
import { Simulation, StepError, stepsOfPath } from '../src/explorer/sim/simulation';
import { doorModel, lightModel } from './fixtures/catalogue';
import { checkoutMachine, greetingMachine, signupMachine } from './fixtures/machines';

describe('the explorer simulation', () => {
  it('runs the real machine with its effects only recorded, and fires a delay on demand', async () => {
    // The timers are fake: a delay the simulation left to a real timer would fire below.
    vi.useFakeTimers();
    onTestFinished(() => void vi.useRealTimers());
    const sim = new Simulation(greetingMachine, { plan: 'premium' });
    expect(sim.records[0]?.actions).toEqual([
      { name: 'trackVisit', effect: true, params: undefined },
      { name: 'trackPlan', effect: true, params: { value: 36 } },
    ]);
    expect(sim.pendingDelays()).toEqual([
      expect.objectContaining({ delay: 'redirectDelay', ms: 1500, stateId: 'greeting.preparing' }),
    ]);
    // Nothing fires by itself, however long the visitor waits.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sim.snapshot.value).toBe('preparing');
    await sim.apply({ kind: 'delay', type: 'xstate.after.redirectDelay.greeting.preparing' });
    expect(sim.snapshot.value).toEqual({ ready: 'redirecting' });
    expect(sim.now).toBe(1500);
    expect(sim.records.at(-1)?.transitions).toEqual([
      'greeting.preparing xstate.after.redirectDelay.greeting.preparing#0',
    ]);
    sim.stop();
  });

  it('resolves and rejects invoked actors, and refuses a step the machine does not accept', async () => {
    const sim = new Simulation(checkoutMachine, { cart: ['libro'] });
    expect(sim.pendingCalls()).toEqual([{ id: 'loadSdk', src: 'loadSdk', input: undefined }]);
    await expect(sim.apply({ kind: 'event', event: { type: 'payment.retry' } })).rejects.toThrow(StepError);
    await sim.apply({ kind: 'error', id: 'loadSdk', message: 'script error' });
    expect(sim.snapshot.value).toBe('failed');
    expect(sim.records.at(-1)?.actions.map((a) => a.name)).toEqual(['logError']);
    await sim.apply({ kind: 'event', event: { type: 'retry' } });
    await sim.apply({ kind: 'done', id: 'loadSdk' });
    expect(sim.snapshot.value).toBe('showing');
    await expect(sim.apply({ kind: 'done', id: 'captureOrder' })).rejects.toThrow(/no hay una llamada/);
    sim.stop();
  });

  it('replays steps to the same state, and reports the first step that does not apply', async () => {
    const steps = [
      { kind: 'event' as const, event: { type: 'contact.change', value: 'Ana' } },
      { kind: 'event' as const, event: { type: 'contact.submit' } },
      { kind: 'done' as const, id: 'createLead', output: { id: 'lead-42' } },
    ];
    const { simulation, failed } = await Simulation.replay(signupMachine, undefined, steps);
    expect(failed).toBeUndefined();
    expect(simulation.snapshot.value).toEqual({ steps: 'done', sync: 'waitingForLead' });
    expect(simulation.snapshot.context.name).toBe('Ana');
    simulation.stop();

    const bad = await Simulation.replay(signupMachine, undefined, [
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

  it('replays every shortest path of each model run to the state the model reaches', async () => {
    for (const model of [doorModel, lightModel]) {
      for (const run of model.runs) {
        for (const path of shortestPaths(model.machine, run)) {
          const steps = stepsOfPath(path.steps.map((s) => s.event));
          const { simulation, failed } = await Simulation.replay(model.machine, run.input, steps);
          expect(failed, `${model.machine.id} ${run.label}`).toBeUndefined();
          expect(simulation.snapshot.value).toEqual(path.state.value);
          simulation.stop();
        }
      }
    }
  });
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
