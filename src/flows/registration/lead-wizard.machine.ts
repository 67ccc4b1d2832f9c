import { assign, fromPromise, setup, stateIn, type SnapshotFrom } from 'xstate';
import { parseCountryCode } from '../../domain/countries';
import {
  CONTACT_FIELDS,
  CONTACT_FIELD_MAX_LENGTH,
  buildProspectInput,
  buildProspectUpdate,
  isContactComplete,
  isContactFieldName,
  type ContactField,
  type LeadContact,
  type LeadDraft,
} from '../../domain/lead-payload';
import {
  BOT_CHECK_MAX_FAILURES,
  LEAD_UPDATE_FAILURES_BEFORE_WARNING,
  LEAD_UPDATE_MAX_COUNTED_FAILURES,
  leadUpdateRetryDelayMs,
} from '../../domain/lead-wizard-rules';
import { BOT_CHECK_FAILED_MESSAGE, MAINTENANCE_MESSAGE } from '../../domain/messages';
import {
  ID_PATTERN,
  type ProspectCreated,
  type ProspectInput,
  type ProspectUpdate,
} from '../../domain/prospect';
import { refusedTrackingFields, saveFailureOf, type SaveFailureKind } from '../../domain/save-failure';
import { isCategory, isSectorOf, isSituation } from '../../domain/wizard-options';
import { leadKeyFor } from '../../domain/lead-key';
import {
  contactOf,
  initialLeadWizardContext,
  type ContactErrors,
  type ContactFailure,
  type LeadWizardContext,
  type LeadWizardInput,
  type WizardStep,
} from './lead-wizard.context';

export {
  CONTACT_FAILURES,
  WIZARD_STEPS,
  contactFailureOf,
  contactOf,
  initialLeadWizardContext,
  wizardStepOf,
  type ContactErrors,
  type ContactFailure,
  type LeadWizardContext,
  type LeadWizardInput,
  type WizardStep,
} from './lead-wizard.context';

export interface ValidateContactInput {
  contact: LeadContact;
}

/** What the rules judge while the visitor fills step 1: the kept values and the refused ones. */
export interface JudgeContactInput {
  contact: LeadContact;
  refused: Partial<Record<ContactField, string>>;
}

export type LeadWizardEvent =
  | { type: 'contact.change'; field: ContactField; value: string }
  /** The visitor leaves a field of step 1: from then on its message shows. */
  | { type: 'contact.blur'; field: ContactField }
  | { type: 'contact.submit' }
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

function draftOf(context: LeadWizardContext): LeadDraft {
  const { nombreEmpresa, nombre, apellido, pais, whatsapp, email } = context;
  const { situacionActual, rubro, sector, visitoDemo, codigoReferido, tracking } = context;
  return {
    ...{ nombreEmpresa, nombre, apellido, pais, whatsapp, email },
    ...{ situacionActual, rubro, sector, visitoDemo, codigoReferido, tracking },
  };
}

/**
 * The create call's input for a context: the body (with the bot-check token) and the key of this
 * tab and these step-1 data, so a retry of the same business is one lead and another business
 * typed in a copied tab is another.
 */
export function createLeadInputFor(context: LeadWizardContext): CreateLeadInput {
  return {
    payload: buildProspectInput(draftOf(context), context.recaptchaToken),
    idempotencyKey: leadKeyFor(context.idempotencyKey, contactOf(context)),
  };
}

/** The update call's input for a context: the latest data with the lead's id. */
export function updateLeadInputFor(context: LeadWizardContext): UpdateLeadInput {
  return { payload: buildProspectUpdate(draftOf(context), context.leadId ?? '') };
}

/** Whether the machine keeps this value for a contact field (a refused one gets its message). */
export function isValidContactValue(field: unknown, value: unknown): boolean {
  if (!isContactFieldName(field) || typeof value !== 'string') return false;
  if (field === 'pais') return parseCountryCode(value) !== undefined;
  return value.length <= CONTACT_FIELD_MAX_LENGTH[field];
}

const failedCreateActions = [
  'markUnsentChanges',
  { type: 'logLeadError', params: { message: MAINTENANCE_MESSAGE } },
] as const;

/** A create the server answered and refused: nothing was stored, so no update is owed after it. */
const refusedCreateActions = [
  {
    type: 'assignSaveFailure',
    params: ({ event }: { event: { error?: unknown } }) => ({ error: event.error }),
  },
  { type: 'logLeadError', params: { message: MAINTENANCE_MESSAGE } },
] as const;

/** The failure a create's error stands for (see src/domain/save-failure.ts). */
const errorParams = ({ event }: { event: { error?: unknown } }) => ({ error: event.error });
const isFailureKind = (error: unknown, kind: SaveFailureKind) => saveFailureOf(error).kind === kind;

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
    tags: {} as 'busy' | 'saveFailed' | `step.${WizardStep}` | `failure.${ContactFailure}`,
  },
  actors: {
    // The prospect schema the API validates with, loaded on demand (it is not part of the page's load).
    validateContact: fromPromise<ContactErrors, ValidateContactInput>(async () => {
      throw new Error('validateContact not provided');
    }),
    // The same rules, asked while the visitor fills step 1, for the messages next to the fields.
    judgeContact: fromPromise<ContactErrors, JudgeContactInput>(async () => {
      throw new Error('judgeContact not provided');
    }),
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
      // A kept value replaces a refused one. The messages wait for the rules' next verdict, so a
      // field still wrong keeps its message (and a screen reader does not hear it again).
      const { [event.field]: _replaced, ...refusedValues } = context.refusedValues;
      if (event.field === 'pais')
        return { pais: parseCountryCode(event.value) ?? context.pais, refusedValues };
      return { [event.field]: event.value, refusedValues };
    }),
    assignContactErrors: assign((_, params: { errors: ContactErrors }) => ({ contactErrors: params.errors })),
    markFieldChecked: assign(({ context, event }) => {
      if (
        (event.type !== 'contact.blur' && event.type !== 'contact.change') ||
        !isContactFieldName(event.field)
      )
        return {};
      return context.checkedFields.includes(event.field)
        ? {}
        : { checkedFields: [...context.checkedFields, event.field] };
    }),
    markAllFieldsChecked: assign({ checkedFields: () => [...CONTACT_FIELDS] }),
    keepRefusedValue: assign(({ context, event }) =>
      event.type === 'contact.change' && isContactFieldName(event.field)
        ? { refusedValues: { ...context.refusedValues, [event.field]: String(event.value) } }
        : {},
    ),
    assignJudgedErrors: assign(({ context }, params: { errors: ContactErrors }) => {
      const contactErrors: ContactErrors = {};
      for (const field of context.checkedFields) {
        const message = params.errors[field];
        if (message !== undefined) contactErrors[field] = message;
      }
      return { contactErrors };
    }),
    assignBotToken: assign((_, params: { token: string }) => ({
      recaptchaToken: params.token,
      botCheckFailures: 0,
    })),
    countBotCheckFailure: assign({
      botCheckFailures: ({ context }) => Math.min(context.botCheckFailures + 1, BOT_CHECK_MAX_FAILURES),
      recaptchaToken: null,
    }),
    assignSaveFailure: assign((_, params: { error: unknown }) => ({
      saveFailure: saveFailureOf(params.error),
    })),
    clearSaveFailure: assign({ saveFailure: null }),
    dropRefusedTracking: assign(({ context }, params: { error: unknown }) => {
      const tracking = { ...context.tracking };
      for (const field of refusedTrackingFields(saveFailureOf(params.error))) delete tracking[field];
      return { tracking };
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
    isRefusedContactChange: ({ event }) =>
      event.type === 'contact.change' &&
      isContactFieldName(event.field) &&
      typeof event.value === 'string' &&
      !isValidContactValue(event.field, event.value),
    isCheckedFieldChange: ({ context, event }) =>
      event.type === 'contact.change' &&
      isValidContactValue(event.field, event.value) &&
      context.checkedFields.length > 0,
    isContactFieldLeft: ({ event }) => event.type === 'contact.blur' && isContactFieldName(event.field),
    isContactComplete: ({ context }) => isContactComplete(context),
    isContactValid: (_, params: { errors: ContactErrors }) => Object.keys(params.errors).length === 0,
    needsBotCheck: ({ context }) => context.needsBotCheck,
    isBotCheckExhausted: ({ context }) => context.botCheckFailures >= BOT_CHECK_MAX_FAILURES,
    hasCreatedLead: (_, params: { output: ProspectCreated | undefined }) =>
      typeof params.output?.id === 'string' && ID_PATTERN.test(params.output.id),
    hasLeadId: ({ context }) => context.leadId !== null,
    // Only fields still sent: a server that kept refusing one already dropped cannot loop the create.
    isTrackingRefused: ({ context }, params: { error: unknown }) =>
      refusedTrackingFields(saveFailureOf(params.error)).some(
        (field) => context.tracking[field] !== undefined,
      ),
    isRateLimited: (_, params: { error: unknown }) => isFailureKind(params.error, 'rateLimited'),
    isDataRefused: (_, params: { error: unknown }) => isFailureKind(params.error, 'refused'),
    isDownloadFailure: (_, params: { error: unknown }) => isFailureKind(params.error, 'download'),
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
  description:
    'El visitante registra su negocio en cinco pasos; el prospecto se guarda en el servidor y cada cambio posterior se envía sin perder ningún dato.',
  context: ({ input }) => initialLeadWizardContext(input),
  type: 'parallel',
  states: {
    steps: {
      description: 'Los pasos que recorre el visitante, de sus datos de contacto al agradecimiento.',
      initial: 'contact',
      states: {
        contact: {
          description: 'Paso 1: el visitante escribe sus datos de contacto.',
          tags: ['step.contact'],
          initial: 'editing',
          states: {
            editing: {
              description:
                'El visitante completa el nombre de su negocio, su nombre, apellido, país y WhatsApp, y si quiere su e-mail.',
              on: {
                'contact.change': {
                  guard: 'isValidContactChange',
                  actions: ['assignContactField'],
                  description:
                    'Se guarda cada dato que escribe el visitante, si es un valor aceptable para ese campo.',
                },
                'contact.submit': {
                  guard: 'isContactComplete',
                  target: 'validating',
                  actions: ['markAllFieldsChecked'],
                  description:
                    'El visitante envía sus datos de contacto; solo se aceptan si los datos obligatorios están completos, y desde entonces cada campo muestra su mensaje.',
                },
              },
            },
            validating: {
              description:
                'Se revisan los datos con las mismas reglas que aplica el servidor (formato del WhatsApp y del e-mail, largos); el botón queda deshabilitado mientras tanto.',
              tags: ['busy'],
              invoke: {
                id: 'validateContact',
                src: 'validateContact',
                input: ({ context }) => ({ contact: contactOf(context) }),
                onDone: [
                  {
                    guard: { type: 'isContactValid', params: ({ event }) => ({ errors: event.output }) },
                    target: 'submitting',
                    actions: [{ type: 'assignContactErrors', params: { errors: {} } }],
                    description: 'Si las reglas aceptan todos los datos, se sigue con el guardado.',
                  },
                  {
                    target: 'editing',
                    actions: [
                      { type: 'assignContactErrors', params: ({ event }) => ({ errors: event.output }) },
                    ],
                    description:
                      'Si las reglas rechazan algún dato, el visitante vuelve a sus datos con un mensaje en cada campo a corregir.',
                  },
                ],
                onError: {
                  target: 'submitting',
                  description:
                    'Si las reglas no se pudieron cargar (sin conexión), se sigue igual: el servidor revisa los mismos datos con las mismas reglas.',
                },
              },
            },
            submitting: {
              description:
                'Se decide si hace falta la verificación invisible contra bots antes de guardar el prospecto.',
              always: [
                {
                  guard: 'isBotCheckExhausted',
                  target: 'creating',
                  description:
                    'Si la verificación contra bots ya falló demasiadas veces, el prospecto se guarda sin ella para no perderlo.',
                },
                {
                  guard: 'needsBotCheck',
                  target: 'checkingBot',
                  description:
                    'Si el visitante llegó desde una campaña de Facebook, primero se hace la verificación invisible contra bots.',
                },
                {
                  target: 'creating',
                  description: 'En los demás casos, el prospecto se guarda directamente.',
                },
              ],
            },
            checkingBot: {
              description:
                'Se hace la verificación invisible contra bots; el botón queda deshabilitado mientras tanto.',
              tags: ['busy'],
              invoke: {
                id: 'getBotToken',
                src: 'getBotToken',
                input: { action: 'registro' },
                onDone: {
                  target: 'creating',
                  actions: [{ type: 'assignBotToken', params: ({ event }) => ({ token: event.output }) }],
                  description:
                    'Si la verificación se supera, se guarda el prospecto junto con su comprobante.',
                },
                onError: {
                  target: 'failed.botCheck',
                  description:
                    'Si la verificación falla, se muestra el aviso con la opción de reintentar y se conservan los datos.',
                  actions: [
                    'countBotCheckFailure',
                    { type: 'logLeadError', params: { message: BOT_CHECK_FAILED_MESSAGE } },
                  ],
                },
              },
            },
            creating: {
              description:
                'Se guarda el prospecto en el servidor; el botón queda deshabilitado mientras tanto.',
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
                    description:
                      'Si el servidor confirma el prospecto con su identificador, el visitante pasa al paso 2.',
                  },
                  {
                    target: 'failed.create',
                    actions: failedCreateActions,
                    description:
                      'Si la respuesta del servidor no trae un prospecto válido, se muestra el aviso de mantenimiento y se conservan los datos.',
                  },
                ],
                onError: [
                  {
                    guard: { type: 'isTrackingRefused', params: errorParams },
                    target: 'creating',
                    reenter: true,
                    actions: [{ type: 'dropRefusedTracking', params: errorParams }],
                    description:
                      'Si el servidor rechaza un dato de la campaña, el prospecto se guarda otra vez sin ese dato y con la misma clave; el visitante no ve ningún error.',
                  },
                  {
                    guard: { type: 'isRateLimited', params: errorParams },
                    target: 'failed.rateLimited',
                    actions: refusedCreateActions,
                    description:
                      'Si el servidor pide esperar por demasiados intentos seguidos, se avisa cuánto esperar y se conservan los datos.',
                  },
                  {
                    guard: { type: 'isDataRefused', params: errorParams },
                    target: 'failed.refused',
                    actions: refusedCreateActions,
                    description:
                      'Si el servidor rechaza un dato del visitante, se avisa cuál y se conservan los datos.',
                  },
                  {
                    guard: { type: 'isDownloadFailure', params: errorParams },
                    target: 'failed.download',
                    actions: refusedCreateActions,
                    description:
                      'Si no se pudo descargar el código que guarda el prospecto, se pide volver a cargar la página y se conservan los datos.',
                  },
                  {
                    target: 'failed.create',
                    actions: failedCreateActions,
                    description:
                      'Si el servidor no responde o falla, se muestra el aviso de mantenimiento y se conservan los datos.',
                  },
                ],
              },
            },
            failed: {
              description:
                'No se pudo guardar: se muestra el aviso y un botón para reintentar, con todos los datos intactos; reintentar nunca crea un segundo prospecto.',
              initial: 'create',
              // The details of a failure (a wait, a field) mean nothing once the visitor moves on.
              exit: ['clearSaveFailure'],
              states: {
                botCheck: {
                  description: 'Falló la verificación contra bots: se avisa y se ofrece reintentar.',
                  tags: ['failure.botCheck'],
                },
                create: {
                  tags: ['failure.create'],
                  description:
                    'El servidor no respondió o falló: se muestra el aviso de mantenimiento; tras el próximo guardado se envía además una actualización, por si el intento perdido sí llegó al servidor.',
                },
                rateLimited: {
                  tags: ['failure.rateLimited'],
                  description:
                    'El servidor pidió esperar por demasiados intentos seguidos: se avisa cuántos segundos esperar antes de reintentar.',
                },
                refused: {
                  tags: ['failure.refused'],
                  description: 'El servidor rechazó un dato del visitante: se avisa cuál, para corregirlo.',
                },
                download: {
                  tags: ['failure.download'],
                  description:
                    'No se pudo descargar el código que guarda el prospecto (sin conexión, o el sitio se actualizó): se pide volver a cargar la página.',
                },
              },
              on: {
                retry: {
                  target: 'submitting',
                  description:
                    'El visitante reintenta con los mismos datos, sin riesgo de crear un prospecto duplicado.',
                },
                'contact.submit': {
                  guard: 'isContactComplete',
                  target: 'validating',
                  actions: ['markAllFieldsChecked'],
                  description:
                    'El visitante vuelve a enviar sus datos; se revisan de nuevo si los datos obligatorios siguen completos.',
                },
                'contact.change': {
                  guard: 'isValidContactChange',
                  target: 'editing',
                  actions: ['assignContactField'],
                  description:
                    'Si el visitante corrige un dato con un valor aceptable, el aviso se oculta y sigue editando.',
                },
              },
            },
          },
        },
        situation: {
          description: 'Paso 2: el visitante elige su situación actual.',
          tags: ['step.situation'],
          on: {
            'situation.select': {
              guard: 'isSituationChange',
              actions: ['assignSituation', 'markUnsentChanges'],
              description:
                'Si el visitante elige una situación distinta de la actual, se guarda y se envía al servidor.',
            },
            'step.next': {
              guard: 'hasSituation',
              target: 'category',
              description: 'Solo con una situación elegida, el visitante avanza al paso 3.',
            },
          },
        },
        category: {
          description: 'Paso 3: el visitante elige el rubro de su negocio.',
          tags: ['step.category'],
          on: {
            'category.select': {
              guard: 'isCategoryChange',
              actions: ['assignCategory', 'markUnsentChanges'],
              description:
                'Si el visitante elige un rubro distinto del actual, se guarda, se borra el sector elegido y se envía al servidor.',
            },
            'step.next': {
              guard: 'hasCategory',
              target: 'sector',
              description: 'Solo con un rubro elegido, el visitante avanza al paso 4.',
            },
            'step.back': { target: 'situation', description: 'El visitante vuelve al paso 2.' },
          },
        },
        sector: {
          description: 'Paso 4: el visitante elige el sector de su negocio dentro del rubro.',
          tags: ['step.sector'],
          on: {
            'sector.select': {
              guard: 'isSectorChange',
              actions: ['assignSector', 'markUnsentChanges'],
              description:
                'Si el visitante elige un sector de su rubro distinto del actual, se guarda y se envía al servidor.',
            },
            'step.next': [
              {
                guard: 'canOfferTrial',
                target: 'thanks.trial',
                description:
                  'Con un sector elegido y el modo promoción activo, el visitante llega al agradecimiento con la prueba gratis.',
              },
              {
                guard: 'hasSector',
                target: 'thanks.demo',
                description:
                  'Con un sector elegido y sin modo promoción, el visitante llega al agradecimiento con la demo de su sector.',
              },
            ],
            'step.back': { target: 'category', description: 'El visitante vuelve al paso 3.' },
          },
        },
        thanks: {
          description:
            'Paso 5: agradecimiento; sigue a la vista si el visitante vuelve a la página en la misma pestaña y le ofrece registrar otro negocio.',
          tags: ['step.thanks'],
          initial: 'demo',
          on: {
            'wizard.restart': {
              guard: 'isLeadSaved',
              target: [
                '#leadWizard.steps.contact',
                '#leadWizard.sync.waitingForLead',
                '#leadWizard.fieldMessages.idle',
              ],
              actions: ['startNewWizard'],
              description:
                'Con el prospecto ya guardado por completo, el visitante empieza el registro de otro negocio, que conserva la campaña, el código de referido y el país.',
            },
          },
          states: {
            trial: {
              description:
                'Modo promoción: se ofrece la prueba gratis, que abre el alta en el servicio de identidad.',
              on: {
                'trial.start': {
                  actions: ['openTrialSignup'],
                  description: 'El visitante acepta la prueba gratis y se abre la página de alta.',
                },
              },
            },
            demo: {
              description: 'Se ofrece la demo del sector elegido.',
              initial: 'offered',
              states: {
                offered: {
                  description: 'El enlace a la demo está a la vista y el visitante todavía no lo siguió.',
                  on: {
                    'demo.visit': {
                      target: 'visited',
                      actions: ['markDemoVisited', 'markUnsentChanges'],
                      description: 'El visitante abre la demo; se anota la visita y se envía al servidor.',
                    },
                  },
                },
                visited: { description: 'El visitante ya abrió la demo.' },
              },
            },
          },
        },
      },
    },
    sync: {
      description:
        'En segundo plano, una vez guardado el prospecto, cada cambio del visitante se envía al servidor sin hacerlo esperar.',
      initial: 'waitingForLead',
      states: {
        waitingForLead: {
          description: 'Todavía no hay un prospecto guardado que actualizar.',
          always: [
            {
              guard: 'hasLeadId',
              target: 'synced',
              description: 'En cuanto el prospecto queda guardado, sus cambios empiezan a enviarse.',
            },
          ],
        },
        synced: {
          description: 'El servidor tiene todos los datos del prospecto.',
          always: [
            {
              guard: 'hasUnsentChanges',
              target: 'updating',
              description: 'Si hay cambios sin enviar, se envía una actualización.',
            },
          ],
        },
        updating: {
          description: 'Se envían los datos más recientes del prospecto y se reintenta hasta que lleguen.',
          type: 'parallel',
          states: {
            attempt: {
              description: 'Cada intento de actualización y la espera entre uno y otro.',
              initial: 'sending',
              states: {
                sending: {
                  description: 'Se envía la actualización con los datos más recientes del prospecto.',
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
                        description:
                          'Si llegó pero el visitante cambió algo mientras tanto, se envía otra actualización.',
                      },
                      {
                        target: '#leadWizard.sync.synced',
                        actions: ['resetUpdateFailures'],
                        description: 'Si llegó y no hay cambios nuevos, los datos quedan guardados.',
                      },
                    ],
                    onError: {
                      target: 'retryWait',
                      description: 'Si falla, se anota el fallo y se espera antes de reintentar.',
                      actions: [
                        'countUpdateFailure',
                        { type: 'logLeadError', params: { message: MAINTENANCE_MESSAGE } },
                      ],
                    },
                  },
                },
                retryWait: {
                  description: 'Se espera antes del próximo intento; la espera crece con cada fallo seguido.',
                  after: {
                    updateRetryDelay: {
                      target: 'sending',
                      description: 'Pasada la espera, se vuelve a enviar la actualización.',
                    },
                  },
                  on: {
                    'sync.flush': {
                      target: 'sending',
                      description:
                        'Al volver a la página o recuperar la conexión, la actualización se reintenta enseguida.',
                    },
                  },
                },
              },
            },
            warning: {
              description:
                'El aviso para el visitante cuando las actualizaciones fallan varias veces seguidas.',
              initial: 'hidden',
              states: {
                hidden: {
                  description:
                    'Sin aviso: las actualizaciones todavía no fallaron demasiadas veces seguidas.',
                  always: [
                    {
                      guard: 'isUpdateFailureLimitReached',
                      target: 'shown',
                      description: 'Tras demasiados fallos seguidos, se muestra el aviso.',
                    },
                  ],
                },
                shown: {
                  tags: ['saveFailed'],
                  description:
                    'El agradecimiento avisa que los últimos datos todavía no se guardaron, mientras se sigue reintentando; desaparece cuando una actualización llega.',
                },
              },
            },
          },
        },
      },
    },
    fieldMessages: {
      description:
        'Los mensajes junto a los campos del paso 1: las reglas del prospecto juzgan cada campo que el visitante ya dejó o envió, con los datos como están ahora.',
      initial: 'idle',
      on: {
        'contact.blur': {
          guard: 'isContactFieldLeft',
          target: '.judging',
          actions: ['markFieldChecked'],
          description:
            'Cuando el visitante deja un campo, las reglas lo juzgan y desde entonces ese campo muestra su mensaje si hay algo que corregir.',
        },
        'contact.change': [
          {
            guard: 'isRefusedContactChange',
            target: '.judging',
            actions: ['keepRefusedValue', 'markFieldChecked'],
            description:
              'Si el visitante elige un valor que no se acepta (un país que no está en la lista), el campo conserva el anterior y las reglas dicen por qué.',
          },
          {
            guard: 'isCheckedFieldChange',
            target: '.judging',
            description:
              'Si ya hay campos que muestran su mensaje, cada cambio se vuelve a juzgar: el mensaje se va en cuanto el dato es correcto.',
          },
        ],
      },
      states: {
        idle: {
          description: 'Los mensajes a la vista corresponden a los datos como están ahora.',
        },
        judging: {
          description:
            'Las reglas juzgan los datos de contacto; mientras tanto cada campo conserva su mensaje y el visitante sigue escribiendo.',
          invoke: {
            id: 'judgeContact',
            src: 'judgeContact',
            input: ({ context }) => ({ contact: contactOf(context), refused: context.refusedValues }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'assignJudgedErrors', params: ({ event }) => ({ errors: event.output }) }],
              description:
                'Cada campo que el visitante ya dejó o envió muestra el mensaje de las reglas, o ninguno si está bien.',
            },
            onError: {
              target: 'idle',
              description:
                'Si las reglas no se pudieron cargar (sin conexión), los mensajes quedan como estaban: el servidor revisa los mismos datos al guardar.',
            },
          },
        },
      },
    },
  },
});

export type LeadWizardSnapshot = SnapshotFrom<typeof leadWizardMachine>;
