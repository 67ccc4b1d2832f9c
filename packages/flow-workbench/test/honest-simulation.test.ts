/**
 * The explorer's simulation is honest about what the machine does: a refused event says which
 * guards do not hold, a step is coloured by where it leads (a failure state or not), only the
 * answers the machine handles are offered, a real answer is computed from the call's input, and
 * own context values restart the machine where it was. On a small sign-up form of its own.
 */
import { describe, expect, it } from 'vitest';
import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { realAnswerFor } from '../src/explorer/sim/answers';
import { callOffer, eventOffers } from '../src/explorer/sim/offers';
import { Simulation, StepError, refusal } from '../src/explorer/sim/simulation';
import type { Step } from '../src/explorer/sim/steps';
import { allNodes, isFailureState, type MachineModel } from '../src/kit';
import type { RealAnswers } from '../src/catalogue';
import { greetingMachine } from './fixtures/machines';

type FormEvent =
  { type: 'change'; field: 'name' | 'email'; value: string } | { type: 'submit' } | { type: 'skip' };

const formMachine = setup({
  types: {} as {
    context: { name: string; email: string; errors: Record<string, string>; leadId: string | null };
    events: FormEvent;
  },
  guards: {
    isValidChange: ({ event }) => event.type === 'change' && event.value !== 'XX',
    isComplete: ({ context }) => context.name !== '' && context.email !== '',
    canSkip: () => false,
    hasName: ({ context }) => context.name !== '',
    hasErrors: ({ event }) => Object.keys((event as unknown as { output: object }).output).length > 0,
    hasId: ({ event }) => (event as unknown as { output: { id: string } }).output.id !== '',
  },
  actors: {
    validate: fromPromise(async ({ input }: { input: { email: string } }) => ({ email: input.email })),
    save: fromPromise(async ({ input }: { input: { email: string } }) => ({ id: input.email })),
    notify: fromCallback(() => () => {}),
  },
}).createMachine({
  id: 'form',
  initial: 'editing',
  context: { name: '', email: '', errors: {}, leadId: null },
  states: {
    editing: {
      on: {
        change: {
          guard: 'isValidChange',
          actions: assign(({ context, event }) => ({ ...context, [event.field]: event.value })),
        },
        submit: { guard: 'isComplete', target: 'validating' },
        skip: [
          { guard: 'canSkip', target: 'saved' },
          { guard: 'hasName', target: 'saved' },
        ],
      },
    },
    validating: {
      invoke: {
        id: 'validate',
        src: 'validate',
        input: ({ context }) => ({ email: context.email }),
        onDone: [
          {
            guard: 'hasErrors',
            target: 'editing',
            actions: assign({ errors: ({ event }) => event.output as Record<string, string> }),
          },
          { target: 'saving' },
        ],
        onError: { target: 'saving' },
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ email: context.email }),
        onDone: [{ guard: 'hasId', target: 'saved' }, { target: 'failed' }],
        onError: { target: 'failed' },
      },
    },
    saved: { invoke: { id: 'notify', src: 'notify' } },
    failed: { tags: ['failure.save'] },
  },
});

const ev = (type: string, fields: Record<string, unknown> = {}): Step => ({
  kind: 'event',
  event: { type, ...fields } as EventObject,
});
const e = (type: string, fields: Record<string, unknown> = {}) => ({ type, ...fields }) as EventObject;

const formModel: MachineModel = {
  machine: formMachine,
  runs: [{ label: 'completo', events: () => [] }],
  samples: () => [
    e('change', { field: 'name', value: 'Ana' }),
    e('submit'),
    e('change', { field: 'name', value: 'XX' }),
    e('xstate.done.actor.save', { output: { id: 'lead-1' } }),
    e('xstate.done.actor.save', { output: { id: '' } }),
    e('xstate.error.actor.save', { error: new Error('sin red') }),
  ],
};

/** The site's check, computed from the call's input: an e-mail without a dot is refused. */
const REAL: RealAnswers = {
  form: {
    validate: {
      label: 'Responde con la regla del e-mail',
      answer: async (input) =>
        (input as { email: string }).email.includes('.') ? {} : { email: 'El e-mail no es válido.' },
    },
  },
};

const filled = [
  ev('change', { field: 'name', value: 'Ana' }),
  ev('change', { field: 'email', value: 'ana@' }),
];

describe('the simulator shows refused events with the reason', () => {
  it('offers the samples an active state handles: accepted first, then refused with the guards that do not hold', () => {
    const sim = new Simulation(formMachine, undefined);
    const offers = eventOffers(sim, formModel);
    expect(offers.map((o) => [o.event, o.verdict.accepted])).toEqual([
      [{ type: 'change', field: 'name', value: 'Ana' }, true],
      [{ type: 'submit' }, false],
      [{ type: 'change', field: 'name', value: 'XX' }, false],
    ]);
    expect(offers[1]?.verdict).toEqual({ accepted: false, why: 'guards', guards: ['isComplete'] });
    expect(offers[2]?.verdict).toEqual({ accepted: false, why: 'guards', guards: ['isValidChange'] });
    sim.stop();
  });

  it('names every guard that does not hold, and refuses the step with the same reason', async () => {
    const sim = new Simulation(formMachine, undefined);
    const verdict = sim.verdict({ type: 'skip' });
    expect(verdict).toEqual({ accepted: false, why: 'guards', guards: ['canSkip', 'hasName'] });
    if (verdict.accepted) throw new Error('accepted');
    const reason = 'el evento `skip` no se acepta ahora: no se cumple `canSkip` ni `hasName`';
    expect(refusal('skip', verdict)).toBe(reason);
    await expect(sim.apply({ kind: 'event', event: { type: 'skip' } })).rejects.toThrow(
      new StepError(reason),
    );
    expect(sim.verdict({ type: 'demo.visit' })).toEqual({ accepted: false, why: 'unhandled', guards: [] });
    sim.stop();
  });

  it("answers a call with the site's own rule from the call's input", async () => {
    const { simulation: sim } = await Simulation.replay(formMachine, undefined, [...filled, ev('submit')]);
    const [call] = sim.pendingCalls();
    expect(call?.id).toBe('validate');
    const output = await realAnswerFor(REAL, 'form', 'validate')?.answer(call?.input);
    expect(output).toEqual({ email: 'El e-mail no es válido.' });
    const offer = callOffer(sim, formModel, call!, { output });
    expect(offer.outcomes.map((o) => [o.kind, o.real, o.verdict.accepted && o.verdict.targets])).toEqual([
      ['done', true, ['form.editing']],
      ['error', undefined, ['form.saving']],
    ]);
    await sim.apply({ kind: 'done', id: 'validate', output });
    expect(sim.snapshot.value).toBe('editing');
    expect(sim.snapshot.context.errors).toEqual(output);
    expect(realAnswerFor(REAL, 'form', 'save')).toBeUndefined();
    sim.stop();
  });
});

describe('the simulator colours by where a step leads and offers only the answers the machine handles', () => {
  it('knows the failure states: a failure.* tag, or a state named failed or error', () => {
    expect(
      allNodes(formMachine.root)
        .filter(isFailureState)
        .map((n) => n.id),
    ).toEqual(['form.failed']);
  });

  it('marks an answer without an id and an error as leading to a failure, a real one not', async () => {
    const { simulation: sim } = await Simulation.replay(formMachine, undefined, [
      ...filled,
      ev('submit'),
      { kind: 'done', id: 'validate', output: {} },
    ]);
    const [call] = sim.pendingCalls();
    expect(call?.id).toBe('save');
    const outcomes = callOffer(sim, formModel, call!).outcomes;
    expect(outcomes.map((o) => [o.kind, o.output, o.verdict.accepted && o.verdict.toFailure])).toEqual([
      ['done', { id: 'lead-1' }, false],
      ['done', { id: '' }, true],
      ['error', undefined, true],
    ]);
    sim.stop();
  });

  it('offers no answer of a call the machine handles neither way, and says when an unhandled error stopped it', async () => {
    const { simulation: sim } = await Simulation.replay(formMachine, undefined, [
      ...filled,
      ev('submit'),
      { kind: 'done', id: 'validate', output: {} },
      { kind: 'done', id: 'save', output: { id: 'lead-1' } },
    ]);
    const notify = sim.pendingCalls().find((c) => c.id === 'notify');
    expect(notify).toBeDefined();
    expect(sim.handledOutcomes('notify')).toEqual({ done: false, error: false });
    expect(callOffer(sim, formModel, notify!).outcomes).toEqual([]);
    expect(sim.stoppedByError()).toBeUndefined();
    await sim.apply({ kind: 'error', id: 'notify', message: 'El aviso falló' });
    expect(sim.snapshot.status).toBe('error');
    expect(sim.stoppedByError()).toEqual({ message: 'El aviso falló', stateIds: ['form', 'form.saved'] });
    expect(eventOffers(sim, formModel)).toEqual([]);
    await expect(sim.apply({ kind: 'event', event: { type: 'submit' } })).rejects.toThrow(
      'la máquina se detuvo por un error: no acepta más pasos',
    );
    sim.stop();
  });
});

describe('own values for the context', () => {
  it('restarts the machine in the same states with the new data; an unknown key is refused', async () => {
    const { simulation: sim } = await Simulation.replay(formMachine, undefined, [
      ev('change', { field: 'name', value: 'Ana' }),
      { kind: 'context', context: { email: 'ana@example.com' } },
    ]);
    expect(sim.snapshot.context).toMatchObject({ name: 'Ana', email: 'ana@example.com' });
    expect(sim.snapshot.value).toBe('editing');
    expect(sim.verdict({ type: 'submit' }).accepted).toBe(true);
    await expect(sim.apply({ kind: 'context', context: { nope: 1 } })).rejects.toThrow(
      'el contexto no tiene `nope`',
    );
    sim.stop();
  });

  it('keeps a call in flight, made again with its input, and refuses while a delay is pending', async () => {
    const { simulation: greeting } = await Simulation.replay(greetingMachine, { plan: null }, []);
    await expect(greeting.apply({ kind: 'context', context: { plan: 'X' } })).rejects.toThrow(
      /hay una espera pendiente \(`redirectDelay`\)/,
    );
    greeting.stop();

    const { simulation: sim } = await Simulation.replay(formMachine, undefined, [
      ...filled,
      ev('submit'),
      { kind: 'context', context: { email: 'ana@example.com' } },
    ]);
    expect(sim.pendingCalls()).toEqual([
      expect.objectContaining({ id: 'validate', input: { email: 'ana@' } }),
    ]);
    await sim.apply({ kind: 'done', id: 'validate', output: {} });
    expect(sim.pendingCalls().map((c) => c.id)).toEqual(['save']);
    expect(sim.pendingCalls()[0]?.input).toEqual({ email: 'ana@example.com' });
    sim.stop();
  });
});
