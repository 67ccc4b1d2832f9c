import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import {
  CONTACT_FIELD_MAX_LENGTH,
  buildProspectInput,
  buildProspectUpdate,
  isContactComplete,
  type ContactField,
  whatsappWithPrefix,
  type LeadDraft,
} from '../../../src/domain/lead-payload';
import {
  BOT_CHECK_MAX_FAILURES,
  LEAD_UPDATE_FAILURES_BEFORE_WARNING,
  LEAD_UPDATE_RETRY_MAX_MS,
  leadUpdateRetryDelayMs,
} from '../../../src/domain/lead-wizard-rules';
import { BOT_CHECK_FAILED_MESSAGE, MAINTENANCE_MESSAGE } from '../../../src/domain/messages';
import type { ProspectCreated } from '../../../src/domain/prospect';
import { contactErrors, judgedContactErrors } from '../../../src/flows/registration/contact-validation';
import { leadKeyFor } from '../../../src/domain/lead-key';
import { SaveError, refusedField } from '../../../src/domain/save-failure';
import {
  contactFailureOf,
  contactOf,
  leadWizardMachine,
  type ContactErrors,
  type CreateLeadInput,
  type JudgeContactInput,
  type LeadWizardInput,
  type UpdateLeadInput,
  type ValidateContactInput,
} from '../../../src/flows/registration/lead-wizard.machine';
import { restoreLeadWizardSnapshot } from '../../../src/flows/registration/lead-wizard.restore';
import { isWorthResuming } from '../../../src/flows/registration/persist-wizard';
import { controlledActor, settle } from './helpers';

const KEY = 'b8c4e0de-1c61-4f7e-8a53-7b0ad9e0f001';
/** The create's key for what the wizard holds now, from the tab's seed `seed`. */
const keyNow = (w: { actor: { getSnapshot(): { context: Parameters<typeof contactOf>[0] } } }, seed = KEY) =>
  leadKeyFor(seed, contactOf(w.actor.getSnapshot().context));
const LEAD: ProspectCreated = { id: 'lead-1', estado: 'nuevo' };

/** Step 1's check as the site runs it: the prospect schema the API validates with. */
const sharedSchema = fromPromise<ContactErrors, ValidateContactInput>(async ({ input }) =>
  contactErrors(input.contact),
);
/** The same schema asked while the visitor fills step 1. */
const sharedJudge = fromPromise<ContactErrors, JudgeContactInput>(async ({ input }) =>
  judgedContactErrors(input),
);

function start(
  input: Partial<LeadWizardInput> = {},
  snapshot?: ReturnType<typeof restoreLeadWizardSnapshot>,
  validateContact = sharedSchema,
  judgeContact = sharedJudge,
) {
  const clock = new SimulatedClock();
  const bot = controlledActor<string, { action: string }>();
  const create = controlledActor<ProspectCreated, CreateLeadInput>();
  const update = controlledActor<unknown, UpdateLeadInput>();
  const log = vi.fn();
  const openTrial = vi.fn();
  const actor = createActor(
    leadWizardMachine.provide({
      actors: {
        validateContact,
        judgeContact,
        getBotToken: bot.logic,
        createLead: create.logic,
        updateLead: update.logic,
      },
      actions: { logLeadError: (_, p) => log(p.message), openTrialSignup: openTrial },
    }),
    { input: { idempotencyKey: KEY, ...input }, clock, ...(snapshot ? { snapshot } : {}) },
  );
  actor.start();
  // The steps and the background updates; the field messages have tests of their own.
  const steps = () => {
    const { steps, sync } = actor.getSnapshot().value as { steps: unknown; sync: unknown };
    return { steps, sync };
  };
  return { actor, clock, bot, create, update, log, openTrial, steps };
}

type Wizard = ReturnType<typeof start>;

/** 'Siguiente' on step 1, and the schema's answer. */
async function submit({ actor }: Wizard) {
  actor.send({ type: 'contact.submit' });
  await settle();
}

function fillContact({ actor }: Wizard, email = '') {
  actor.send({ type: 'contact.change', field: 'nombreEmpresa', value: ' Pizzería Don Pepe ' });
  actor.send({ type: 'contact.change', field: 'nombre', value: 'Ana' });
  actor.send({ type: 'contact.change', field: 'apellido', value: 'Gómez' });
  actor.send({ type: 'contact.change', field: 'pais', value: 'ar' });
  actor.send({ type: 'contact.change', field: 'whatsapp', value: '11 2345-6789' });
  if (email) actor.send({ type: 'contact.change', field: 'email', value: email });
}

async function createdWizard(input: Partial<LeadWizardInput> = {}) {
  const w = start(input);
  fillContact(w);
  await submit(w);
  w.create.calls[0]?.resolve(LEAD);
  await settle();
  return w;
}

const SENDING = { updating: { attempt: 'sending', warning: 'hidden' } };
const WAITING = { updating: { attempt: 'retryWait', warning: 'hidden' } };
const WAITING_WARNED = { updating: { attempt: 'retryWait', warning: 'shown' } };

const baseBody = {
  nombreEmpresa: 'Pizzería Don Pepe',
  nombre: 'Ana',
  apellido: 'Gómez',
  pais: { codigo: 'AR', nombre: 'Argentina', prefijo: '+549' },
  whatsapp: '+5491123456789',
};

describe('lead wizard: contact step', () => {
  it('enables the submit only when the five required fields are filled; e-mail is optional', () => {
    const w = start();
    const can = () => w.actor.getSnapshot().can({ type: 'contact.submit' });
    expect(can()).toBe(false);
    w.actor.send({ type: 'contact.change', field: 'nombreEmpresa', value: 'Kiosco' });
    w.actor.send({ type: 'contact.change', field: 'nombre', value: 'Ana' });
    w.actor.send({ type: 'contact.change', field: 'apellido', value: '   ' });
    w.actor.send({ type: 'contact.change', field: 'pais', value: 'CL' });
    w.actor.send({ type: 'contact.change', field: 'whatsapp', value: '9 1234 5678' });
    expect(can()).toBe(false);
    w.actor.send({ type: 'contact.change', field: 'apellido', value: 'Gómez' });
    expect(can()).toBe(true);
  });

  it('checks step 1 with the shared schema: a refused field keeps the visitor on step 1 with its message', async () => {
    const w = start();
    fillContact(w, 'ana@');
    await submit(w);
    expect(w.steps().steps).toEqual({ contact: 'editing' });
    expect(w.create.calls).toHaveLength(0);
    const errors = w.actor.getSnapshot().context.contactErrors;
    expect(Object.keys(errors)).toEqual(['email']);
    expect(errors.email).toBe(contactErrors({ ...w.actor.getSnapshot().context, email: 'ana@' }).email);

    // Correcting the field drops its message once the rules have judged it; the next submit goes
    // on to the create.
    w.actor.send({ type: 'contact.change', field: 'email', value: 'ana@example.com' });
    await settle();
    expect(w.actor.getSnapshot().context.contactErrors).toEqual({});
    await submit(w);
    expect(w.steps().steps).toEqual({ contact: 'creating' });
    expect(w.create.calls).toHaveLength(1);
  });

  it('a WhatsApp number with letters is refused before anything is sent', async () => {
    const w = start();
    fillContact(w);
    w.actor.send({ type: 'contact.change', field: 'whatsapp', value: '11 2345-67AB' });
    await submit(w);
    expect(w.steps().steps).toEqual({ contact: 'editing' });
    expect(w.actor.getSnapshot().context.contactErrors.whatsapp).toEqual(expect.any(String));
    expect(w.create.calls).toHaveLength(0);
  });

  it('when the schema cannot load (offline), the submit goes on: the server checks the same rules', async () => {
    const offline = fromPromise<ContactErrors, ValidateContactInput>(async () => {
      throw new Error('sin conexión');
    });
    const w = start({}, undefined, offline);
    fillContact(w, 'ana@');
    await submit(w);
    expect(w.steps().steps).toEqual({ contact: 'creating' });
    expect(w.create.calls).toHaveLength(1);
  });

  it('ignores unknown fields, unknown countries and oversized values', () => {
    const w = start({ country: 'CL' });
    w.actor.send({ type: 'contact.change', field: 'pais', value: 'XX' });
    w.actor.send({ type: 'contact.change', field: 'nombre', value: 'x'.repeat(121) });
    w.actor.send({ type: 'contact.change', field: 'leadId' as never, value: 'evil' });
    expect(w.actor.getSnapshot().context).toMatchObject({ pais: 'CL', nombre: '', leadId: null });
  });

  it('creates the lead once with the exact body and the idempotency key, even on a double submit', async () => {
    const w = start({
      codigoReferido: ' AMIGO25 ',
      tracking: { utmSource: 'ig', urlQueryString: 'utm_source=ig', fbclid: '' },
    });
    fillContact(w, ' ana@example.com ');
    // A second press while the fields are checked, and more while the lead is created.
    w.actor.send({ type: 'contact.submit' });
    w.actor.send({ type: 'contact.submit' });
    await settle();
    w.actor.send({ type: 'contact.submit' });
    w.actor.send({ type: 'retry' });
    expect(w.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(w.create.calls).toHaveLength(1);
    expect(w.create.calls[0]?.input).toEqual({
      idempotencyKey: keyNow(w),
      payload: {
        ...baseBody,
        email: 'ana@example.com',
        codigoReferido: 'AMIGO25',
        infoEmpresa: '{"visitoDemo":false}',
        utmSource: 'ig',
        urlQueryString: 'utm_source=ig',
      },
    });
    // Typing while the create is in flight changes nothing.
    w.actor.send({ type: 'contact.change', field: 'nombre', value: 'Otro' });
    w.create.calls[0]?.resolve(LEAD);
    await settle();
    expect(w.steps()).toEqual({ steps: 'situation', sync: 'synced' });
    expect(w.actor.getSnapshot().context).toMatchObject({ leadId: 'lead-1', nombre: 'Ana' });
    expect(w.update.calls).toHaveLength(0);
  });

  it('keeps every value on a failed create, shows the maintenance message and retries with the same key', async () => {
    const w = start();
    fillContact(w);
    await submit(w);
    w.create.calls[0]?.reject(new Error('No se pudo guardar'));
    await settle();
    expect(w.steps().steps).toEqual({ contact: { failed: 'create' } });
    expect(w.log).toHaveBeenCalledWith(MAINTENANCE_MESSAGE);
    expect(w.actor.getSnapshot().context).toMatchObject({
      nombreEmpresa: ' Pizzería Don Pepe ',
      whatsapp: '11 2345-6789',
    });
    expect(w.actor.getSnapshot().can({ type: 'retry' })).toBe(true);

    w.actor.send({ type: 'retry' });
    expect(w.create.calls).toHaveLength(2);
    expect(w.create.calls[1]?.input.idempotencyKey).toBe(keyNow(w));
    expect(w.create.calls[1]?.input).toEqual(w.create.calls[0]?.input);
    w.create.calls[1]?.resolve(LEAD);
    await settle();
    // The lost attempt may have been stored with older data: an update follows the create.
    expect(w.steps()).toEqual({ steps: 'situation', sync: SENDING });
    expect(w.update.calls[0]?.input.payload).toMatchObject({ id: 'lead-1', nombre: 'Ana' });
  });

  it('saves the lead without a campaign field the API refused: same key, no notice, no second lead', async () => {
    const tracking = { urlQueryString: 'utm_source=ig', utmSource: 'ig', utmCampaign: 'verano' };
    const w = start({ tracking });
    fillContact(w);
    await submit(w);
    w.create.calls[0]?.reject(
      new SaveError('refused', 'No se pudo guardar', {
        refused: [refusedField('campaña (utm_campaign)', 'El campo tiene caracteres no válidos.')],
      }),
    );
    await settle();
    expect(w.steps().steps).toEqual({ contact: 'creating' });
    expect(contactFailureOf(w.actor.getSnapshot())).toBeNull();
    expect(w.create.calls).toHaveLength(2);
    expect(w.create.calls[1]?.input.idempotencyKey).toBe(w.create.calls[0]?.input.idempotencyKey);
    expect(w.create.calls[1]?.input.payload).toEqual({
      ...w.create.calls[0]?.input.payload,
      utmCampaign: undefined,
    });
    expect(w.create.calls[1]?.input.payload).not.toHaveProperty('utmCampaign');
    expect(w.create.calls[1]?.input.payload).toMatchObject({
      utmSource: 'ig',
      urlQueryString: 'utm_source=ig',
    });
    w.create.calls[1]?.resolve(LEAD);
    await settle();
    expect(w.steps()).toEqual({ steps: 'situation', sync: 'synced' });
    expect(w.log).not.toHaveBeenCalled();
  });

  it('names the cause of a refused create: the wait of a 429, the refused field, the missing download', async () => {
    const cases = [
      [new SaveError('rateLimited', 'x', { retryAfterSeconds: 30 }), 'rateLimited'],
      [new SaveError('refused', 'x', { refused: [refusedField('WhatsApp', 'No es válido.')] }), 'refused'],
      [new SaveError('download', 'x'), 'download'],
      [new SaveError('unavailable', 'x'), 'create'],
      [new TypeError('Failed to fetch'), 'create'],
    ] as const;
    for (const [error, failure] of cases) {
      const w = start({ tracking: { utmSource: 'ig' } });
      fillContact(w);
      await submit(w);
      w.create.calls[0]?.reject(error);
      await settle();
      expect(w.steps().steps).toEqual({ contact: { failed: failure } });
      expect(contactFailureOf(w.actor.getSnapshot())).toBe(failure);
      if (failure === 'rateLimited')
        expect(w.actor.getSnapshot().context.saveFailure?.retryAfterSeconds).toBe(30);
      if (failure === 'refused')
        expect(w.actor.getSnapshot().context.saveFailure?.refused[0]?.field).toBe('whatsapp');
      // The retry promise holds for every cause: the same key, one lead.
      w.actor.send({ type: 'retry' });
      expect(w.actor.getSnapshot().context.saveFailure).toBeNull();
      expect(w.create.calls[1]?.input).toEqual(w.create.calls[0]?.input);
      w.create.calls[1]?.resolve(LEAD);
      await settle();
      // Only a create that may have reached the server is followed by an update.
      expect(w.steps()).toEqual({ steps: 'situation', sync: failure === 'create' ? SENDING : 'synced' });
    }
  });

  it('lets the visitor edit after a failure and resubmit: another person, the same key; another business, another key', async () => {
    const w = start();
    fillContact(w);
    await submit(w);
    w.create.calls[0]?.resolve({ id: '', estado: '' });
    await settle();
    expect(w.steps().steps).toEqual({ contact: { failed: 'create' } });
    w.actor.send({ type: 'contact.change', field: 'nombre', value: 'Ana María' });
    expect(w.steps().steps).toEqual({ contact: 'editing' });
    await submit(w);
    expect(w.create.calls[1]?.input.payload.nombre).toBe('Ana María');
    expect(w.create.calls[1]?.input.idempotencyKey).toBe(w.create.calls[0]?.input.idempotencyKey);
    w.create.calls[1]?.reject(new Error('No se pudo guardar'));
    await settle();
    w.actor.send({ type: 'contact.change', field: 'nombreEmpresa', value: 'Otro negocio' });
    await submit(w);
    expect(w.create.calls[2]?.input.idempotencyKey).toBe(keyNow(w));
    expect(w.create.calls[2]?.input.idempotencyKey).not.toBe(w.create.calls[0]?.input.idempotencyKey);
    // Back to the first business (spaces and case aside): the first key again, so one lead.
    w.create.calls[2]?.reject(new Error('No se pudo guardar'));
    await settle();
    const first = w.create.calls[0]?.input.payload.nombreEmpresa ?? '';
    w.actor.send({ type: 'contact.change', field: 'nombreEmpresa', value: ` ${first.toUpperCase()} ` });
    await submit(w);
    expect(w.create.calls[3]?.input.idempotencyKey).toBe(w.create.calls[0]?.input.idempotencyKey);
  });

  it('runs the bot check first for fb campaigns and sends its token only with the create', async () => {
    const w = start({ needsBotCheck: true });
    fillContact(w);
    await submit(w);
    expect(w.steps().steps).toEqual({ contact: 'checkingBot' });
    expect(w.actor.getSnapshot().hasTag('busy')).toBe(true);
    w.bot.calls[0]?.reject(new Error('script blocked'));
    await settle();
    expect(w.steps().steps).toEqual({ contact: { failed: 'botCheck' } });
    expect(w.log).toHaveBeenCalledWith(BOT_CHECK_FAILED_MESSAGE);
    expect(w.create.calls).toHaveLength(0);

    w.actor.send({ type: 'retry' });
    w.bot.calls[1]?.resolve('token-123');
    await settle();
    expect(w.create.calls[0]?.input.payload.recaptchaToken).toBe('token-123');
    w.create.calls[0]?.resolve(LEAD);
    await settle();
    expect(w.actor.getSnapshot().context.recaptchaToken).toBeNull();
    w.actor.send({ type: 'situation.select', value: 'otros' });
    expect(w.update.calls[0]?.input.payload).not.toHaveProperty('recaptchaToken');
  });
});

describe('lead wizard: the messages next to the fields of step 1', () => {
  const errors = (w: Wizard) => w.actor.getSnapshot().context.contactErrors;
  const judging = (w: Wizard) => w.actor.getSnapshot().matches({ fieldMessages: 'judging' });
  const blur = (w: Wizard, field: ContactField) => w.actor.send({ type: 'contact.blur', field });
  const change = (w: Wizard, field: ContactField, value: string) =>
    w.actor.send({ type: 'contact.change', field, value });

  it('a field left empty gets its message on blur, only that field, and loses it once corrected', async () => {
    const w = start();
    change(w, 'nombreEmpresa', 'Kiosco');
    expect(judging(w)).toBe(false);
    blur(w, 'nombre');
    expect(judging(w)).toBe(true);
    await settle();
    // The untouched, empty surname says nothing yet: only the field the visitor left.
    expect(errors(w)).toEqual({ nombre: 'Ingresa tu nombre.' });
    change(w, 'nombre', 'A');
    // The message stays until the rules answer, so a field still wrong never blinks.
    expect(errors(w)).toEqual({ nombre: 'Ingresa tu nombre.' });
    await settle();
    expect(errors(w)).toEqual({});
    expect(w.steps().steps).toEqual({ contact: 'editing' });
  });

  it('a field that turns wrong after it was left gets its message while the visitor types', async () => {
    const w = start();
    change(w, 'email', 'ana@example.com');
    blur(w, 'email');
    await settle();
    expect(errors(w)).toEqual({});
    change(w, 'email', 'ana@');
    await settle();
    expect(errors(w).email).toBe(contactErrors({ ...w.actor.getSnapshot().context }).email);
    expect(errors(w).email).toMatch(/El e-mail no es válido/);
  });

  it('a value the machine refuses keeps the previous one and says why', async () => {
    const w = start({ country: 'CL' });
    change(w, 'pais', '');
    expect(w.actor.getSnapshot().context.pais).toBe('CL');
    await settle();
    expect(errors(w)).toEqual({ pais: 'Elige tu país.' });
    // Choosing a country from the list is kept, and the message goes.
    change(w, 'pais', 'PE');
    await settle();
    expect(w.actor.getSnapshot().context).toMatchObject({ pais: 'PE', refusedValues: {}, contactErrors: {} });
  });

  it('shows only the latest verdict: an answer about older values is dropped', async () => {
    const judge = controlledActor<ContactErrors, JudgeContactInput>();
    const w = start({}, undefined, sharedSchema, judge.logic);
    blur(w, 'nombre');
    change(w, 'nombre', 'Ana');
    expect(judge.calls.map((c) => c.input.contact.nombre)).toEqual(['', 'Ana']);
    expect(judge.calls[0]?.aborted()).toBe(true);
    judge.calls[0]?.resolve({ nombre: 'Ingresa tu nombre.' });
    judge.calls[1]?.resolve({ apellido: 'Ingresa tu apellido.' });
    await settle();
    // The surname was never left: its message is not shown.
    expect(errors(w)).toEqual({});
    expect(judging(w)).toBe(false);
  });

  it('after a submit every field is judged as the visitor types, even after a failed save', async () => {
    const w = start();
    fillContact(w);
    await submit(w);
    w.create.calls[0]?.reject(new Error('No se pudo guardar'));
    await settle();
    change(w, 'whatsapp', '11 2345-67AB');
    await settle();
    expect(errors(w).whatsapp).toBe(
      'El WhatsApp solo puede tener números, con el prefijo del país adelante.',
    );
  });

  it('when the rules cannot load, the messages stay as they were and typing goes on', async () => {
    const offline = fromPromise<ContactErrors, JudgeContactInput>(async () => {
      throw new Error('sin conexión');
    });
    const w = start({}, undefined, sharedSchema, offline);
    blur(w, 'nombre');
    await settle();
    expect(errors(w)).toEqual({});
    change(w, 'nombre', 'Ana');
    await settle();
    expect(w.actor.getSnapshot().context.nombre).toBe('Ana');
    expect(w.actor.getSnapshot().matches({ fieldMessages: 'idle' })).toBe(true);
  });

  it('ignores a blur of something that is not a contact field', () => {
    const w = start();
    w.actor.send({ type: 'contact.blur', field: 'clave' as ContactField });
    expect(judging(w)).toBe(false);
    expect(w.actor.getSnapshot().context.checkedFields).toEqual([]);
  });
});

describe('lead wizard: bot-check fallback', () => {
  it(`after ${BOT_CHECK_MAX_FAILURES} failed checks the create goes ahead without a token`, async () => {
    const w = start({ needsBotCheck: true });
    fillContact(w);
    await submit(w);
    for (let i = 0; i < BOT_CHECK_MAX_FAILURES; i++) {
      expect(w.steps().steps).toEqual({ contact: 'checkingBot' });
      w.bot.calls[i]?.reject(new Error('bloqueado'));
      await settle();
      expect(w.steps().steps).toEqual({ contact: { failed: 'botCheck' } });
      expect(w.create.calls).toHaveLength(0);
      if (i < BOT_CHECK_MAX_FAILURES - 1) w.actor.send({ type: 'retry' });
    }
    expect(w.actor.getSnapshot().context.botCheckFailures).toBe(BOT_CHECK_MAX_FAILURES);
    w.actor.send({ type: 'retry' });
    expect(w.bot.calls).toHaveLength(BOT_CHECK_MAX_FAILURES);
    expect(w.steps().steps).toEqual({ contact: 'creating' });
    expect(w.create.calls[0]?.input.payload).not.toHaveProperty('recaptchaToken');
    expect(w.create.calls[0]?.input.idempotencyKey).toBe(keyNow(w));
  });

  it('a check that passes starts the count again', async () => {
    const w = start({ needsBotCheck: true });
    fillContact(w);
    await submit(w);
    w.bot.calls[0]?.reject(new Error('bloqueado'));
    await settle();
    w.actor.send({ type: 'retry' });
    w.bot.calls[1]?.resolve('tok');
    await settle();
    expect(w.actor.getSnapshot().context.botCheckFailures).toBe(0);
    w.create.calls[0]?.reject(new Error('No se pudo guardar'));
    await settle();
    w.actor.send({ type: 'retry' });
    expect(w.steps().steps).toEqual({ contact: 'checkingBot' });
  });
});

describe('lead wizard: steps 2 to 5', () => {
  it('moves forward only after a choice; steps 3 and 4 go back; step 2 does not', async () => {
    const w = await createdWizard();
    const can = (type: 'step.next' | 'step.back') => w.actor.getSnapshot().can({ type });
    expect(can('step.next')).toBe(false);
    expect(can('step.back')).toBe(false);
    w.actor.send({ type: 'situation.select', value: 'buscar_mas_clientes' });
    w.actor.send({ type: 'step.next' });
    expect(w.steps().steps).toBe('category');
    expect(can('step.next')).toBe(false);
    expect(can('step.back')).toBe(true);
    w.actor.send({ type: 'category.select', value: 'gastronomico' });
    w.actor.send({ type: 'step.next' });
    expect(w.steps().steps).toBe('sector');
    expect(can('step.next')).toBe(false);
    w.actor.send({ type: 'step.back' });
    expect(w.steps().steps).toBe('category');
  });

  it('clears the sector when the category changes, not when the same one is chosen again', async () => {
    const w = await createdWizard();
    w.actor.send({ type: 'situation.select', value: 'otros' });
    w.actor.send({ type: 'step.next' });
    w.actor.send({ type: 'category.select', value: 'gastronomico' });
    w.actor.send({ type: 'step.next' });
    w.actor.send({ type: 'sector.select', value: 'tecnologia' });
    expect(w.actor.getSnapshot().context.sector).toBeNull();
    w.actor.send({ type: 'sector.select', value: 'pizzeria' });
    w.actor.send({ type: 'step.back' });
    w.actor.send({ type: 'category.select', value: 'gastronomico' });
    expect(w.actor.getSnapshot().context.sector).toBe('pizzeria');
    w.actor.send({ type: 'category.select', value: 'productos' });
    expect(w.actor.getSnapshot().context).toMatchObject({ rubro: 'productos', sector: null });
  });

  it('sends every change as an update with the latest data, one at a time', async () => {
    const w = await createdWizard();
    w.actor.send({ type: 'situation.select', value: 'otros' });
    expect(w.steps().sync).toEqual(SENDING);
    expect(w.update.calls[0]?.input).toEqual({
      payload: {
        id: 'lead-1',
        ...baseBody,
        infoEmpresa: '{"situacionActual":"otros","visitoDemo":false}',
      },
    });
    w.actor.send({ type: 'step.next' });
    w.actor.send({ type: 'category.select', value: 'productos' });
    w.actor.send({ type: 'category.select', value: 'gastronomico' });
    expect(w.update.calls).toHaveLength(1);
    w.update.calls[0]?.resolve(LEAD);
    await settle();
    // Only the latest data goes out next.
    expect(w.update.calls).toHaveLength(2);
    expect(w.update.calls[1]?.input.payload.infoEmpresa).toBe(
      '{"situacionActual":"otros","rubro":"gastronomico","visitoDemo":false}',
    );
    w.update.calls[1]?.resolve(LEAD);
    await settle();
    expect(w.steps().sync).toBe('synced');
  });

  it('retries a failed update with a growing wait without blocking the steps, and reports a stall', async () => {
    const w = await createdWizard();
    w.actor.send({ type: 'situation.select', value: 'otros' });
    w.update.calls[0]?.reject(new Error('No se pudo actualizar'));
    await settle();
    expect(w.steps().sync).toEqual(WAITING);
    expect(w.log).toHaveBeenLastCalledWith(MAINTENANCE_MESSAGE);
    // The visitor keeps moving.
    w.actor.send({ type: 'step.next' });
    expect(w.steps().steps).toBe('category');

    w.clock.increment(999);
    expect(w.update.calls).toHaveLength(1);
    w.clock.increment(1);
    expect(w.update.calls).toHaveLength(2);
    w.update.calls[1]?.reject(new Error('No se pudo actualizar'));
    await settle();
    w.clock.increment(1999);
    expect(w.update.calls).toHaveLength(2);
    w.clock.increment(1);
    expect(w.update.calls).toHaveLength(3);
    w.update.calls[2]?.reject(new Error('No se pudo actualizar'));
    await settle();
    expect(w.actor.getSnapshot().context.updateFailures).toBe(LEAD_UPDATE_FAILURES_BEFORE_WARNING);
    expect(w.steps().sync).toEqual(WAITING_WARNED);
    expect(w.actor.getSnapshot().hasTag('saveFailed')).toBe(true);

    // Still retrying, with the latest data.
    w.actor.send({ type: 'category.select', value: 'productos' });
    w.clock.increment(4000);
    expect(w.update.calls).toHaveLength(4);
    expect(w.update.calls[3]?.input.payload.infoEmpresa).toContain('productos');
    expect(w.actor.getSnapshot().hasTag('saveFailed')).toBe(true);
    w.update.calls[3]?.resolve(LEAD);
    await settle();
    expect(w.steps().sync).toBe('synced');
    expect(w.actor.getSnapshot().context.updateFailures).toBe(0);
  });

  it('a save that gets through clears the count of failures, though newer changes are still going out', async () => {
    const w = await createdWizard();
    w.actor.send({ type: 'situation.select', value: 'otros' });
    for (const [i, wait] of [1000, 2000].entries()) {
      w.update.calls[i]?.reject(new Error('No se pudo actualizar'));
      await settle();
      w.clock.increment(wait);
    }
    expect(w.actor.getSnapshot().context.updateFailures).toBe(2);
    // The third try is on its way when the visitor changes something else.
    w.actor.send({ type: 'step.next' });
    w.actor.send({ type: 'category.select', value: 'productos' });
    w.update.calls[2]?.resolve(LEAD);
    await settle();
    expect(w.update.calls).toHaveLength(4);
    expect(w.actor.getSnapshot().context.updateFailures).toBe(0);
    // A new failure waits the first delay again, not the fourth.
    w.update.calls[3]?.reject(new Error('No se pudo actualizar'));
    await settle();
    w.clock.increment(1000);
    expect(w.update.calls).toHaveLength(5);
  });

  it('a create that answers without a usable id is a failed save, never step 2', async () => {
    for (const answer of [undefined, { estado: 'nuevo' }, { id: 42, estado: 'nuevo' }]) {
      const w = start();
      fillContact(w);
      await submit(w);
      w.create.calls[0]?.resolve(answer as unknown as ProspectCreated);
      await settle();
      expect(w.actor.getSnapshot().status, JSON.stringify(answer)).toBe('active');
      expect(w.actor.getSnapshot().hasTag('step.contact'), JSON.stringify(answer)).toBe(true);
      expect(w.actor.getSnapshot().context.leadId).toBeNull();
    }
  });

  it('after a failed save, a value step 1 does not keep is not kept either', async () => {
    const w = start();
    fillContact(w);
    await submit(w);
    w.create.calls[0]?.reject(new SaveError('unavailable', 'Sin conexión'));
    await settle();
    expect(w.actor.getSnapshot().hasTag('failure.create')).toBe(true);
    w.actor.send({
      type: 'contact.change',
      field: 'nombre',
      value: 'A'.repeat(CONTACT_FIELD_MAX_LENGTH.nombre + 1),
    });
    expect(w.actor.getSnapshot().context.nombre).toBe('Ana');
  });

  it("asks the bot check for the token of the 'registro' action", async () => {
    const w = start({ needsBotCheck: true });
    fillContact(w);
    await submit(w);
    expect(w.bot.calls[0]?.input).toEqual({ action: 'registro' });
  });

  it("'sync.flush' retries a waiting update at once", async () => {
    const w = await createdWizard();
    w.actor.send({ type: 'situation.select', value: 'otros' });
    w.update.calls[0]?.reject(new Error('offline'));
    await settle();
    w.actor.send({ type: 'sync.flush' });
    expect(w.update.calls).toHaveLength(2);
  });

  it('thanks: the demo for the sector when promotion mode is off; following it sends visitoDemo once', async () => {
    const w = await createdWizard();
    w.actor.send({ type: 'situation.select', value: 'otros' });
    w.actor.send({ type: 'step.next' });
    w.actor.send({ type: 'category.select', value: 'almacen_minimercados' });
    w.actor.send({ type: 'step.next' });
    w.actor.send({ type: 'sector.select', value: 'almacen' });
    w.actor.send({ type: 'step.next' });
    expect(w.steps().steps).toEqual({ thanks: { demo: 'offered' } });
    w.update.calls.forEach((c) => c.resolve(LEAD));
    await settle();
    w.update.calls.forEach((c) => c.resolve(LEAD));
    await settle();
    const before = w.update.calls.length;
    w.actor.send({ type: 'demo.visit' });
    w.actor.send({ type: 'demo.visit' });
    expect(w.steps().steps).toEqual({ thanks: { demo: 'visited' } });
    expect(w.update.calls).toHaveLength(before + 1);
    expect(JSON.parse(w.update.calls.at(-1)?.input.payload.infoEmpresa ?? '{}')).toEqual({
      situacionActual: 'otros',
      rubro: 'almacen_minimercados',
      sector: 'almacen',
      visitoDemo: true,
    });
  });

  it.each([true, false])(
    "step 4's 'Siguiente' without a sector stays on step 4 (promotion mode: %s): the thanks step needs a sector",
    async (promotionMode) => {
      const w = await createdWizard({ promotionMode });
      w.actor.send({ type: 'situation.select', value: 'otros' });
      w.actor.send({ type: 'step.next' });
      w.actor.send({ type: 'category.select', value: 'productos' });
      w.actor.send({ type: 'step.next' });
      expect(w.steps().steps).toBe('sector');
      expect(w.actor.getSnapshot().can({ type: 'step.next' })).toBe(false);
      w.actor.send({ type: 'step.next' });
      expect(w.steps().steps).toBe('sector');
      expect(w.openTrial).not.toHaveBeenCalled();
    },
  );

  it('thanks: the trial offer in promotion mode', async () => {
    const w = await createdWizard({ promotionMode: true });
    w.actor.send({ type: 'situation.select', value: 'otros' });
    w.actor.send({ type: 'step.next' });
    w.actor.send({ type: 'category.select', value: 'productos' });
    w.actor.send({ type: 'step.next' });
    w.actor.send({ type: 'sector.select', value: 'calzados' });
    w.actor.send({ type: 'step.next' });
    expect(w.steps().steps).toEqual({ thanks: 'trial' });
    expect(w.actor.getSnapshot().can({ type: 'demo.visit' })).toBe(false);
    w.actor.send({ type: 'trial.start' });
    expect(w.openTrial).toHaveBeenCalledTimes(1);
  });
});

describe("lead wizard: 'Registrar otro negocio'", () => {
  async function finished(input: Partial<LeadWizardInput> = {}) {
    const w = await createdWizard({ codigoReferido: 'AMIGO25', ...input });
    w.actor.send({ type: 'situation.select', value: 'otros' });
    w.actor.send({ type: 'step.next' });
    w.actor.send({ type: 'category.select', value: 'productos' });
    w.actor.send({ type: 'step.next' });
    w.actor.send({ type: 'sector.select', value: 'calzados' });
    w.actor.send({ type: 'step.next' });
    return w;
  }
  const restart = { type: 'wizard.restart', idempotencyKey: 'nueva-clave-2' } as const;

  it('is possible only once the finished lead has every change', async () => {
    const w = await finished();
    expect(w.steps().steps).toEqual({ thanks: { demo: 'offered' } });
    expect(w.actor.getSnapshot().can(restart)).toBe(false);
    w.update.calls[0]?.resolve(LEAD);
    await settle();
    w.update.calls[1]?.resolve(LEAD);
    await settle();
    expect(w.steps().sync).toBe('synced');
    expect(w.actor.getSnapshot().can(restart)).toBe(true);
  });

  it('starts a fresh wizard with the new key and the campaign data, leaving the finished lead alone', async () => {
    const w = await finished({ tracking: { utmSource: 'ig' } });
    w.update.calls.forEach((c) => c.resolve(LEAD));
    await settle();
    w.update.calls.forEach((c) => c.resolve(LEAD));
    await settle();
    const updatesBefore = w.update.calls.length;
    w.actor.send(restart);
    expect(w.steps()).toEqual({ steps: { contact: 'editing' }, sync: 'waitingForLead' });
    expect(w.actor.getSnapshot().context).toMatchObject({
      nombreEmpresa: '',
      nombre: '',
      pais: 'AR',
      situacionActual: null,
      rubro: null,
      sector: null,
      leadId: null,
      idempotencyKey: 'nueva-clave-2',
      codigoReferido: 'AMIGO25',
      tracking: { utmSource: 'ig' },
    });
    fillContact(w);
    w.actor.send({ type: 'contact.change', field: 'nombreEmpresa', value: 'Segundo negocio' });
    await submit(w);
    expect(w.create.calls).toHaveLength(2);
    expect(w.create.calls[1]?.input.idempotencyKey).toBe(keyNow(w, 'nueva-clave-2'));
    expect(w.create.calls[1]?.input.payload.nombreEmpresa).toBe('Segundo negocio');
    w.create.calls[1]?.resolve({ id: 'lead-2', estado: 'nuevo' });
    await settle();
    w.actor.send({ type: 'situation.select', value: 'otros' });
    expect(w.update.calls).toHaveLength(updatesBefore + 1);
    expect(w.update.calls.at(-1)?.input.payload.id).toBe('lead-2');
  });

  it('comes back at the thanks step after a reload, still offering it', async () => {
    const w = await finished();
    w.update.calls.forEach((c) => c.resolve(LEAD));
    await settle();
    w.update.calls.forEach((c) => c.resolve(LEAD));
    await settle();
    const again = start({}, restoreLeadWizardSnapshot(JSON.stringify(w.actor.getPersistedSnapshot())));
    expect(again.steps()).toEqual({ steps: { thanks: { demo: 'offered' } }, sync: 'synced' });
    expect(again.actor.getSnapshot().can(restart)).toBe(true);
  });
});

describe('lead wizard: persistence', () => {
  async function atCategory() {
    const w = await createdWizard({ codigoReferido: 'AMIGO25' });
    w.actor.send({ type: 'situation.select', value: 'facilitar_gestion' });
    w.update.calls[0]?.resolve(LEAD);
    await settle();
    w.actor.send({ type: 'step.next' });
    return w;
  }

  it('resumes a refused, rate-limited or undownloaded save as editing, every value kept', async () => {
    for (const error of [
      new SaveError('rateLimited', 'x', { retryAfterSeconds: 30 }),
      new SaveError('refused', 'x', { refused: [refusedField('WhatsApp', 'No es válido.')] }),
      new SaveError('download', 'x'),
    ]) {
      const w = start();
      fillContact(w);
      await submit(w);
      w.create.calls[0]?.reject(error);
      await settle();
      const again = start({}, restoreLeadWizardSnapshot(JSON.stringify(w.actor.getPersistedSnapshot())));
      expect(again.steps()).toEqual({ steps: { contact: 'editing' }, sync: 'waitingForLead' });
      expect(again.actor.getSnapshot().context).toMatchObject({
        nombreEmpresa: ' Pizzería Don Pepe ',
        whatsapp: '11 2345-6789',
        idempotencyKey: KEY,
        saveFailure: null,
      });
    }
  });

  it('resumes at the same step with the same lead id and creates nothing', async () => {
    const w = await atCategory();
    const stored = JSON.stringify(w.actor.getPersistedSnapshot());
    w.actor.stop();
    const restored = restoreLeadWizardSnapshot(stored);
    expect(restored).toBeDefined();
    const again = start({ idempotencyKey: 'another-key' }, restored);
    expect(again.steps()).toEqual({ steps: 'category', sync: 'synced' });
    expect(again.actor.getSnapshot().context).toMatchObject({
      leadId: 'lead-1',
      situacionActual: 'facilitar_gestion',
      idempotencyKey: KEY,
      codigoReferido: 'AMIGO25',
    });
    expect(again.create.calls).toHaveLength(0);
    again.actor.send({ type: 'category.select', value: 'productos' });
    expect(again.update.calls[0]?.input.payload).toMatchObject({ id: 'lead-1' });
  });

  it('resends data that was not on the server yet when flushed after the restore', async () => {
    const w = await atCategory();
    w.actor.send({ type: 'category.select', value: 'productos' });
    expect(w.steps().sync).toEqual(SENDING);
    const restored = restoreLeadWizardSnapshot(w.actor.getPersistedSnapshot());
    w.actor.stop();
    const again = start({}, restored);
    expect(again.steps()).toEqual({ steps: 'category', sync: WAITING });
    again.actor.send({ type: 'sync.flush' });
    expect(again.update.calls[0]?.input.payload.infoEmpresa).toContain('productos');
  });

  it('resumes a check of the fields as editing: nothing had been sent', () => {
    const w = start();
    fillContact(w);
    w.actor.send({ type: 'contact.submit' });
    expect(w.steps().steps).toEqual({ contact: 'validating' });
    const restored = restoreLeadWizardSnapshot(JSON.parse(JSON.stringify(w.actor.getPersistedSnapshot())));
    w.actor.stop();
    const again = start({}, restored);
    expect(again.steps()).toEqual({ steps: { contact: 'editing' }, sync: 'waitingForLead' });
    expect(again.actor.getSnapshot().context).toMatchObject({ nombre: 'Ana', unsentChanges: false });
    expect(again.create.calls).toHaveLength(0);
  });

  it('resumes an interrupted create on the contact step, keeping the values and the key', async () => {
    const w = start();
    fillContact(w);
    await submit(w);
    const stored = JSON.parse(JSON.stringify(w.actor.getPersistedSnapshot())) as unknown;
    const copy = JSON.stringify(stored);
    const restored = restoreLeadWizardSnapshot(stored);
    // The restore is pure: the stored value is left as it was.
    expect(JSON.stringify(stored)).toBe(copy);
    expect((restored as unknown as { context: { unsentChanges: boolean } }).context.unsentChanges).toBe(true);
    w.actor.stop();
    const again = start({ idempotencyKey: 'new' }, restored);
    expect(again.steps()).toEqual({ steps: { contact: 'editing' }, sync: 'waitingForLead' });
    await submit(again);
    // The stored seed, not the new page's: the same data sends the key of the lost attempt.
    expect(again.create.calls[0]?.input.idempotencyKey).toBe(w.create.calls[0]?.input.idempotencyKey);
    expect(again.create.calls[0]?.input.idempotencyKey).toBe(keyNow(again));
    expect(again.create.calls[0]?.input.payload.nombre).toBe('Ana');
  });

  it('is worth storing once something was typed, a request or failure is under way, or the lead exists', async () => {
    const w = start({ country: 'AR' });
    expect(isWorthResuming(w.actor.getSnapshot())).toBe(false);
    w.actor.send({ type: 'contact.change', field: 'nombre', value: 'A' });
    expect(isWorthResuming(w.actor.getSnapshot())).toBe(true);
    w.actor.send({ type: 'contact.change', field: 'nombre', value: '' });
    expect(isWorthResuming(w.actor.getSnapshot())).toBe(false);
    expect(isWorthResuming((await atCategory()).actor.getSnapshot())).toBe(true);
  });

  it('refuses stored values it cannot trust', async () => {
    const w = await atCategory();
    const good = JSON.parse(JSON.stringify(w.actor.getPersistedSnapshot())) as Record<string, unknown>;
    const context = good.context as Record<string, unknown>;
    const variants: unknown[] = [
      undefined,
      null,
      '',
      '{',
      'x'.repeat(30000),
      42,
      [],
      { ...good, status: 'done' },
      { ...good, value: { steps: 'nowhere', sync: 'synced' } },
      { ...good, value: { steps: 'thanks', sync: 'synced' } },
      { ...good, context: { ...context, leadId: null } },
      { ...good, context: { ...context, leadId: '<script>' } },
      { ...good, context: { ...context, rubro: 'gastronomico', sector: 'tecnologia' } },
      { ...good, context: { ...context, situacionActual: 'hacker' } },
      { ...good, context: { ...context, nombre: 'x'.repeat(500) } },
      { ...good, context: { ...context, pais: 'XX' } },
      { ...good, context: { ...context, tracking: { utmSource: 5 } } },
      { ...good, context: { ...context, idempotencyKey: '' } },
      { ...good, context: { ...context, promotionMode: 'yes' } },
      { ...good, context: { ...context, botCheckFailures: 3 } },
      { ...good, context: { ...context, idempotencyKey: 'con espacios' } },
    ];
    for (const variant of variants)
      expect(restoreLeadWizardSnapshot(variant), JSON.stringify(variant)?.slice(0, 80)).toBeUndefined();
    expect(restoreLeadWizardSnapshot(good)).toBeDefined();
  });
});

describe('lead body and retry policy', () => {
  const draft: LeadDraft = {
    nombreEmpresa: ' Kiosco ',
    nombre: ' Ana ',
    apellido: 'Gómez',
    pais: 'UY',
    whatsapp: '(099) 123-456',
    email: '   ',
    situacionActual: null,
    rubro: 'productos',
    sector: 'indumentaria',
    visitoDemo: false,
    codigoReferido: null,
    tracking: { utmTerm: 'zapatos', fbclid: '  ' },
  };

  it('builds the create body: trimmed, prefixed number, infoEmpresa JSON, no empty optional field', () => {
    expect(buildProspectInput(draft, 'tok')).toEqual({
      nombreEmpresa: 'Kiosco',
      nombre: 'Ana',
      apellido: 'Gómez',
      pais: { codigo: 'UY', nombre: 'Uruguay', prefijo: '+598' },
      whatsapp: '+598099123456',
      infoEmpresa: '{"rubro":"productos","sector":"indumentaria","visitoDemo":false}',
      utmTerm: 'zapatos',
      recaptchaToken: 'tok',
    });
    expect(buildProspectUpdate(draft, 'id-9')).not.toHaveProperty('recaptchaToken');
    expect(buildProspectUpdate(draft, 'id-9').id).toBe('id-9');
  });

  it('puts the prefix in front of the digits only (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('AR', 'CL', 'CO', 'MX', 'PA', 'PE', 'UY' as const),
        fc.string(),
        (pais, typed) => {
          const out = whatsappWithPrefix(pais, typed);
          expect(out).toMatch(/^\+\d+$/);
          expect(out.endsWith(typed.replace(/\D/g, ''))).toBe(true);
        },
      ),
    );
  });

  it('needs the five required fields', () => {
    expect(isContactComplete(draft)).toBe(true);
    expect(isContactComplete({ ...draft, pais: null })).toBe(false);
    expect(isContactComplete({ ...draft, whatsapp: ' - ' })).toBe(false);
  });

  it('waits 1, 2, 4, 8, 16 then 30 seconds at most', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map(leadUpdateRetryDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(leadUpdateRetryDelayMs(0)).toBe(1000);
    expect(Math.max(...Array.from({ length: 100 }, (_, i) => leadUpdateRetryDelayMs(i)))).toBe(
      LEAD_UPDATE_RETRY_MAX_MS,
    );
  });
});
