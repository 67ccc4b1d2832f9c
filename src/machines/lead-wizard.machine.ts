import { and, assign, fromPromise, setup, stateIn, type SnapshotFrom } from 'xstate';
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
  BOT_CHECK_MAX_FAILURES,
  LEAD_UPDATE_FAILURES_BEFORE_WARNING,
  LEAD_UPDATE_MAX_COUNTED_FAILURES,
  leadUpdateRetryDelayMs,
} from '../domain/lead-wizard-rules';
import { BOT_CHECK_FAILED_MESSAGE, MAINTENANCE_MESSAGE } from '../domain/messages';
import {
  ID_PATTERN,
  type ProspectCreated,
  type ProspectInput,
  type ProspectUpdate,
  type TrackingFields,
} from '../domain/prospect';
import { isCategory, isSectorOf, isSituation } from '../domain/wizard-options';

export interface LeadWizardInput {
  /** Minted once per wizard by the view; every create retry reuses it. */
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
  recaptchaToken: string | null;
  idempotencyKey: string;
  promotionMode: boolean;
  needsBotCheck: boolean;
  /** Bot checks failed since the last one that passed, counted up to BOT_CHECK_MAX_FAILURES. */
  botCheckFailures: number;
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
  | { type: 'sync.flush' }
  /** 'Registrar otro negocio' on the thanks step: a fresh wizard with a new idempotency key. */
  | { type: 'wizard.restart'; idempotencyKey: string };

export interface CreateLeadInput {
  payload: ProspectInput;
  idempotencyKey: string;
}

export interface UpdateLeadInput {
  payload: ProspectUpdate;
}

/** The context a wizard starts from: empty fields, the campaign data of the input. */
export function initialLeadWizardContext(input: LeadWizardInput): LeadWizardContext {
  return {
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
    recaptchaToken: null,
    idempotencyKey: input.idempotencyKey,
    promotionMode: input.promotionMode === true,
    needsBotCheck: input.needsBotCheck === true,
    botCheckFailures: 0,
    unsentChanges: false,
    updateFailures: 0,
  };
}

function draftOf(context: LeadWizardContext): LeadDraft {
  const { nombreEmpresa, nombre, apellido, pais, whatsapp, email } = context;
  const { situacionActual, rubro, sector, visitoDemo, codigoReferido, tracking } = context;
  return {
    ...{ nombreEmpresa, nombre, apellido, pais, whatsapp, email },
    ...{ situacionActual, rubro, sector, visitoDemo, codigoReferido, tracking },
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

/** Whether the machine keeps this value for a contact field (the view explains a refusal). */
export function isValidContactValue(field: unknown, value: unknown): boolean {
  if (!isContactFieldName(field) || typeof value !== 'string') return false;
  if (field === 'pais') return parseCountryCode(value) !== undefined;
  return value.length <= CONTACT_FIELD_MAX_LENGTH[field];
}

const failedCreateActions = [
  'markUnsentChanges',
  { type: 'logLeadError', params: { message: MAINTENANCE_MESSAGE } },
] as const;

/**
 * Lead wizard (/registro, spec sections 4, 5, 7 and 8). Two regions run side by side.
 *
 * steps: contact -> situation -> category -> sector -> thanks. Submitting a complete contact
 * step creates the lead (after the invisible bot check for fb campaigns; once that check has
 * failed BOT_CHECK_MAX_FAILURES times the create goes ahead without a token) with an idempotency
 * key that every retry reuses, so a double submit or a retry after a timeout never stores a
 * second lead. A failed check or create stays on the contact step with every value and offers a
 * retry. Steps 2-4 advance only after a choice; 3 and 4 go back; a new category clears the sector.
 * Thanks offers the trial in promotion mode, else the sector's demo (following it sets
 * visitoDemo), and, once the lead is saved, a fresh wizard for another business.
 *
 * sync: once the lead has an id, every change is sent in the background (updateLead) with the
 * latest data; failures are retried with a growing wait and never block the steps. After
 * LEAD_UPDATE_FAILURES_BEFORE_WARNING failures in a row the warning region shows, which the
 * thanks step reports.
 */
export const leadWizardMachine = setup({
  types: {
    input: {} as LeadWizardInput,
    context: {} as LeadWizardContext,
    events: {} as LeadWizardEvent,
    tags: {} as 'busy' | 'saveFailed',
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
    assignBotToken: assign((_, params: { token: string }) => ({
      recaptchaToken: params.token,
      botCheckFailures: 0,
    })),
    countBotCheckFailure: assign({
      botCheckFailures: ({ context }) => Math.min(context.botCheckFailures + 1, BOT_CHECK_MAX_FAILURES),
      recaptchaToken: null,
    }),
    assignLead: assign((_, params: { lead: ProspectCreated }) => ({
      leadId: params.lead.id,
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
    startNewWizard: assign(({ context, event }) =>
      event.type === 'wizard.restart'
        ? initialLeadWizardContext({
            ...context,
            idempotencyKey: event.idempotencyKey,
            country: context.pais,
          })
        : {},
    ),
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
    isBotCheckExhausted: ({ context }) => context.botCheckFailures >= BOT_CHECK_MAX_FAILURES,
    hasCreatedLead: (_, params: { output: ProspectCreated | undefined }) =>
      typeof params.output?.id === 'string' && ID_PATTERN.test(params.output.id),
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
      context.updateFailures >= LEAD_UPDATE_FAILURES_BEFORE_WARNING,
    isLeadSaved: stateIn({ sync: 'synced' }),
  },
  delays: {
    updateRetryDelay: ({ context }) => leadUpdateRetryDelayMs(context.updateFailures),
  },
}).createMachine({
  id: 'leadWizard',
  context: ({ input }) => initialLeadWizardContext(input),
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
              always: [
                { guard: 'isBotCheckExhausted', target: 'creating' },
                { guard: 'needsBotCheck', target: 'checkingBot' },
                { target: 'creating' },
              ],
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
                  target: 'failed.botCheck',
                  actions: [
                    'countBotCheckFailure',
                    { type: 'logLeadError', params: { message: BOT_CHECK_FAILED_MESSAGE } },
                  ],
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
                  { target: 'failed.create', actions: failedCreateActions },
                ],
                onError: { target: 'failed.create', actions: failedCreateActions },
              },
            },
            failed: {
              description:
                'Every value is kept; the view shows the failure and a retry button. A retry reuses the idempotency key.',
              initial: 'create',
              states: {
                botCheck: { description: 'The bot check failed: BOT_CHECK_FAILED_MESSAGE.' },
                create: {
                  description:
                    'The create failed: MAINTENANCE_MESSAGE. An update follows the next create in case the lost attempt was stored.',
                },
              },
              on: {
                retry: { target: 'submitting' },
                'contact.submit': { guard: 'canSubmitContact', target: 'submitting' },
                'contact.change': {
                  guard: 'isValidContactChange',
                  target: 'editing',
                  actions: ['assignContactField'],
                },
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
          description:
            'Kept in the stored snapshot, so coming back to /registro in the same tab shows it again, with "Registrar otro negocio".',
          initial: 'demo',
          on: {
            'wizard.restart': {
              guard: 'isLeadSaved',
              target: ['#leadWizard.steps.contact', '#leadWizard.sync.waitingForLead'],
              actions: ['startNewWizard'],
            },
          },
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
          always: [{ guard: 'hasUnsentChanges', target: 'updating' }],
        },
        updating: {
          type: 'parallel',
          states: {
            attempt: {
              initial: 'sending',
              states: {
                sending: {
                  entry: ['markChangesSent'],
                  invoke: {
                    id: 'updateLead',
                    src: 'updateLead',
                    input: ({ context }) => updateLeadInputFor(context),
                    onDone: [
                      {
                        guard: 'hasUnsentChanges',
                        target: '#leadWizard.sync.updating',
                        reenter: true,
                        actions: ['resetUpdateFailures'],
                      },
                      { target: '#leadWizard.sync.synced', actions: ['resetUpdateFailures'] },
                    ],
                    onError: {
                      target: 'retryWait',
                      actions: [
                        'countUpdateFailure',
                        { type: 'logLeadError', params: { message: MAINTENANCE_MESSAGE } },
                      ],
                    },
                  },
                },
                retryWait: {
                  after: { updateRetryDelay: { target: 'sending' } },
                  on: { 'sync.flush': { target: 'sending' } },
                },
              },
            },
            warning: {
              initial: 'hidden',
              states: {
                hidden: {
                  always: [{ guard: 'isUpdateFailureLimitReached', target: 'shown' }],
                },
                shown: {
                  tags: ['saveFailed'],
                  description:
                    'Still retrying; the thanks step says the latest data could not be saved yet. Left when an update succeeds.',
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
