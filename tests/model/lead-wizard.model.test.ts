import { describe, it } from 'vitest';
import type { EventObject } from 'xstate';
import { LEAD_UPDATE_FAILURES_BEFORE_WARNING } from '../../src/domain/lead-sync';
import type { ProspectInput } from '../../src/domain/prospect';
import {
  LEAD_MAINTENANCE_MESSAGE,
  leadWizardMachine,
  type LeadWizardContext,
  type LeadWizardInput,
} from '../../src/machines/lead-wizard.machine';
import {
  Coverage,
  expectFullCoverage,
  ok,
  report,
  runModel,
  same,
  type ModelRunResult,
  type StepContext,
} from './support/model-harness';

type Snapshot = Parameters<NonNullable<Parameters<typeof runModel>[0]['check']>>[0]['model'];
type Ctx = LeadWizardContext;

// ---------------------------------------------------------------------------------------------
// What the visitor types, and the body the API must receive for it (written out independently of
// src/domain/lead-payload.ts, so that a change there is caught here).

const TYPED = {
  nombreEmpresa: '  Pizzería Don Pepe ',
  nombre: 'Ana',
  apellido: 'Gómez',
  pais: 'CL',
  whatsapp: '11 2345-6789',
  email: ' ana@example.com ',
} as const;
const CONTACT_ORDER = ['nombreEmpresa', 'nombre', 'apellido', 'pais', 'whatsapp', 'email'] as const;
const EDITED_NAME = 'Ana María';
const TRACKING = { urlQueryString: 'utm_source=fb&utm_campaign=promo', utmSource: 'fb', utmCampaign: 'promo' };
const KEY = '7d0f4a57-3c1e-4f7a-9a51-2f5b0c8f1e11';
const LEAD = { id: 'lead-42', estado: 'nuevo' };
const TOKEN = 'bot-token-1';

function expectedBody(ctx: Ctx): ProspectInput {
  const body: Record<string, unknown> = {
    nombreEmpresa: 'Pizzería Don Pepe',
    nombre: ctx.nombre.trim(),
    apellido: 'Gómez',
    pais: { codigo: 'CL', nombre: 'Chile', prefijo: '+56' },
    whatsapp: '+561123456789',
    infoEmpresa: JSON.stringify({
      ...(ctx.situacionActual ? { situacionActual: ctx.situacionActual } : {}),
      ...(ctx.rubro ? { rubro: ctx.rubro } : {}),
      ...(ctx.sector ? { sector: ctx.sector } : {}),
      visitoDemo: ctx.visitoDemo,
    }),
    ...TRACKING,
  };
  if (ctx.email !== '') body.email = 'ana@example.com';
  body.codigoReferido = 'AMIGO25';
  return body as unknown as ProspectInput;
}

// ---------------------------------------------------------------------------------------------
// Events offered by the model, by state

const ev = (type: string, extra: Record<string, unknown> = {}) => ({ type, ...extra }) as EventObject;

/** The next contact field still empty, filled with what the visitor types. */
function nextContactChange(ctx: Ctx): EventObject[] {
  const field = CONTACT_ORDER.find((f) => (f === 'pais' ? ctx.pais !== 'CL' : ctx[f] === ''));
  return field ? [ev('contact.change', { field, value: TYPED[field] })] : [];
}

const createOutcomes = [
  ev('xstate.done.actor.createLead', { output: LEAD }),
  ev('xstate.done.actor.createLead', { output: { id: '', estado: '' } }),
  ev('xstate.error.actor.createLead', { error: new Error('No se pudo guardar') }),
];
const botOutcomes = [
  ev('xstate.done.actor.getBotToken', { output: TOKEN }),
  ev('xstate.error.actor.getBotToken', { error: new Error('script') }),
];
const updateOutcomes = [
  ev('xstate.done.actor.updateLead', { output: LEAD }),
  ev('xstate.error.actor.updateLead', { error: new Error('No se pudo actualizar') }),
  ev('xstate.done.actor.retryUpdateLead', { output: LEAD }),
  ev('xstate.error.actor.retryUpdateLead', { error: new Error('No se pudo actualizar') }),
];

function contactEvents(snapshot: Snapshot, ctx: Ctx, rich: boolean): EventObject[] {
  const out = [...nextContactChange(ctx), ev('contact.submit')];
  if (rich) {
    out.push(ev('contact.submit', { valid: false }), ev('contact.change', { field: 'pais', value: 'XX' }));
  }
  if (snapshot.matches({ steps: { contact: 'createFailed' } }) || snapshot.matches({ steps: { contact: 'botCheckFailed' } })) {
    out.push(ev('retry'));
    if (rich && ctx.nombre !== EDITED_NAME) out.push(ev('contact.change', { field: 'nombre', value: EDITED_NAME }));
  }
  return [...out, ...createOutcomes, ...botOutcomes];
}

const stepEvents = [
  ev('situation.select', { value: 'facilitar_gestion' }),
  ev('category.select', { value: 'gastronomico' }),
  ev('category.select', { value: 'productos' }),
  ev('sector.select', { value: 'pizzeria' }),
  ev('sector.select', { value: 'tecnologia' }),
  ev('step.next'),
  ev('step.back'),
  ev('demo.visit'),
  ev('trial.start'),
];

/** Steps model: the sync region settles (one outcome) before the visitor moves on. */
function stepsModelEvents(rich: boolean) {
  return (snapshot: Snapshot): EventObject[] => {
    const ctx = snapshot.context as Ctx;
    if (snapshot.matches({ sync: 'pending' }) || snapshot.matches({ sync: 'failing' })) {
      return [ev('xstate.done.actor.updateLead', { output: LEAD }), ev('xstate.done.actor.retryUpdateLead', { output: LEAD })];
    }
    if (snapshot.matches({ steps: 'contact' })) return contactEvents(snapshot, ctx, rich);
    const events = rich
      ? [...stepEvents, ev('situation.select', { value: 'buscar_mas_clientes' }), ev('sector.select', { value: 'almacen' })]
      : stepEvents;
    // One update failure per path keeps the retry of the steps model visible without its loops.
    return events;
  };
}

/** Sync model: the contact step goes straight through; the visitor keeps changing the situation. */
function syncModelEvents(snapshot: Snapshot): EventObject[] {
  const ctx = snapshot.context as Ctx;
  if (snapshot.matches({ steps: 'contact' })) {
    const next = nextContactChange(ctx);
    return next.length > 0 ? next : [ev('contact.submit'), createOutcomes[0] as EventObject, botOutcomes[0] as EventObject];
  }
  return [
    ev('situation.select', { value: ctx.situacionActual === 'otros' ? 'facilitar_gestion' : 'otros' }),
    ...updateOutcomes,
    ev('sync.flush'),
  ];
}

// ---------------------------------------------------------------------------------------------
// Assertions at every step

function check(input: LeadWizardInput) {
  return ({ real, before, event, calls, effects }: StepContext) => {
    const ctx = real.context as Ctx;
    const inSteps = (value: unknown) => real.matches({ steps: value } as never);
    const inSync = (value: unknown) => real.matches({ sync: value } as never);
    const creates = calls.filter((c) => c.src === 'createLead');
    const pendingCreates = creates.filter((c) => !c.settled);

    // Never two creates in flight, never a create once the lead exists, always the same key.
    ok(pendingCreates.length <= 1, 'two creates in flight');
    for (const c of creates) same((c.input as { idempotencyKey: string }).idempotencyKey, KEY, 'idempotency key');
    if (ctx.leadId !== null) {
      ok(pendingCreates.length === 0, 'a create in flight after the lead exists');
      ok(!inSteps('contact'), 'back on the contact step with a lead');
    }

    // The create carries exactly what was typed, normalised, with the token for fb campaigns.
    if (inSteps({ contact: 'creating' })) {
      const body = { ...expectedBody(ctx), ...(input.needsBotCheck ? { recaptchaToken: TOKEN } : {}) };
      same(creates.at(-1)?.input, { payload: body, idempotencyKey: KEY }, 'create input');
    }
    if (inSteps({ contact: 'createFailed' })) {
      ok(ctx.nombreEmpresa === TYPED.nombreEmpresa && ctx.whatsapp === TYPED.whatsapp, 'values lost after a failure');
      same(
        effects.filter((e) => e.action === 'logLeadError').at(-1)?.params,
        { message: LEAD_MAINTENANCE_MESSAGE },
        'maintenance message',
      );
    }
    ok(
      real.hasTag('busy') === (inSteps({ contact: 'creating' }) || inSteps({ contact: 'checkingBot' })),
      'busy tag',
    );

    // One update in flight while saving, carrying the latest data and the id, never a token.
    const savingNow = inSync({ pending: 'saving' }) || inSync({ failing: 'saving' });
    const pendingUpdates = calls.filter((c) => c.src === 'updateLead' && !c.settled);
    ok(pendingUpdates.length === (savingNow ? 1 : 0), `${pendingUpdates.length} updates in flight`);
    if (savingNow && !ctx.unsentChanges) {
      same(pendingUpdates[0]?.input, { payload: { id: LEAD.id, ...expectedBody(ctx) } }, 'update input');
    }

    // Changing the category clears the sector.
    const prev = before?.context as Ctx | undefined;
    if (event.type === 'category.select' && prev && prev.rubro !== ctx.rubro) {
      ok(ctx.sector === null, 'the sector survived a category change');
    }
    if (ctx.sector !== null) ok(ctx.rubro !== null, 'a sector without a category');

    // Thanks: the trial in promotion mode, else the demo; following the demo sets visitoDemo.
    if (inSteps('thanks')) {
      ok(inSteps({ thanks: 'trial' }) === (input.promotionMode === true), 'trial vs demo');
      ok(ctx.visitoDemo === inSteps({ thanks: { demo: 'visited' } }), 'visitoDemo');
    }
    if (event.type === 'trial.start') same(effects.at(-1), { action: 'openTrialSignup', params: undefined }, 'trial');

    // What the thanks step reads about saving.
    ok(real.hasTag('saveFailed') === inSync('failing'), 'saveFailed tag');
    if (inSync('failing')) ok(ctx.updateFailures >= LEAD_UPDATE_FAILURES_BEFORE_WARNING, 'failing too early');
    if (real.hasTag('saved')) ok(!ctx.unsentChanges, 'saved with unsent changes');
  };
}

const baseInput: LeadWizardInput = {
  idempotencyKey: KEY,
  codigoReferido: ' AMIGO25 ',
  tracking: TRACKING,
  country: null,
};

const stepsInputs: LeadWizardInput[] = [
  { ...baseInput, promotionMode: false, needsBotCheck: false },
  { ...baseInput, promotionMode: true, needsBotCheck: true },
];

describe('lead wizard machine: model paths', () => {
  const coverage = new Coverage();
  const results: ModelRunResult[] = [];

  it.each(stepsInputs)('steps: runs every path for %o', async (input) => {
    results.push(
      await runModel(
        {
          name: 'lead-wizard steps',
          machine: leadWizardMachine,
          input,
          events: stepsModelEvents(true),
          simpleEvents: stepsModelEvents(false),
          check: check(input),
        },
        coverage,
      ),
    );
  });

  it('sync: runs every path', async () => {
    const input = { ...baseInput, promotionMode: false, needsBotCheck: false };
    results.push(
      await runModel(
        {
          name: 'lead-wizard sync',
          machine: leadWizardMachine,
          input,
          events: syncModelEvents,
          check: check(input),
        },
        coverage,
      ),
    );
  });

  it('reaches every state and transition', () => {
    report('lead-wizard', results, leadWizardMachine);
    expectFullCoverage(leadWizardMachine, coverage);
  });
});


