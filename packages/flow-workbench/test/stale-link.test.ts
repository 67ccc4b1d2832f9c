import { describe, expect, it } from 'vitest';
import { snapshotFlow, type FlowSnapshot } from '../src/diff/snapshot';
import { changesSince } from '../src/explorer/changes/between';
import { readLink } from '../src/explorer/link/link';
import { replayWhatApplies } from '../src/explorer/link/replay';
import { replayStaleLink, staleSentence } from '../src/explorer/link/stale';
import { describeMachine } from '../src/graph/describe';
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

describe('a link from another version of the flow', () => {
  const greeting = { slug: 'greeting', title: 'Saludo', machine: greetingMachine };
  const graph = describeMachine(greetingMachine);

  it('says which of its steps apply and where the visitor lands today', async () => {
    const link = readLink(
      '#/greeting?pasos=redirect.abort;redirect.cancel;redirect.abort&version=0badc0de',
      'greeting',
    );
    expect(link.version).toBe('0badc0de');
    const replay = await replayStaleLink(greetingMachine, graph, premium, link.steps);
    expect(replay).toMatchObject({
      applied: 1,
      failed: { index: 1, message: expect.stringContaining('redirect.cancel') },
      landing: ['greeting.ready.staying'],
      status: 'active',
    });
    // Every step applies: the landing is the state after the last one; none lands in the initial state.
    const all = await replayStaleLink(greetingMachine, graph, premium, link.steps.slice(0, 1));
    expect([all.applied, all.failed, all.landing]).toEqual([1, undefined, ['greeting.ready.staying']]);
    expect((await replayStaleLink(greetingMachine, graph, premium, [])).landing).toEqual([
      'greeting.preparing',
    ]);
  });

  it('is told in one sentence, with or without the chart of changes for its version', () => {
    expect(staleSentence('ready')).toBe(
      'Este enlace es de una versión anterior de este flujo: desde entonces cambió.',
    );
    expect(staleSentence('unknown')).toBe(
      'Este enlace es de una versión anterior de este flujo: desde entonces cambió, y el diagrama de cambios no está disponible para esa versión.',
    );
    for (const s of ['loading', 'unknown', 'same', 'ready'] as const)
      expect(staleSentence(s).match(/\./g)).toHaveLength(1);
  });

  it('draws what changed since an older snapshot with the chart of changes of a base', () => {
    const today = snapshotFlow(greeting);
    // The older version: `ready.staying` did not exist, and the abort in `preparing` went nowhere.
    const older: FlowSnapshot = JSON.parse(JSON.stringify(today)) as FlowSnapshot;
    older.states = older.states.filter((s) => s.path !== 'ready.staying');
    older.transitions = older.transitions.filter((t) => !t.targets.includes('ready.staying'));
    const changes = changesSince(greeting, older);
    expect(changes?.status).toBe('changed');
    const added = changes?.graph.states.find((s) => s.id === 'greeting.ready.staying');
    expect(added?.change).toBe('added');
    expect(changes?.items.map((i) => i.change)).toEqual(['added', 'added', 'added']);
    expect(changes?.details['greeting.ready.staying']?.change).toBe('added');
    expect(changesSince(greeting, today)).toBeUndefined();
  });
});
