/**
 * The lead wizard's model: what the visitor types, the answers of the create, bot check and
 * update calls, and the events offered in each state, for the model test's two models (steps and
 * sync) and for the flow explorer (every sample at once, 'Registrar otro negocio' included).
 */
import type { EventObject } from 'xstate';
import type { LeadWizardContext, LeadWizardInput } from './lead-wizard.machine';
import { leadWizardMachine } from './lead-wizard.machine';
import { SaveError, refusedField } from '../../domain/save-failure';
import type { AnySnapshot, MachineModel } from '@tienda/flow-workbench/kit';

type Ctx = LeadWizardContext;

export const TYPED = {
  nombreEmpresa: '  Pizzería Don Pepe ',
  nombre: 'Ana',
  apellido: 'Gómez',
  pais: 'CL',
  whatsapp: '9 1234 5678',
  email: ' ana@example.com ',
} as const;
export const CONTACT_ORDER = ['nombreEmpresa', 'nombre', 'apellido', 'pais', 'whatsapp', 'email'] as const;
export const EDITED_NAME = 'Ana María';
export const TRACKING = {
  urlQueryString: 'utm_source=fb&utm_campaign=promo',
  utmSource: 'fb',
  utmCampaign: 'promo',
};
export const KEY = '7d0f4a57-3c1e-4f7a-9a51-2f5b0c8f1e11';
export const LEAD = { id: 'lead-42', estado: 'nuevo' };
export const TOKEN = 'bot-token-1';
/** The key of the wizard started by 'Registrar otro negocio'. */
export const RESTART_KEY = '0b3c9e2a-5d41-4a7e-8f10-6c2d4e8a9b77';

const ev = (type: string, extra: Record<string, unknown> = {}) => ({ type, ...extra }) as EventObject;

/** The next contact field still empty, filled with what the visitor types. */
function nextContactChange(ctx: Ctx): EventObject[] {
  const field = CONTACT_ORDER.find((f) => (f === 'pais' ? ctx.pais !== 'CL' : ctx[f] === ''));
  return field ? [ev('contact.change', { field, value: TYPED[field] })] : [];
}

/** The shared schema's answers on submit: every field accepted, the e-mail refused, not loaded. */
export const REFUSED_EMAIL = { email: 'Ingresa un e-mail válido.' };
const validateOutcomes = [
  ev('xstate.done.actor.validateContact', { output: {} }),
  ev('xstate.done.actor.validateContact', { output: REFUSED_EMAIL }),
  ev('xstate.error.actor.validateContact', { error: new Error('Sin conexión') }),
];
/** The rules' answers while the visitor fills step 1: nothing to correct, or not loaded. */
const judgeOutcomes = [
  ev('xstate.done.actor.judgeContact', { output: {} }),
  ev('xstate.error.actor.judgeContact', { error: new Error('Sin conexión') }),
];
const createOutcomes = [
  ev('xstate.done.actor.createLead', { output: LEAD }),
  ev('xstate.done.actor.createLead', { output: { id: '', estado: '' } }),
  ev('xstate.error.actor.createLead', { error: new Error('No se pudo guardar') }),
];
/** The create's answers that name a cause: a wait, a refused campaign field, a refused field, no code. */
export const RETRY_AFTER_SECONDS = 30;
export const REFUSED_CAMPAIGN = refusedField(
  'campaña (utm_campaign)',
  'El campo «campaña (utm_campaign)» tiene caracteres no válidos.',
);
export const REFUSED_WHATSAPP = refusedField('WhatsApp', 'El WhatsApp no es un número válido para Chile.');
const causeOutcomes = [
  ev('xstate.error.actor.createLead', {
    error: new SaveError('rateLimited', 'No se pudo guardar', { retryAfterSeconds: RETRY_AFTER_SECONDS }),
  }),
  ev('xstate.error.actor.createLead', {
    error: new SaveError('refused', 'No se pudo guardar', { refused: [REFUSED_CAMPAIGN] }),
  }),
  ev('xstate.error.actor.createLead', {
    error: new SaveError('refused', 'No se pudo guardar', { refused: [REFUSED_WHATSAPP] }),
  }),
  ev('xstate.error.actor.createLead', { error: new SaveError('download', 'No se pudo descargar') }),
];
const botOutcomes = [
  ev('xstate.done.actor.getBotToken', { output: TOKEN }),
  ev('xstate.error.actor.getBotToken', { error: new Error('No se pudo cargar la verificación') }),
];
const updateOutcomes = [
  ev('xstate.done.actor.updateLead', { output: LEAD }),
  ev('xstate.error.actor.updateLead', { error: new Error('No se pudo actualizar') }),
];
const restart = ev('wizard.restart', { idempotencyKey: RESTART_KEY });

function contactEvents(snapshot: AnySnapshot, ctx: Ctx, rich: boolean): EventObject[] {
  const out = [...nextContactChange(ctx), ev('contact.submit')];
  // Leaving a field, or a country not on the list, before anything was typed: once a field shows
  // its message every later change is judged, so offering them later only repeats that.
  if (rich && ctx.checkedFields.length === 0 && ctx.nombreEmpresa === '') {
    out.push(ev('contact.blur', { field: 'nombre' }), ev('contact.change', { field: 'pais', value: 'XX' }));
  }
  if (snapshot.matches({ steps: { contact: 'failed' } })) {
    out.push(ev('retry'));
    if (rich && ctx.nombre !== EDITED_NAME)
      out.push(ev('contact.change', { field: 'nombre', value: EDITED_NAME }));
  }
  return [
    ...out,
    ...(rich ? judgeOutcomes : judgeOutcomes.slice(0, 1)),
    ...(rich ? validateOutcomes : validateOutcomes.slice(0, 1)),
    ...createOutcomes,
    // One named cause per path (and none after another failure): each is a leaf of step 1, and
    // offering them everywhere multiplies the graph for no new transition.
    ...(rich && ctx.saveFailure === null && !ctx.unsentChanges && ctx.botCheckFailures === 0
      ? causeOutcomes
      : []),
    ...botOutcomes,
  ];
}

/** Straight through the contact step: every field, the submit, the check and the create pass. */
function straightContactEvents(ctx: Ctx): EventObject[] {
  const next = nextContactChange(ctx);
  return next.length > 0
    ? next
    : [
        ev('contact.submit'),
        validateOutcomes[0] as EventObject,
        createOutcomes[0] as EventObject,
        botOutcomes[0] as EventObject,
      ];
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

/**
 * Steps model: the sync region settles (the update succeeds) before the visitor moves on, so the
 * steps are explored without their interleavings with the background updates. `rich` adds the
 * contact step's refusals and edits (for the shortest paths). From the thanks step the visitor
 * may register another business once; that second wizard goes straight to its own new lead.
 */
export function stepsModelEvents(rich: boolean) {
  return (snapshot: AnySnapshot): EventObject[] => {
    const ctx = snapshot.context as Ctx;
    if (snapshot.matches({ sync: 'updating' })) return [ev('xstate.done.actor.updateLead', { output: LEAD })];
    // The rules answer before the visitor's next move, as on the page, where they are loaded by then.
    if (snapshot.matches({ fieldMessages: 'judging' }))
      return rich ? judgeOutcomes : judgeOutcomes.slice(0, 1);
    if (ctx.idempotencyKey !== KEY)
      return snapshot.matches({ steps: 'contact' }) ? straightContactEvents(ctx) : [];
    // A lead saved without the campaign field the API refused: reaching step 2 is the point; the
    // later steps are the same as with every field, and repeating them would double the graph.
    if (!('utmCampaign' in ctx.tracking) && !snapshot.matches({ steps: 'contact' })) return [];
    if (snapshot.matches({ steps: 'contact' })) return contactEvents(snapshot, ctx, rich);
    if (snapshot.matches({ steps: 'thanks' })) return [...stepEvents, restart];
    return stepEvents;
  };
}

/** Sync model: the contact step goes straight through; the visitor keeps changing the situation. */
export function syncModelEvents(snapshot: AnySnapshot): EventObject[] {
  const ctx = snapshot.context as Ctx;
  if (snapshot.matches({ steps: 'contact' })) return straightContactEvents(ctx);
  return [
    ev('situation.select', { value: ctx.situacionActual === 'otros' ? 'facilitar_gestion' : 'otros' }),
    ...updateOutcomes,
    ev('sync.flush'),
  ];
}

/**
 * An e-mail the prospect's rules refuse (no domain ending), offered beside the one the visitor
 * types, and the e-mail offered once the rules refused one: the explorer's way past the refusal.
 */
export const EMAIL_REFUSED_BY_RULES = 'ana@ejemplo';
export const CORRECTED_EMAIL = 'ana@ejemplo.com';

/** Every sample at once: the steps and the background updates interleave freely. */
function allEvents(snapshot: AnySnapshot): EventObject[] {
  const ctx = snapshot.context as Ctx;
  if (snapshot.matches({ steps: 'contact' })) {
    // The explorer offers a change and a blur in every state of step 1 (its own values start from them).
    const out = contactEvents(snapshot, ctx, true);
    const emailNext = nextContactChange(ctx).some((e) => (e as { field?: string }).field === 'email');
    const more = [
      ev('contact.change', { field: 'pais', value: 'XX' }),
      ev('contact.blur', { field: 'nombre' }),
      ...(emailNext ? [ev('contact.change', { field: 'email', value: EMAIL_REFUSED_BY_RULES })] : []),
      ...(ctx.contactErrors.email !== undefined
        ? [ev('contact.change', { field: 'email', value: CORRECTED_EMAIL })]
        : []),
    ];
    return [...out, ...more.filter((m) => !out.some((e) => JSON.stringify(e) === JSON.stringify(m)))];
  }
  return [
    ...stepEvents,
    ev('situation.select', { value: 'otros' }),
    ...updateOutcomes,
    ev('sync.flush'),
    restart,
  ];
}

export const LEAD_WIZARD_BASE_INPUT: LeadWizardInput = {
  idempotencyKey: KEY,
  codigoReferido: ' AMIGO25 ',
  tracking: TRACKING,
  country: null,
};

export const leadWizardModel: MachineModel = {
  machine: leadWizardMachine,
  runs: [
    {
      label: 'pasos: demo, sin verificación anti-bots',
      input: { ...LEAD_WIZARD_BASE_INPUT, promotionMode: false, needsBotCheck: false },
      events: stepsModelEvents(true),
      simpleEvents: stepsModelEvents(false),
      maxSimpleSteps: 16,
    },
    {
      label: 'pasos: modo promoción, con verificación anti-bots',
      input: { ...LEAD_WIZARD_BASE_INPUT, promotionMode: true, needsBotCheck: true },
      events: stepsModelEvents(true),
      simpleEvents: stepsModelEvents(false),
      maxSimpleSteps: 16,
    },
    {
      label: 'sincronización: actualizaciones que fallan y se reintentan',
      input: { ...LEAD_WIZARD_BASE_INPUT, promotionMode: false, needsBotCheck: false },
      events: syncModelEvents,
      maxSimpleSteps: 14,
    },
  ],
  samples: allEvents,
};
