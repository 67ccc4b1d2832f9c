import { and, assign, fromPromise, setup, type Snapshot, type SnapshotFrom } from 'xstate';
import { parseCountryCode } from '../domain/countries';
import {
  CONTACT_FIELD_MAX_LENGTH,
  buildProspectInput,
  buildProspectUpdate,
  isContactComplete,
  isContactFieldName,
  type ContactField,
  type LeadDraft,
} from '../domain/lead-payload';
import {
  LEAD_UPDATE_FAILURES_BEFORE_WARNING,
  LEAD_UPDATE_MAX_COUNTED_FAILURES,
  leadUpdateRetryDelayMs,
} from '../domain/lead-sync';
import type { ProspectCreated, ProspectInput, ProspectUpdate, TrackingFields } from '../domain/prospect';
import {
  isCategory,
  isSectorOf,
  isSituation,
  type Category,
  type Sector,
  type Situation,
} from '../domain/wizard-options';

export interface LeadWizardInput {
  /** Generated once per wizard (crypto.randomUUID in the view); every create retry reuses it. */
  idempotencyKey: string;
  /** Stored ndb_campaign equals 'pe': the thanks step offers the trial. */
  promotionMode?: boolean;
  /** The campaign source is fb: the invisible bot check runs before the create. */
  needsBotCheck?: boolean;
  codigoReferido?: string | null;
  tracking?: TrackingFields;
  /** Country preselected in step 1 (e.g. from cc), raw. */
  country?: string | null;
}

export interface LeadWizardContext extends LeadDraft {
  leadId: string | null;
  estado: string | null;
  recaptchaToken: string | null;
  idempotencyKey: string;
  promotionMode: boolean;
  needsBotCheck: boolean;
  /** Lead data changed since the last update was sent (or a create attempt failed). */
  unsentChanges: boolean;
  /** Update failures in a row, counted up to LEAD_UPDATE_MAX_COUNTED_FAILURES. */
  updateFailures: number;
}

export type LeadWizardEvent =
  | { type: 'contact.change'; field: ContactField; value: string }
  /** `valid` carries the view's finer validation (phone, e-mail); absent means valid. */
  | { type: 'contact.submit'; valid?: boolean }
  | { type: 'retry' }
  | { type: 'situation.select'; value: string }
  | { type: 'category.select'; value: string }
  | { type: 'sector.select'; value: string }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'demo.visit' }
  | { type: 'trial.start' }
  /** Retry a waiting update now: after restoring a persisted snapshot, or when back online. */
  | { type: 'sync.flush' };

export interface CreateLeadInput {
  payload: ProspectInput;
  idempotencyKey: string;
}

export interface UpdateLeadInput {
  payload: ProspectUpdate;
}

/** Spec section 8: shown (and logged) when the lead cannot be saved. */
export const LEAD_MAINTENANCE_MESSAGE = 'Estamos en mantenimiento. Por favor, volvé a intentar más tarde';
export const BOT_CHECK_FAILED_MESSAGE =
  'No pudimos completar la verificación de seguridad. Revisá tu conexión y volvé a intentar.';

const LEAD_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

function draftOf(context: LeadWizardContext): LeadDraft {
  return {
    nombreEmpresa: context.nombreEmpresa,
    nombre: context.nombre,
    apellido: context.apellido,
    pais: context.pais,
    whatsapp: context.whatsapp,
    email: context.email,
    situacionActual: context.situacionActual,
    rubro: context.rubro,
    sector: context.sector,
    visitoDemo: context.visitoDemo,
    codigoReferido: context.codigoReferido,
    tracking: context.tracking,
  };
}

/** The create call's input for a context: the body (with the bot-check token) and the key. */
export function createLeadInputFor(context: LeadWizardContext): CreateLeadInput {
  return {
    payload: buildProspectInput(draftOf(context), context.recaptchaToken),
    idempotencyKey: context.idempotencyKey,
  };
}

/** The update call's input for a context: the latest data with the lead's id. */
export function updateLeadInputFor(context: LeadWizardContext): UpdateLeadInput {
  return { payload: buildProspectUpdate(draftOf(context), context.leadId ?? '') };
}

function isValidContactValue(field: unknown, value: unknown): boolean {
  if (!isContactFieldName(field) || typeof value !== 'string') return false;
  if (field === 'pais') return parseCountryCode(value) !== undefined;
  return value.length <= CONTACT_FIELD_MAX_LENGTH[field];
}

const editAfterFailure = {
  guard: 'isValidContactChange',
  target: 'editing',
  actions: [{ type: 'assignContactField' }],
} as const;

/**
 * Lead wizard (/registro, spec sections 4, 5, 7 and 8). Two regions run side by side.
 *
 * steps: contact -> situation -> category -> sector -> thanks. Submitting a complete contact
 * step creates the lead (after the invisible bot check for fb campaigns) with an idempotency key
 * that every retry reuses, so a double submit or a retry after a timeout never stores a second
 * lead. A failed create stays on the contact step with every value and offers retry. Steps 2-4
 * advance only after a choice; 3 and 4 go back; a new category clears the sector. Thanks offers
 * the trial in promotion mode, else the sector's demo (following it sets visitoDemo).
 *
 * sync: once the lead has an id, every change is sent in the background (updateLead) with the
 * latest data; failures are retried with a growing wait and never block the steps. After
 * LEAD_UPDATE_FAILURES_BEFORE_WARNING failures in a row the region is in `failing`, which the
 * thanks step reports.
 */
export const leadWizardMachine = setup({
  types: {
    input: {} as LeadWizardInput,
    context: {} as LeadWizardContext,
    events: {} as LeadWizardEvent,
    tags: {} as 'busy' | 'saved' | 'saving' | 'saveFailed',
  },
  actors: {
    getBotToken: fromPromise<string, { action: string }>(async () => {
      throw new Error('getBotToken not provided');
    }),
    createLead: fromPromise<ProspectCreated, CreateLeadInput>(async () => {
      throw new Error('createLead not provided');
    }),
    updateLead: fromPromise<unknown, UpdateLeadInput>(async () => {
      throw new Error('updateLead not provided');
    }),
  },
  actions: {
    assignContactField: assign(({ context, event }) => {
      if (event.type !== 'contact.change') return {};
      if (event.field === 'pais') return { pais: parseCountryCode(event.value) ?? context.pais };
      return { [event.field]: event.value };
    }),
    assignBotToken: assign({ recaptchaToken: (_, params: { token: string }) => params.token }),
    assignLead: assign((_, params: { lead: ProspectCreated }) => ({
      leadId: params.lead.id,
      estado: params.lead.estado,
      recaptchaToken: null,
    })),
    assignSituation: assign({
      situacionActual: ({ context, event }) =>
        event.type === 'situation.select' && isSituation(event.value) ? event.value : context.situacionActual,
    }),
    assignCategory: assign(({ context, event }) =>
      event.type === 'category.select' && isCategory(event.value)
        ? { rubro: event.value, sector: null }
        : { rubro: context.rubro },
    ),
    assignSector: assign({
      sector: ({ context, event }) =>
        event.type === 'sector.select' && context.rubro !== null && isSectorOf(context.rubro, event.value)
          ? event.value
          : context.sector,
    }),
    markDemoVisited: assign({ visitoDemo: true }),
    markUnsentChanges: assign({ unsentChanges: true }),
    markChangesSent: assign({ unsentChanges: false }),
    countUpdateFailure: assign({
      updateFailures: ({ context }) => Math.min(context.updateFailures + 1, LEAD_UPDATE_MAX_COUNTED_FAILURES),
    }),
    resetUpdateFailures: assign({ updateFailures: 0 }),
    logLeadError: (_, _params: { message: string }) => {},
    openTrialSignup: () => {},
  },
  guards: {
    isValidContactChange: ({ event }) =>
      event.type === 'contact.change' && isValidContactValue(event.field, event.value),
    isContactComplete: ({ context }) => isContactComplete(context),
    isContactValid: ({ event }) => !(event.type === 'contact.submit' && event.valid === false),
    canSubmitContact: and(['isContactComplete', 'isContactValid']),
    needsBotCheck: ({ context }) => context.needsBotCheck,
    hasCreatedLead: (_, params: { output: ProspectCreated | undefined }) =>
      typeof params.output?.id === 'string' && LEAD_ID_PATTERN.test(params.output.id),
    hasLeadId: ({ context }) => context.leadId !== null,
    isSituationChange: ({ context, event }) =>
      event.type === 'situation.select' &&
      isSituation(event.value) &&
      event.value !== context.situacionActual,
    isCategoryChange: ({ context, event }) =>
      event.type === 'category.select' && isCategory(event.value) && event.value !== context.rubro,
    isSectorChange: ({ context, event }) =>
      event.type === 'sector.select' &&
      context.rubro !== null &&
      isSectorOf(context.rubro, event.value) &&
      event.value !== context.sector,
    hasSituation: ({ context }) => context.situacionActual !== null,
    hasCategory: ({ context }) => context.rubro !== null,
    hasSector: ({ context }) => context.sector !== null,
    canOfferTrial: ({ context }) => context.sector !== null && context.promotionMode,
    hasUnsentChanges: ({ context }) => context.unsentChanges,
    isUpdateFailureLimitReached: ({ context }) =>
      context.updateFailures + 1 >= LEAD_UPDATE_FAILURES_BEFORE_WARNING,
  },
  delays: {
    updateRetryDelay: ({ context }) => leadUpdateRetryDelayMs(context.updateFailures),
  },
}).createMachine({
  id: 'leadWizard',
  description:
    'Lead wizard: contact, situation, category, sector, thanks. The contact step creates the lead once (idempotency key, bot check for fb campaigns); later changes are sent as background updates retried with backoff.',
  context: ({ input }) => ({
    nombreEmpresa: '',
    nombre: '',
    apellido: '',
    pais: parseCountryCode(input.country) ?? null,
    whatsapp: '',
    email: '',
    situacionActual: null,
    rubro: null,
    sector: null,
    visitoDemo: false,
    codigoReferido:
      typeof input.codigoReferido === 'string' && input.codigoReferido.trim() !== ''
        ? input.codigoReferido.trim()
        : null,
    tracking: { ...input.tracking },
    leadId: null,
    estado: null,
    recaptchaToken: null,
    idempotencyKey: input.idempotencyKey,
    promotionMode: input.promotionMode === true,
    needsBotCheck: input.needsBotCheck === true,
    unsentChanges: false,
    updateFailures: 0,
  }),
  type: 'parallel',
  states: {
    steps: {
      initial: 'contact',
      states: {
        contact: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'contact.change': { guard: 'isValidContactChange', actions: ['assignContactField'] },
                'contact.submit': { guard: 'canSubmitContact', target: 'submitting' },
              },
            },
            submitting: {
              always: [{ guard: 'needsBotCheck', target: 'checkingBot' }, { target: 'creating' }],
            },
            checkingBot: {
              tags: ['busy'],
              invoke: {
                id: 'getBotToken',
                src: 'getBotToken',
                input: { action: 'registro' },
                onDone: {
                  target: 'creating',
                  actions: [{ type: 'assignBotToken', params: ({ event }) => ({ token: event.output }) }],
                },
                onError: {
                  target: 'botCheckFailed',
                  actions: [{ type: 'logLeadError', params: { message: BOT_CHECK_FAILED_MESSAGE } }],
                },
              },
            },
            creating: {
              tags: ['busy'],
              invoke: {
                id: 'createLead',
                src: 'createLead',
                input: ({ context }) => createLeadInputFor(context),
                onDone: [
                  {
                    guard: { type: 'hasCreatedLead', params: ({ event }) => ({ output: event.output }) },
                    target: '#leadWizard.steps.situation',
                    actions: [{ type: 'assignLead', params: ({ event }) => ({ lead: event.output }) }],
                  },
                  {
                    target: 'createFailed',
                    actions: [
                      'markUnsentChanges',
                      { type: 'logLeadError', params: { message: LEAD_MAINTENANCE_MESSAGE } },
                    ],
                  },
                ],
                onError: {
                  target: 'createFailed',
                  actions: [
                    'markUnsentChanges',
                    { type: 'logLeadError', params: { message: LEAD_MAINTENANCE_MESSAGE } },
                  ],
                },
              },
            },
            botCheckFailed: {
              description: 'Every value is kept; the view shows BOT_CHECK_FAILED_MESSAGE and a retry button.',
              on: {
                retry: { target: 'submitting' },
                'contact.submit': { guard: 'canSubmitContact', target: 'submitting' },
                'contact.change': editAfterFailure,
              },
            },
            createFailed: {
              description:
                'Every value is kept; the view shows LEAD_MAINTENANCE_MESSAGE and a retry button. The retry reuses the idempotency key, and an update follows the create in case the lost attempt was stored.',
              on: {
                retry: { target: 'submitting' },
                'contact.submit': { guard: 'canSubmitContact', target: 'submitting' },
                'contact.change': editAfterFailure,
              },
            },
          },
        },
        situation: {
          on: {
            'situation.select': {
              guard: 'isSituationChange',
              actions: ['assignSituation', 'markUnsentChanges'],
            },
            'step.next': { guard: 'hasSituation', target: 'category' },
          },
        },
        category: {
          on: {
            'category.select': {
              guard: 'isCategoryChange',
              actions: ['assignCategory', 'markUnsentChanges'],
            },
            'step.next': { guard: 'hasCategory', target: 'sector' },
            'step.back': { target: 'situation' },
          },
        },
        sector: {
          on: {
            'sector.select': {
              guard: 'isSectorChange',
              actions: ['assignSector', 'markUnsentChanges'],
            },
            'step.next': [
              { guard: 'canOfferTrial', target: 'thanks.trial' },
              { guard: 'hasSector', target: 'thanks.demo' },
            ],
            'step.back': { target: 'category' },
          },
        },
        thanks: {
          initial: 'demo',
          states: {
            trial: {
              description: 'Promotion mode: the free-trial offer (identity-service sign-up, origin pe).',
              on: { 'trial.start': { actions: ['openTrialSignup'] } },
            },
            demo: {
              description: 'The demo link for the chosen sector; following it sets visitoDemo.',
              initial: 'offered',
              states: {
                offered: {
                  on: {
                    'demo.visit': { target: 'visited', actions: ['markDemoVisited', 'markUnsentChanges'] },
                  },
                },
                visited: {},
              },
            },
          },
        },
      },
    },
    sync: {
      initial: 'waitingForLead',
      states: {
        waitingForLead: {
          always: [{ guard: 'hasLeadId', target: 'synced' }],
        },
        synced: {
          tags: ['saved'],
          always: [{ guard: 'hasUnsentChanges', target: 'pending' }],
        },
        pending: {
          tags: ['saving'],
          initial: 'saving',
          states: {
            saving: {
              entry: ['markChangesSent'],
              invoke: {
                id: 'updateLead',
                src: 'updateLead',
                input: ({ context }) => updateLeadInputFor(context),
                onDone: [
                  {
                    guard: 'hasUnsentChanges',
                    target: 'saving',
                    reenter: true,
                    actions: ['resetUpdateFailures'],
                  },
                  { target: '#leadWizard.sync.synced', actions: ['resetUpdateFailures'] },
                ],
                onError: [
                  {
                    guard: 'isUpdateFailureLimitReached',
                    target: '#leadWizard.sync.failing',
                    actions: [
                      'countUpdateFailure',
                      { type: 'logLeadError', params: { message: LEAD_MAINTENANCE_MESSAGE } },
                    ],
                  },
                  {
                    target: 'retryWait',
                    actions: [
                      'countUpdateFailure',
                      { type: 'logLeadError', params: { message: LEAD_MAINTENANCE_MESSAGE } },
                    ],
                  },
                ],
              },
            },
            retryWait: {
              after: { updateRetryDelay: { target: 'saving' } },
              on: { 'sync.flush': { target: 'saving' } },
            },
          },
        },
        failing: {
          tags: ['saveFailed'],
          description: 'Still retrying; the thanks step says the latest data could not be saved yet.',
          initial: 'retryWait',
          states: {
            retryWait: {
              after: { updateRetryDelay: { target: 'saving' } },
              on: { 'sync.flush': { target: 'saving' } },
            },
            saving: {
              entry: ['markChangesSent'],
              invoke: {
                id: 'retryUpdateLead',
                src: 'updateLead',
                input: ({ context }) => updateLeadInputFor(context),
                onDone: [
                  {
                    guard: 'hasUnsentChanges',
                    target: '#leadWizard.sync.pending.saving',
                    actions: ['resetUpdateFailures'],
                  },
                  { target: '#leadWizard.sync.synced', actions: ['resetUpdateFailures'] },
                ],
                onError: {
                  target: 'retryWait',
                  actions: [
                    'countUpdateFailure',
                    { type: 'logLeadError', params: { message: LEAD_MAINTENANCE_MESSAGE } },
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
});

export type LeadWizardSnapshot = SnapshotFrom<typeof leadWizardMachine>;

// ---------------------------------------------------------------------------------------------
// Persistence: the view stores actor.getPersistedSnapshot() (JSON) on every change and passes the
// stored value back through restoreLeadWizardSnapshot. Invocations and timers are not part of a
// persisted snapshot, so a restored wizard is normalised to states that hold neither; the view
// then sends 'sync.flush' so that data not yet on the server is sent again.

const STRING_MAX = 2000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.length <= max ? value : undefined;
}

function nullableText(value: unknown, max: number, pattern?: RegExp): string | null | undefined {
  if (value === null) return null;
  const t = text(value, max);
  return t !== undefined && (pattern === undefined || pattern.test(t)) ? t : undefined;
}

function restoreTracking(value: unknown): TrackingFields | undefined {
  if (!isRecord(value)) return undefined;
  const out: TrackingFields = {};
  for (const key of [
    'urlQueryString',
    'utmSource',
    'utmCampaign',
    'utmContent',
    'utmTerm',
    'fbclid',
  ] as const) {
    const v = value[key];
    if (v === undefined) continue;
    const t = text(v, STRING_MAX);
    if (t === undefined) return undefined;
    out[key] = t;
  }
  return out;
}

function restoreContext(raw: unknown): LeadWizardContext | undefined {
  if (!isRecord(raw)) return undefined;
  const contact: Partial<Record<Exclude<ContactField, 'pais'>, string>> = {};
  for (const field of ['nombreEmpresa', 'nombre', 'apellido', 'whatsapp', 'email'] as const) {
    const t = text(raw[field], CONTACT_FIELD_MAX_LENGTH[field]);
    if (t === undefined) return undefined;
    contact[field] = t;
  }
  const pais = raw.pais === null ? null : parseCountryCode(raw.pais);
  const situacionActual: Situation | null | undefined =
    raw.situacionActual === null ? null : isSituation(raw.situacionActual) ? raw.situacionActual : undefined;
  const rubro: Category | null | undefined =
    raw.rubro === null ? null : isCategory(raw.rubro) ? raw.rubro : undefined;
  const sector: Sector | null | undefined =
    raw.sector === null ? null : rubro && isSectorOf(rubro, raw.sector) ? raw.sector : undefined;
  const leadId = nullableText(raw.leadId, 100, LEAD_ID_PATTERN);
  const estado = nullableText(raw.estado, 100);
  const codigoReferido = nullableText(raw.codigoReferido, 64);
  const idempotencyKey = text(raw.idempotencyKey, 100);
  const tracking = restoreTracking(raw.tracking);
  if (
    pais === undefined ||
    situacionActual === undefined ||
    rubro === undefined ||
    sector === undefined ||
    leadId === undefined ||
    estado === undefined ||
    codigoReferido === undefined ||
    idempotencyKey === undefined ||
    idempotencyKey === '' ||
    tracking === undefined ||
    typeof raw.visitoDemo !== 'boolean' ||
    typeof raw.promotionMode !== 'boolean' ||
    typeof raw.needsBotCheck !== 'boolean' ||
    typeof raw.unsentChanges !== 'boolean'
  ) {
    return undefined;
  }
  return {
    nombreEmpresa: contact.nombreEmpresa ?? '',
    nombre: contact.nombre ?? '',
    apellido: contact.apellido ?? '',
    pais,
    whatsapp: contact.whatsapp ?? '',
    email: contact.email ?? '',
    situacionActual,
    rubro,
    sector,
    visitoDemo: raw.visitoDemo,
    codigoReferido,
    tracking,
    leadId,
    estado,
    recaptchaToken: null,
    idempotencyKey,
    promotionMode: raw.promotionMode,
    needsBotCheck: raw.needsBotCheck,
    unsentChanges: raw.unsentChanges,
    updateFailures: 0,
  };
}

type StepsValue =
  | 'situation'
  | 'category'
  | 'sector'
  | { contact: 'editing' | 'botCheckFailed' | 'createFailed' }
  | { thanks: 'trial' | { demo: 'offered' | 'visited' } };

/** Where the steps region resumes, or undefined when the stored step does not fit the data. */
function restoreSteps(raw: unknown, context: LeadWizardContext): StepsValue | undefined {
  const hasLead = context.leadId !== null;
  if (isRecord(raw) && 'contact' in raw) {
    if (hasLead) return undefined;
    const sub = raw.contact;
    if (sub === 'botCheckFailed' || sub === 'createFailed') return { contact: sub };
    if (sub === 'editing') return { contact: 'editing' };
    // Reloaded while the create was in flight: it may have reached the server, so the
    // resubmit (same key) is followed by an update.
    if (sub === 'submitting' || sub === 'checkingBot' || sub === 'creating') {
      context.unsentChanges = true;
      return { contact: 'editing' };
    }
    return undefined;
  }
  if (!hasLead) return undefined;
  if (raw === 'situation') return raw;
  if (raw === 'category') return context.situacionActual !== null ? raw : undefined;
  if (raw === 'sector') return context.rubro !== null ? raw : undefined;
  if (isRecord(raw) && 'thanks' in raw && context.sector !== null) {
    const sub = raw.thanks;
    if (sub === 'trial' && context.promotionMode) return { thanks: 'trial' };
    if (isRecord(sub) && !context.promotionMode) {
      if (sub.demo === 'visited' && context.visitoDemo) return { thanks: { demo: 'visited' } };
      if (sub.demo === 'offered') return { thanks: { demo: 'offered' } };
    }
  }
  return undefined;
}

/**
 * A persisted wizard snapshot (the stored JSON text or the parsed value) checked field by field
 * and normalised for createActor(leadWizardMachine, { snapshot }); undefined when it is not a
 * wizard snapshot this code can resume (start a new wizard then).
 */
export function restoreLeadWizardSnapshot(stored: unknown): Snapshot<unknown> | undefined {
  let raw = stored;
  if (typeof raw === 'string') {
    if (raw.length > 20000) return undefined;
    try {
      raw = JSON.parse(raw) as unknown;
    } catch {
      return undefined;
    }
  }
  if (!isRecord(raw) || raw.status !== 'active' || !isRecord(raw.value)) return undefined;
  const context = restoreContext(raw.context);
  if (!context) return undefined;
  const steps = restoreSteps(raw.value.steps, context);
  if (steps === undefined) return undefined;
  let sync: 'waitingForLead' | 'synced' | { pending: 'retryWait' };
  if (context.leadId === null) sync = 'waitingForLead';
  else if (raw.value.sync === 'synced' && !context.unsentChanges) sync = 'synced';
  else {
    // Saving or waiting to retry when stored: the data is sent again on 'sync.flush'.
    context.unsentChanges = true;
    sync = { pending: 'retryWait' };
  }
  const value = { steps, sync };
  try {
    leadWizardMachine.resolveState({ value, context });
  } catch {
    return undefined;
  }
  const snapshot: Snapshot<unknown> & Record<string, unknown> = {
    status: 'active',
    output: undefined,
    error: undefined,
    value,
    context,
    historyValue: {},
    children: {},
  };
  return snapshot;
}
