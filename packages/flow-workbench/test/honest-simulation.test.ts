import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import type { AnyStateMachine } from 'xstate';
import siteCatalogue from '../../../workbench/catalogue';
import { modelOf } from '../src/catalogue';
import { allNodes, isFailureState } from '../src/kit';
import { LEAD } from '../../../workbench/samples/lead-wizard.samples';
import { realAnswerFor } from '../src/explorer/sim/answers';
import { callOffer, eventOffers } from '../src/explorer/sim/offers';
import { Simulation, StepError, refusal } from '../src/explorer/sim/simulation';
import type { Step } from '../src/explorer/sim/steps';
import { leadWizardMachine } from '../../../src/flows/registration/lead-wizard.machine';
import { newsletterMachine } from '../../../src/flows/newsletter/newsletter.machine';
import { paymentMachine } from '../../../src/flows/payment/payment.machine';
import { registrationFlow } from '../../../src/flows/registration/registration.flow';

const wizardInput = { idempotencyKey: 'k', country: 'CL' };
const modelFor = (machine: AnyStateMachine) => modelOf(siteCatalogue, machine);
const wizardModel = modelFor(leadWizardMachine);
const paymentModel = modelFor(paymentMachine);
const payment = { params: { sandbox: ['1'], cliente: ['a'], usd: [], locale: [] } };

const ev = (type: string, fields: Record<string, unknown> = {}): Step => ({
  kind: 'event',
  event: { type, ...fields } as EventObject,
});
const change = (field: string, value: string): Step => ev('contact.change', { field, value });
const contact: Step[] = [
  change('nombreEmpresa', 'Pizzería'),
  change('nombre', 'Ana'),
  change('apellido', 'Gómez'),
  change('whatsapp', '9 1234 5678'),
];
const submit = ev('contact.submit');

describe('the simulator shows refused events with the reason', () => {
  it('offers the samples an active state handles: accepted first, then refused with the guards that do not hold', () => {
    const sim = new Simulation(leadWizardMachine, wizardInput);
    const offers = eventOffers(sim, wizardModel);
    expect(offers.map((o) => [o.event, o.verdict.accepted])).toEqual([
      [{ type: 'contact.change', field: 'nombreEmpresa', value: '  Pizzería Don Pepe ' }, true],
      [{ type: 'contact.submit' }, false],
      [{ type: 'contact.change', field: 'pais', value: 'XX' }, false],
    ]);
    const [, submitOffer, countryOffer] = offers;
    expect(submitOffer?.verdict).toEqual({ accepted: false, why: 'guards', guards: ['isContactComplete'] });
    expect(countryOffer?.verdict).toEqual({
      accepted: false,
      why: 'guards',
      guards: ['isValidContactChange'],
    });
    // The explorer shows each guard by its meaning: the catalogue's note.
    expect(registrationFlow.notes.guards.isContactComplete).toMatch(/no están vacíos/);
    sim.stop();
  });

  it('names every guard that does not hold, and refuses the step with the same reason', async () => {
    const { simulation: sim } = await Simulation.replay(leadWizardMachine, wizardInput, [
      ...contact,
      submit,
      { kind: 'done', id: 'validateContact', output: {} },
      { kind: 'done', id: 'createLead', output: LEAD },
      ev('situation.select', { value: 'otros' }),
      ev('step.next'),
      ev('category.select', { value: 'gastronomico' }),
      ev('step.next'),
    ]);
    expect(sim.snapshot.matches({ steps: 'sector' })).toBe(true);
    const verdict = sim.verdict({ type: 'step.next' });
    expect(verdict).toEqual({ accepted: false, why: 'guards', guards: ['canOfferTrial', 'hasSector'] });
    if (verdict.accepted) throw new Error('accepted');
    expect(refusal('step.next', verdict)).toBe(
      'el evento `step.next` no se acepta ahora: no se cumple `canOfferTrial` ni `hasSector`',
    );
    await expect(sim.apply({ kind: 'event', event: { type: 'step.next' } })).rejects.toThrow(
      new StepError('el evento `step.next` no se acepta ahora: no se cumple `canOfferTrial` ni `hasSector`'),
    );
    expect(sim.verdict({ type: 'demo.visit' })).toEqual({ accepted: false, why: 'unhandled', guards: [] });
    sim.stop();
  });

  it("answers the wizard's step 1 check with the prospect schema: a wrong e-mail is refused with its message", async () => {
    const { simulation: sim } = await Simulation.replay(leadWizardMachine, wizardInput, [
      ...contact,
      change('email', 'ana@'),
      submit,
    ]);
    const [call] = sim.pendingCalls();
    expect(call?.id).toBe('validateContact');
    const real = realAnswerFor(siteCatalogue.realAnswers ?? {}, 'leadWizard', 'validateContact');
    const output = await real?.answer(call?.input);
    expect(output).toEqual({ email: expect.stringContaining('e-mail') });
    const offer = callOffer(sim, wizardModel, call!, { output });
    expect(offer.outcomes.map((o) => [o.kind, o.real, o.verdict.accepted && o.verdict.targets])).toEqual([
      ['done', true, ['leadWizard.steps.contact.editing']],
      ['error', undefined, ['leadWizard.steps.contact.submitting']],
    ]);
    await sim.apply({ kind: 'done', id: 'validateContact', output });
    expect(sim.snapshot.matches({ steps: { contact: 'editing' } })).toBe(true);
    expect(sim.snapshot.context.contactErrors).toEqual(output);
    sim.stop();
  });
});

describe('the simulator colours by where a step leads and offers only the answers the machine handles', () => {
  it('knows the failure states: a failure.* tag, or a state named failed or error (and inside one)', () => {
    const failures = [leadWizardMachine, paymentMachine, newsletterMachine].flatMap((m) =>
      allNodes(m.root)
        .filter(isFailureState)
        .map((n) => n.id),
    );
    expect(failures).toEqual([
      'leadWizard.steps.contact.failed',
      'leadWizard.steps.contact.failed.botCheck',
      'leadWizard.steps.contact.failed.create',
      'leadWizard.steps.contact.failed.rateLimited',
      'leadWizard.steps.contact.failed.refused',
      'leadWizard.steps.contact.failed.download',
      'payment.sdkFailed',
      'payment.failed',
      'newsletter.error',
    ]);
  });

  it("marks the create's answer without an id and its error as leading to a failure, a real lead not", async () => {
    const { simulation: sim } = await Simulation.replay(leadWizardMachine, wizardInput, [
      ...contact,
      submit,
      { kind: 'done', id: 'validateContact', output: {} },
    ]);
    const [call] = sim.pendingCalls();
    expect(call?.id).toBe('createLead');
    const outcomes = callOffer(sim, wizardModel, call!).outcomes;
    expect(outcomes.map((o) => [o.kind, o.output, o.verdict.accepted && o.verdict.toFailure])).toEqual([
      ['done', LEAD, false],
      ['done', { id: '', estado: '' }, true],
      ['error', undefined, true],
    ]);
    sim.stop();
  });

  it("offers no answer of the payment buttons or the newsletter's notice: the machine handles none", async () => {
    const { simulation: pay } = await Simulation.replay(paymentMachine, payment, [
      { kind: 'done', id: 'loadSdk' },
    ]);
    const buttons = pay.pendingCalls().find((c) => c.id === 'paymentButtons');
    expect(buttons).toBeDefined();
    expect(pay.handledOutcomes('paymentButtons')).toEqual({ done: false, error: false });
    expect(callOffer(pay, paymentModel, buttons!).outcomes).toEqual([]);
    pay.stop();

    const { simulation: news } = await Simulation.replay(newsletterMachine, undefined, [
      ev('form.submit', {
        passesBrowserCheck: true,
        action: 'http://127.0.0.1/api/newsletter/',
        method: 'post',
        fields: { email: 'ana@example.com' },
      }),
      { kind: 'done', id: 'subscribe', output: { response: 'error', message: 'Ya estás suscrito' } },
    ]);
    const notice = news.pendingCalls().find((c) => c.id === 'notification');
    expect(notice).toBeDefined();
    expect(callOffer(news, modelFor(newsletterMachine), notice!).outcomes).toEqual([]);
    news.stop();
  });

  it('says when the machine stopped with an error nobody handles, and where', async () => {
    const { simulation: sim, failed } = await Simulation.replay(paymentMachine, payment, [
      { kind: 'done', id: 'loadSdk' },
      { kind: 'error', id: 'paymentButtons', message: 'Los botones fallaron' },
    ]);
    expect(failed).toBeUndefined();
    expect(sim.snapshot.status).toBe('error');
    expect(sim.stoppedByError()).toEqual({
      message: 'Los botones fallaron',
      stateIds: ['payment', 'payment.checkout', 'payment.checkout.rendering'],
    });
    expect(eventOffers(sim, paymentModel)).toEqual([]);
    await expect(sim.apply({ kind: 'event', event: { type: 'buttons.rendered' } })).rejects.toThrow(
      'la máquina se detuvo por un error: no acepta más pasos',
    );
    sim.stop();

    const running = new Simulation(paymentMachine, payment);
    expect(running.stoppedByError()).toBeUndefined();
    running.stop();
  });
});

describe('own values for the context', () => {
  it('restarts the machine in the same states with the new data, whose immediate transitions then apply', async () => {
    const { simulation: sim } = await Simulation.replay(leadWizardMachine, wizardInput, [
      change('nombre', 'Ana'),
      { kind: 'context', context: { promotionMode: true, leadId: 'lead-7' } },
    ]);
    expect(sim.snapshot.context).toMatchObject({ nombre: 'Ana', promotionMode: true, leadId: 'lead-7' });
    // The sync region waited for a lead: with one, it goes on at once.
    expect(sim.snapshot.value).toEqual({ steps: { contact: 'editing' }, sync: 'synced' });
    expect(sim.records.at(-1)?.transitions).toEqual(['leadWizard.sync.waitingForLead always#0']);
    await expect(sim.apply({ kind: 'context', context: { nope: 1 } })).rejects.toThrow(
      'el contexto no tiene `nope`',
    );
    sim.stop();
  });

  it('keeps a call in flight, made again with its input, and refuses while a delay is pending', async () => {
    const { simulation: pay } = await Simulation.replay(paymentMachine, payment, []);
    await expect(pay.apply({ kind: 'context', context: { orderId: 'X' } })).rejects.toThrow(
      /hay una espera pendiente \(`sdkLoadTimeout`\)/,
    );
    pay.stop();

    const { simulation: sim } = await Simulation.replay(leadWizardMachine, wizardInput, [
      ...contact,
      submit,
      { kind: 'context', context: { email: 'ana@example.com' } },
    ]);
    expect(sim.pendingCalls()).toEqual([
      expect.objectContaining({
        id: 'validateContact',
        input: { contact: expect.objectContaining({ email: '' }) },
      }),
    ]);
    await sim.apply({ kind: 'done', id: 'validateContact', output: {} });
    expect(sim.pendingCalls().map((c) => c.id)).toEqual(['createLead']);
    expect(sim.pendingCalls()[0]?.input).toMatchObject({ payload: { email: 'ana@example.com' } });
    sim.stop();
  });
});
