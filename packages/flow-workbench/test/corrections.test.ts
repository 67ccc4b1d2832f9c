/**
 * Every refusal has a way forward: beside an event a rule refuses, and after a step a rule sent
 * the other way, the simulation offers the samples that get past the rule, labelled by what they
 * correct. On a small contact form of its own: a guard on the event's value (the order's
 * reference), a guard on the context's value (the e-mail must be there to send), a validation's
 * answer with a message per field, and a browser check with an "otherwise".
 */
import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup, type EventObject } from 'xstate';
import { correctionsFor, fallbackOffer, type Correction } from '../src/explorer/sim/offers';
import { Simulation } from '../src/explorer/sim/simulation';
import type { Step } from '../src/explorer/sim/steps';
import { fallbackGuards, nextSnapshot, type MachineModel } from '../src/kit';

type ContactEvent =
  | { type: 'change'; field: 'email' | 'name'; value: string }
  | { type: 'send' }
  | { type: 'approve'; orderId: string }
  | { type: 'check'; valid: boolean };

const contactMachine = setup({
  types: {} as {
    context: { email: string; name: string; edits: number; errors: Record<string, string> };
    events: ContactEvent;
  },
  guards: {
    hasEmail: ({ context }) => context.email !== '',
    hasOrderId: ({ event }) => event.type === 'approve' && /^O-\d+$/.test(event.orderId),
    isValid: (_, params: { errors: Record<string, string> }) => Object.keys(params.errors).length === 0,
    passesCheck: ({ event }) => event.type === 'check' && event.valid,
  },
  actions: { trackSend: () => {} },
  actors: {
    validate: fromPromise<Record<string, string>, { email: string }>(async () => ({})),
  },
}).createMachine({
  id: 'contact',
  initial: 'editing',
  context: { email: '', name: '', edits: 0, errors: {} },
  states: {
    editing: {
      on: {
        change: {
          actions: assign(({ context, event }) => ({
            [event.field]: event.value,
            edits: context.edits + 1,
          })),
        },
        send: { guard: 'hasEmail', target: 'validating', actions: ['trackSend'] },
        approve: { guard: 'hasOrderId', target: 'paid' },
        check: [{ guard: 'passesCheck', target: 'checked' }, { target: 'invalid' }],
      },
    },
    invalid: {
      on: { check: [{ guard: 'passesCheck', target: 'checked' }, { target: 'invalid' }] },
    },
    checked: {},
    validating: {
      invoke: {
        id: 'validate',
        src: 'validate',
        input: ({ context }) => ({ email: context.email }),
        onDone: [
          {
            guard: { type: 'isValid', params: ({ event }) => ({ errors: event.output }) },
            target: 'sent',
          },
          { target: 'editing', actions: assign({ errors: ({ event }) => event.output }) },
        ],
      },
    },
    sent: { type: 'final' },
    paid: { type: 'final' },
  },
});

const e = (type: string, fields: Record<string, unknown> = {}) => ({ type, ...fields }) as EventObject;
const ev = (type: string, fields: Record<string, unknown> = {}): Step => ({
  kind: 'event',
  event: e(type, fields),
});

const GOOD_EMAIL = 'ana@ejemplo.com';
const BAD_EMAIL = 'ana@ejemplo';
const model: MachineModel = {
  machine: contactMachine,
  runs: [{ label: 'contacto', events: () => [] }],
  samples: () => [
    e('change', { field: 'name', value: 'Ana' }),
    e('change', { field: 'email', value: BAD_EMAIL }),
    e('change', { field: 'email', value: GOOD_EMAIL }),
    e('send'),
    e('approve', { orderId: '"><img src=x>' }),
    e('approve', { orderId: 'O-1' }),
    e('check', { valid: false }),
    e('check', { valid: true }),
  ],
};

const summary = (corrections: readonly Correction[]) =>
  corrections.map((c) => ({ event: c.event, fields: c.fields }));

describe('a ready-made correction beside a refusal', () => {
  it('a guard on the event’s value: the samples of its type the machine accepts, by the field they change', () => {
    const sim = new Simulation(contactMachine, undefined);
    expect(summary(correctionsFor(sim, model, e('approve', { orderId: '"><img src=x>' })))).toEqual([
      { event: e('approve', { orderId: 'O-1' }), fields: { orderId: 'O-1' } },
    ]);
    // An accepted event, or one nobody handles, needs none.
    expect(correctionsFor(sim, model, e('approve', { orderId: 'O-1' }))).toEqual([]);
    expect(correctionsFor(sim, model, e('unknown'))).toEqual([]);
    sim.stop();
  });

  it('a guard on the context’s value: the samples after which the refused event is accepted, by the deciding field', () => {
    const sim = new Simulation(contactMachine, undefined);
    // Sending needs an e-mail: both e-mail changes get past the guard, the name does not; the edit
    // count the change also moves does not decide, so it is not named.
    expect(summary(correctionsFor(sim, model, e('send')))).toEqual([
      { event: e('change', { field: 'email', value: BAD_EMAIL }), fields: { email: BAD_EMAIL } },
      { event: e('change', { field: 'email', value: GOOD_EMAIL }), fields: { email: GOOD_EMAIL } },
    ]);
    // Looking ahead ran nothing: no effect recorded, no call made, the machine where it was.
    expect(sim.pendingCalls()).toEqual([]);
    expect(sim.records.flatMap((r) => r.actions)).toEqual([]);
    expect(sim.snapshot.value).toBe('editing');
    sim.stop();
  });

  it('a field a validation refused: after its answer, the samples that give that field another value', async () => {
    const sim = new Simulation(contactMachine, undefined);
    await sim.apply(ev('change', { field: 'email', value: BAD_EMAIL }));
    expect(sim.lastFallback()).toBeUndefined();
    expect(fallbackOffer(sim, model)).toBeUndefined();
    await sim.apply(ev('send'));
    const refused = { email: 'El e-mail no es válido.' };
    await sim.apply({ kind: 'done', id: 'validate', output: refused });
    expect(sim.snapshot.value).toBe('editing');
    expect(sim.lastFallback()).toEqual({
      event: e('xstate.done.actor.validate', { output: refused }),
      value: refused,
      guards: ['isValid'],
    });
    const offer = fallbackOffer(sim, model);
    expect(offer?.messages).toEqual(refused);
    // The refused e-mail itself changes nothing, so it is not offered; nor is the name.
    expect(summary(offer?.corrections ?? [])).toEqual([
      { event: e('change', { field: 'email', value: GOOD_EMAIL }), fields: { email: GOOD_EMAIL } },
    ]);
    // The correction is a step like any other; the notice goes with the next step.
    await sim.apply({ kind: 'event', event: offer?.corrections[0]?.event as EventObject });
    expect(sim.snapshot.context.email).toBe(GOOD_EMAIL);
    expect(fallbackOffer(sim, model)).toBeUndefined();
    await sim.apply(ev('send'));
    await sim.apply({ kind: 'done', id: 'validate', output: {} });
    expect(sim.snapshot.value).toBe('sent');
    expect(sim.lastFallback()).toBeUndefined();
    sim.stop();
  });

  it('an "otherwise" on the event’s value: the samples of its type that pass the rule', async () => {
    const sim = new Simulation(contactMachine, undefined);
    expect(fallbackGuards(sim.snapshot, e('check', { valid: false }))).toEqual(['passesCheck']);
    expect(fallbackGuards(sim.snapshot, e('check', { valid: true }))).toEqual([]);
    expect(fallbackGuards(sim.snapshot, e('send'))).toEqual([]);
    await sim.apply(ev('check', { valid: false }));
    expect(sim.snapshot.value).toBe('invalid');
    const offer = fallbackOffer(sim, model);
    expect(offer?.fallback.guards).toEqual(['passesCheck']);
    expect(offer?.messages).toEqual({});
    expect(summary(offer?.corrections ?? [])).toEqual([
      { event: e('check', { valid: true }), fields: { valid: true } },
    ]);
    // Before the step it was accepted (it goes the other way): the notice after it offers the corrections.
    expect(correctionsFor(sim, model, e('check', { valid: false }))).toEqual([]);
    sim.stop();
  });

  it('a link replays to the same notice', async () => {
    const steps: Step[] = [
      ev('change', { field: 'email', value: BAD_EMAIL }),
      ev('send'),
      { kind: 'done', id: 'validate', output: { email: 'El e-mail no es válido.' } },
    ];
    const { simulation, failed } = await Simulation.replay(contactMachine, undefined, steps);
    expect(failed).toBeUndefined();
    expect(fallbackOffer(simulation, model)?.corrections.map((c) => c.fields)).toEqual([
      { email: GOOD_EMAIL },
    ]);
    simulation.stop();
  });

  it('the look-ahead is pure: the next snapshot without running an action or starting a call', () => {
    const sim = new Simulation(contactMachine, undefined);
    const filled = nextSnapshot(sim.snapshot, e('change', { field: 'email', value: GOOD_EMAIL }));
    expect(filled?.context).toMatchObject({ email: GOOD_EMAIL, edits: 1 });
    const sending = filled && nextSnapshot(filled, e('send'));
    expect(sending?.value).toBe('validating');
    expect(sim.snapshot.context.email).toBe('');
    expect(sim.pendingCalls()).toEqual([]);
    sim.stop();
  });
});
