/**
 * The registration wizard as the product specification describes it (sections 4, 5 and 7, and
 * DESIGN section 3 "failures never lose input"), written by hand, not derived from
 * src/flows/registration/lead-wizard.machine.ts. tests/model/lead-wizard.independent.test.ts
 * replays its paths on the real machine.
 *
 * What a visitor and the server see, state by state: the step on screen (tags step.*), a failure
 * notice (failure.*), the busy button (busy), the warning that the latest data is not saved yet
 * (saveFailed), and the calls in flight: the bot check, the lead's create (POST), its updates
 * (PUT). It encodes the spec's rules: step 1 submits only when complete; one create per wizard
 * however often the visitor clicks or retries; nothing is sent while a field breaks the rules the server applies; steps 2-4 advance only after a choice, 3 and 4
 * go back; a new category clears the sector; once the lead has an id every change is sent as an
 * update (a change made during an update goes out after it); the trial with promotion mode, else
 * the demo, whose visit is sent; for fb campaigns the bot check runs before the create. And two
 * numbers of src/domain/lead-wizard-rules.ts the spec leaves open: the create goes ahead without
 * a token after 2 failed checks, and the warning shows after 3 failed updates in a row.
 */
import type { LeadWizardInput } from '../../../src/flows/registration/lead-wizard.machine';
import { leadWizardMachine } from '../../../src/flows/registration/lead-wizard.machine';
import { independentModel, type Observation } from '@tienda/flow-workbench/kit';
import { SaveError, refusedField } from '../../../src/domain/save-failure';
import { isSectorOf } from '../../../src/domain/wizard-options';

type Seen = Observation<typeof leadWizardMachine>;

const direct: LeadWizardInput = { idempotencyKey: 'clave-1', country: null, tracking: {} };

/** The step on screen, with the calls in flight. */
const contact = (...pending: NonNullable<Seen['pending']>): Seen => ({ tags: ['step.contact'], pending });
const busy = (pending: NonNullable<Seen['pending']>[number]): Seen => ({
  tags: ['step.contact', 'busy'],
  pending: [pending],
});
const failed = (
  failure:
    'failure.create' | 'failure.botCheck' | 'failure.rateLimited' | 'failure.refused' | 'failure.download',
): Seen => ({
  tags: ['step.contact', failure],
});
const situation = (...pending: NonNullable<Seen['pending']>): Seen => ({ tags: ['step.situation'], pending });
const warned = (...pending: NonNullable<Seen['pending']>): Seen => ({
  tags: ['step.situation', 'saveFailed'],
  pending,
});
const category = (...pending: NonNullable<Seen['pending']>): Seen => ({ tags: ['step.category'], pending });
const sector = (...pending: NonNullable<Seen['pending']>): Seen => ({ tags: ['step.sector'], pending });
const demo = (visited: boolean, ...pending: NonNullable<Seen['pending']>): Seen => ({
  tags: ['step.thanks'],
  matches: [{ steps: { thanks: { demo: visited ? 'visited' : 'offered' } } }],
  pending,
});

/** Typing in step 1's fields, which are on screen only there. */
const TYPING = ['FILL_REQUIRED', 'LEAVE_NAME_EMPTY', 'EDIT_NAME', 'CHOOSE_UNLISTED_COUNTRY'];
const CONTACT_STEP = [
  'contactEmpty',
  'contactEmptyChecked',
  'judgingLeftName',
  'judgingUnlistedCountry',
  'contactFilledJudging',
  'contactFilled',
  'checkingFields',
  'contactRefused',
  'creating',
  'rateLimited',
  'fieldRefused',
  'codeMissing',
  'creatingAfterRefusal',
  'campaignContact',
  'campaignFilled',
  'campaignCreating',
  'campaignCreatingWithoutField',
  'campaignRefusedAgain',
  'createFailed',
  'contactEditedAfterFailure',
  'contactEditedAfterRefusal',
  'recreating',
  'promoContact',
  'adContact',
  'adContactFilled',
  'checkingBot',
  'checkingBotAgain',
  'botCheckFailed',
  'botCheckFailedTwice',
  'creatingWithoutToken',
  'adCreating',
  'adCreateFailed',
];
const LATER_STEPS = [
  'situation',
  'situationSaving',
  'situationRetryWait',
  'situationResending',
  'situationRetryWait2',
  'situationResending2',
  'situationSaveWarning',
  'situationResendingWarned',
  'situationChosen',
  'situationSendingUpdate',
  'categoryWhileSaving',
  'categoryWhileSavingChanged',
  'category',
  'categorySaving',
  'categoryChosen',
  'situationWithCategory',
  'sector',
  'sectorSaving',
  'sectorChosen',
  'categoryWithSector',
  'categoryChangeSaving',
  'categoryChanged',
  'sectorCleared',
  'thanksDemo',
  'thanksDemoSaving',
  'thanksDemoVisited',
  'promoSituation',
  'promoSector',
  'promoSectorSaving',
  'promoSectorChosen',
  'thanksTrial',
];

export const leadWizardSpecModel = independentModel(leadWizardMachine, {
  id: 'leadWizardSpec',
  initial: 'closed',
  states: {
    closed: {
      expect: null,
      on: {
        ARRIVE: 'contactEmpty',
        ARRIVE_FROM_FB_AD: 'adContact',
        ARRIVE_IN_PROMOTION: 'promoContact',
        ARRIVE_FROM_CAMPAIGN: 'campaignContact',
      },
    },

    // Step 1, a visitor who came straight to /registro.
    contactEmpty: {
      expect: contact(),
      on: {
        SUBMIT: 'contactEmpty',
        FILL_REQUIRED: 'contactFilled',
        LEAVE_NAME_EMPTY: 'judgingLeftName',
        CHOOSE_UNLISTED_COUNTRY: 'judgingUnlistedCountry',
      },
    },
    judgingUnlistedCountry: {
      description: 'A country not on the list is not kept: the rules say why, next to the field.',
      expect: contact('judgeContact'),
      on: { COUNTRY_REFUSED: 'contactEmptyChecked' },
    },
    judgingLeftName: {
      description:
        'A field the visitor leaves is judged with the rules the server applies; nothing is sent and typing goes on.',
      expect: contact('judgeContact'),
      on: {
        NAME_NEEDED: 'contactEmptyChecked',
        RULES_UNAVAILABLE_ON_BLUR: 'contactEmptyChecked',
        FILL_REQUIRED: 'contactFilledJudging',
      },
    },
    contactEmptyChecked: {
      description: 'The field the visitor left shows its message from now on: every change is judged.',
      expect: contact(),
      on: {
        SUBMIT: 'contactEmptyChecked',
        FILL_REQUIRED: 'contactFilledJudging',
        LEAVE_NAME_EMPTY: 'judgingLeftName',
      },
    },
    contactFilledJudging: {
      description: 'Every change is judged again once a field shows its message; the newest answer counts.',
      expect: contact('judgeContact'),
      on: { NAME_ACCEPTED: 'contactFilled' },
    },
    contactFilled: { expect: contact(), on: { SUBMIT: 'checkingFields' } },
    checkingFields: {
      description: 'The fields are checked with the rules the server applies before anything is sent.',
      expect: busy('validateContact'),
      on: {
        SUBMIT: 'checkingFields',
        FIELDS_ACCEPTED: 'creating',
        FIELDS_REFUSED: 'contactRefused',
        RULES_UNAVAILABLE: 'creating',
      },
    },
    contactRefused: {
      description: 'A refused field: nothing is sent, the visitor corrects it and submits again.',
      expect: contact(),
      on: { SUBMIT: 'checkingFields' },
    },
    creating: {
      expect: busy('createLead'),
      on: {
        SUBMIT: 'creating',
        CREATE_SAVED: 'situation',
        CREATE_FAILS: 'createFailed',
        CREATE_ANSWER_WITHOUT_ID: 'createFailed',
        CREATE_RATE_LIMITED: 'rateLimited',
        CREATE_REFUSES_FIELD: 'fieldRefused',
        CODE_NOT_DOWNLOADED: 'codeMissing',
      },
    },
    // Causes the visitor is told (not 'mantenimiento'): the server answered and stored nothing.
    rateLimited: {
      description: 'Too many attempts: the notice says how long to wait; the values stay.',
      expect: failed('failure.rateLimited'),
      on: { RETRY: 'creatingAfterRefusal' },
    },
    fieldRefused: {
      description: 'The API refused a field the visitor typed: the notice names it.',
      expect: failed('failure.refused'),
      on: { EDIT_NAME: 'contactEditedAfterRefusal', RETRY: 'creatingAfterRefusal' },
    },
    codeMissing: {
      description: "The lead API's code did not download: the notice asks for a reload.",
      expect: failed('failure.download'),
      on: { RETRY: 'creatingAfterRefusal' },
    },
    creatingAfterRefusal: {
      description: 'Nothing reached the server before: once saved, no extra update is owed.',
      expect: busy('createLead'),
      on: { CREATE_SAVED: 'situation' },
    },

    // A visitor from a campaign whose data the API refuses: the lead is saved without it.
    campaignContact: { expect: contact(), on: { FILL_REQUIRED: 'campaignFilled' } },
    campaignFilled: { expect: contact(), on: { SUBMIT_ACCEPTED: 'campaignCreating' } },
    campaignCreating: {
      expect: busy('createLead'),
      on: { CAMPAIGN_FIELD_REFUSED: 'campaignCreatingWithoutField' },
    },
    campaignCreatingWithoutField: {
      description: 'The same create again at once, same key, without the refused field; no notice.',
      expect: busy('createLead'),
      on: { CREATE_SAVED: 'situation', CAMPAIGN_FIELD_REFUSED_AGAIN: 'campaignRefusedAgain' },
    },
    campaignRefusedAgain: {
      description: 'A server that refuses a field no longer sent cannot loop the create.',
      expect: failed('failure.refused'),
    },
    createFailed: {
      description: 'The notice and every value stay; the lost attempt may have reached the server.',
      expect: failed('failure.create'),
      on: { RETRY: 'recreating', SUBMIT_ACCEPTED: 'recreating', EDIT_NAME: 'contactEditedAfterFailure' },
    },
    contactEditedAfterFailure: { expect: contact(), on: { SUBMIT_ACCEPTED: 'recreating' } },
    contactEditedAfterRefusal: {
      description: 'The refused create stored nothing: the corrected one owes no update either.',
      expect: contact(),
      on: { SUBMIT_ACCEPTED: 'creatingAfterRefusal' },
    },
    recreating: {
      description: 'The same create again (same key): never a second lead.',
      expect: busy('createLead'),
      on: { CREATE_SAVED: 'situationSendingUpdate', CREATE_FAILS: 'createFailed' },
    },
    situationSendingUpdate: {
      description:
        'After a failed attempt, the saved lead gets an update at once, in case the lost one arrived.',
      expect: situation('updateLead'),
      on: { UPDATE_SAVED: 'situation' },
    },

    // Step 2 and the background updates.
    situation: {
      expect: situation(),
      on: { NEXT: 'situation', BACK: 'situation', CHOOSE_SITUATION: 'situationSaving' },
    },
    situationSaving: {
      expect: situation('updateLead'),
      on: {
        UPDATE_SAVED: 'situationChosen',
        UPDATE_FAILS: 'situationRetryWait',
        NEXT: 'categoryWhileSaving',
      },
    },
    situationRetryWait: {
      expect: situation(),
      on: { RETRY_TIME_PASSES: 'situationResending', FLUSH: 'situationResending' },
    },
    situationResending: {
      expect: situation('updateLead'),
      on: {
        UPDATE_SAVED: 'situationChosen',
        UPDATE_FAILS: 'situationRetryWait2',
        FLUSH: 'situationResending',
      },
    },
    situationRetryWait2: {
      expect: situation(),
      on: { RETRY_TIME_PASSES: 'situationResending2', FLUSH: 'situationResending2' },
    },
    situationResending2: {
      expect: situation('updateLead'),
      on: { UPDATE_SAVED: 'situationChosen', UPDATE_FAILS: 'situationSaveWarning' },
    },
    situationSaveWarning: {
      expect: warned(),
      on: { FLUSH: 'situationResendingWarned', RETRY_TIME_PASSES: 'situationResendingWarned' },
    },
    situationResendingWarned: {
      expect: warned('updateLead'),
      on: { UPDATE_SAVED: 'situationChosen', UPDATE_FAILS: 'situationSaveWarning' },
    },
    situationChosen: {
      expect: situation(),
      on: { NEXT: 'category', CHOOSE_SITUATION: 'situationChosen', FLUSH: 'situationChosen' },
    },

    // Step 3.
    categoryWhileSaving: {
      description: 'The update of step 2 is still on its way: the visitor is not kept waiting.',
      expect: category('updateLead'),
      on: { UPDATE_SAVED: 'category', CHOOSE_CATEGORY: 'categoryWhileSavingChanged' },
    },
    categoryWhileSavingChanged: { expect: category('updateLead'), on: { UPDATE_SAVED: 'categorySaving' } },
    category: {
      expect: category(),
      on: { NEXT: 'category', BACK: 'situationChosen', CHOOSE_CATEGORY: 'categorySaving' },
    },
    categorySaving: { expect: category('updateLead'), on: { UPDATE_SAVED: 'categoryChosen' } },
    categoryChosen: { expect: category(), on: { NEXT: 'sector', BACK: 'situationWithCategory' } },
    situationWithCategory: { expect: situation(), on: { NEXT: 'categoryChosen' } },

    // Step 4.
    sector: {
      expect: sector(),
      on: { NEXT: 'sector', BACK: 'categoryChosen', CHOOSE_SECTOR: 'sectorSaving' },
    },
    sectorSaving: { expect: sector('updateLead'), on: { UPDATE_SAVED: 'sectorChosen' } },
    sectorChosen: { expect: sector(), on: { NEXT: 'thanksDemo', BACK: 'categoryWithSector' } },
    categoryWithSector: {
      expect: category(),
      on: { NEXT: 'sectorChosen', CHANGE_CATEGORY: 'categoryChangeSaving' },
    },
    categoryChangeSaving: { expect: category('updateLead'), on: { UPDATE_SAVED: 'categoryChanged' } },
    categoryChanged: { expect: category(), on: { NEXT: 'sectorCleared' } },
    sectorCleared: {
      description: 'The new category cleared the sector, and a pizzeria is no sector of products.',
      expect: sector(),
      on: { NEXT: 'sectorCleared', CHOOSE_SECTOR: 'sectorCleared' },
    },

    // Step 5 without promotion mode: the sector's demo.
    thanksDemo: {
      expect: demo(false),
      on: {
        REGISTER_ANOTHER: 'contactEmpty',
        BACK: 'thanksDemo',
        START_TRIAL: { target: 'thanksDemo', effects: [] },
        VISIT_DEMO: 'thanksDemoSaving',
      },
    },
    thanksDemoSaving: {
      expect: demo(true, 'updateLead'),
      on: { UPDATE_SAVED: 'thanksDemoVisited', REGISTER_ANOTHER: 'thanksDemoSaving' },
    },
    thanksDemoVisited: { expect: demo(true), on: { REGISTER_ANOTHER: 'contactEmpty' } },

    // Promotion mode: the trial on step 5.
    promoContact: { expect: contact(), on: { COMPLETE_CONTACT: 'promoSituation' } },
    promoSituation: { expect: situation(), on: { ANSWER_STEPS_2_AND_3: 'promoSector' } },
    promoSector: {
      description: 'Step 4 without a sector: the trial, like the demo, waits for one.',
      expect: sector(),
      on: { CHOOSE_SECTOR: 'promoSectorSaving' },
    },
    promoSectorSaving: { expect: sector('updateLead'), on: { UPDATE_SAVED: 'promoSectorChosen' } },
    promoSectorChosen: { expect: sector(), on: { NEXT: 'thanksTrial' } },
    thanksTrial: {
      expect: { tags: ['step.thanks'], matches: [{ steps: { thanks: 'trial' } }] },
      on: { START_TRIAL: 'thanksTrial', VISIT_DEMO: 'thanksTrial', REGISTER_ANOTHER: 'promoContact' },
    },

    // A visitor from a Facebook ad: the bot check before the create.
    adContact: { expect: contact(), on: { FILL_REQUIRED: 'adContactFilled' } },
    adContactFilled: { expect: contact(), on: { SUBMIT_ACCEPTED: 'checkingBot' } },
    checkingBot: {
      expect: busy('getBotToken'),
      on: { SUBMIT: 'checkingBot', BOT_CHECK_PASSES: 'adCreating', BOT_CHECK_FAILS: 'botCheckFailed' },
    },
    botCheckFailed: { expect: failed('failure.botCheck'), on: { RETRY: 'checkingBotAgain' } },
    checkingBotAgain: {
      expect: busy('getBotToken'),
      on: { BOT_CHECK_PASSES: 'adCreating', BOT_CHECK_FAILS: 'botCheckFailedTwice' },
    },
    botCheckFailedTwice: { expect: failed('failure.botCheck'), on: { RETRY: 'creatingWithoutToken' } },
    creatingWithoutToken: {
      description: 'Two failed checks: the lead is saved without a token rather than lost.',
      expect: busy('createLead'),
      on: { CREATE_SAVED: 'situation' },
    },
    adCreating: {
      expect: busy('createLead'),
      on: { CREATE_SAVED: 'situation', CREATE_FAILS: 'adCreateFailed' },
    },
    adCreateFailed: { expect: failed('failure.create') },
  },
  events: {
    ARRIVE: { steps: [{ start: direct }] },
    ARRIVE_FROM_FB_AD: { steps: [{ start: { ...direct, needsBotCheck: true } }] },
    ARRIVE_IN_PROMOTION: { steps: [{ start: { ...direct, promotionMode: true } }] },
    ARRIVE_FROM_CAMPAIGN: {
      steps: [
        {
          start: {
            ...direct,
            tracking: { urlQueryString: 'utm_source=ig', utmSource: 'ig', utmCampaign: 'v' },
          },
        },
      ],
    },
    CREATE_RATE_LIMITED: {
      steps: [{ reject: 'createLead', error: new SaveError('rateLimited', 'x', { retryAfterSeconds: 30 }) }],
      effects: ['logLeadError'],
    },
    CREATE_REFUSES_FIELD: {
      steps: [
        {
          reject: 'createLead',
          error: new SaveError('refused', 'x', {
            refused: [refusedField('WhatsApp', 'No es un número válido.')],
          }),
        },
      ],
      effects: ['logLeadError'],
    },
    CAMPAIGN_FIELD_REFUSED: {
      steps: [
        {
          reject: 'createLead',
          error: new SaveError('refused', 'x', {
            refused: [refusedField('campaña (utm_campaign)', 'Tiene caracteres no válidos.')],
          }),
        },
      ],
    },
    CAMPAIGN_FIELD_REFUSED_AGAIN: {
      steps: [
        {
          reject: 'createLead',
          error: new SaveError('refused', 'x', {
            refused: [refusedField('campaña (utm_campaign)', 'Tiene caracteres no válidos.')],
          }),
        },
      ],
      effects: ['logLeadError'],
    },
    CODE_NOT_DOWNLOADED: {
      steps: [{ reject: 'createLead', error: new SaveError('download', 'x') }],
      effects: ['logLeadError'],
    },
    FILL_REQUIRED: {
      description: 'The five required fields; the e-mail is optional.',
      steps: [
        { send: { type: 'contact.change', field: 'nombreEmpresa', value: 'Pizzería Don Pepe' } },
        { send: { type: 'contact.change', field: 'nombre', value: 'Ana' } },
        { send: { type: 'contact.change', field: 'apellido', value: 'Gómez' } },
        { send: { type: 'contact.change', field: 'pais', value: 'CL' } },
        { send: { type: 'contact.change', field: 'whatsapp', value: '912345678' } },
      ],
    },
    EDIT_NAME: {
      description: 'After a submit every field shows its message: the edit is judged too.',
      steps: [
        { send: { type: 'contact.change', field: 'nombre', value: 'Ana María' } },
        { resolve: 'judgeContact', output: {} },
      ],
    },
    LEAVE_NAME_EMPTY: { steps: [{ send: { type: 'contact.blur', field: 'nombre' } }] },
    CHOOSE_UNLISTED_COUNTRY: { steps: [{ send: { type: 'contact.change', field: 'pais', value: 'XX' } }] },
    COUNTRY_REFUSED: { steps: [{ resolve: 'judgeContact', output: { pais: 'Elige un país de la lista.' } }] },
    NAME_NEEDED: { steps: [{ resolve: 'judgeContact', output: { nombre: 'Ingresa tu nombre.' } }] },
    NAME_ACCEPTED: { steps: [{ resolve: 'judgeContact', output: {} }] },
    RULES_UNAVAILABLE_ON_BLUR: {
      description: 'Offline on the first blur: no message; the server checks the same rules on submit.',
      steps: [{ reject: 'judgeContact', error: new Error('Sin conexión') }],
    },
    SUBMIT: { steps: [{ send: { type: 'contact.submit' } }] },
    FIELDS_ACCEPTED: { steps: [{ resolve: 'validateContact', output: {} }] },
    FIELDS_REFUSED: {
      steps: [{ resolve: 'validateContact', output: { email: 'Ingresa un e-mail válido.' } }],
    },
    RULES_UNAVAILABLE: {
      description: 'Offline: the rules could not load; the server checks the same ones.',
      steps: [{ reject: 'validateContact', error: new Error('Sin conexión') }],
    },
    SUBMIT_ACCEPTED: {
      onlyWhereTaken:
        'Enviar y que las reglas acepten los datos: dos pasos que el modelo también recorre por separado (SUBMIT, FIELDS_ACCEPTED).',
      steps: [{ send: { type: 'contact.submit' } }, { resolve: 'validateContact', output: {} }],
    },
    RETRY: { steps: [{ send: { type: 'retry' } }] },
    BOT_CHECK_PASSES: { steps: [{ resolve: 'getBotToken', output: 'token-1' }] },
    BOT_CHECK_FAILS: { steps: [{ reject: 'getBotToken' }], effects: ['logLeadError'] },
    CREATE_SAVED: { steps: [{ resolve: 'createLead', output: { id: 'lead-42', estado: 'nuevo' } }] },
    CREATE_FAILS: {
      steps: [{ reject: 'createLead', error: new Error('No se pudo guardar') }],
      effects: ['logLeadError'],
    },
    CREATE_ANSWER_WITHOUT_ID: {
      description: 'Spec section 8: a failed save leaves an empty result.',
      steps: [{ resolve: 'createLead', output: { id: '', estado: '' } }],
      effects: ['logLeadError'],
    },
    UPDATE_SAVED: { steps: [{ resolve: 'updateLead', output: { id: 'lead-42', estado: 'nuevo' } }] },
    UPDATE_FAILS: {
      steps: [{ reject: 'updateLead', error: new Error('No se pudo actualizar') }],
      effects: ['logLeadError'],
    },
    RETRY_TIME_PASSES: { steps: [{ wait: 'updateRetryDelay' }] },
    FLUSH: { description: 'Back online, or back to the page.', steps: [{ send: { type: 'sync.flush' } }] },
    NEXT: { steps: [{ send: { type: 'step.next' } }] },
    BACK: { steps: [{ send: { type: 'step.back' } }] },
    CHOOSE_SITUATION: { steps: [{ send: { type: 'situation.select', value: 'facilitar_gestion' } }] },
    CHOOSE_CATEGORY: { steps: [{ send: { type: 'category.select', value: 'gastronomico' } }] },
    CHANGE_CATEGORY: { steps: [{ send: { type: 'category.select', value: 'productos' } }] },
    CHOOSE_SECTOR: { steps: [{ send: { type: 'sector.select', value: 'pizzeria' } }] },
    VISIT_DEMO: { steps: [{ send: { type: 'demo.visit' } }] },
    START_TRIAL: { steps: [{ send: { type: 'trial.start' } }], effects: ['openTrialSignup'] },
    REGISTER_ANOTHER: { steps: [{ send: { type: 'wizard.restart', idempotencyKey: 'clave-2' } }] },
    COMPLETE_CONTACT: {
      onlyWhereTaken:
        'Completa y envía todo el paso 1 de una vez: el modelo lo recorre solo en modo promoción.',
      steps: [
        { send: { type: 'contact.change', field: 'nombreEmpresa', value: 'Heladería Sol' } },
        { send: { type: 'contact.change', field: 'nombre', value: 'Luis' } },
        { send: { type: 'contact.change', field: 'apellido', value: 'Pérez' } },
        { send: { type: 'contact.change', field: 'pais', value: 'PE' } },
        { send: { type: 'contact.change', field: 'whatsapp', value: '912345678' } },
        { send: { type: 'contact.submit' } },
        { resolve: 'validateContact', output: {} },
        { resolve: 'createLead', output: { id: 'lead-43', estado: 'nuevo' } },
      ],
    },
    ANSWER_STEPS_2_AND_3: {
      onlyWhereTaken: 'Responde dos pasos de una vez: fuera del paso 2 no es una acción del visitante.',
      steps: [
        { send: { type: 'situation.select', value: 'aun_no_comienza' } },
        { resolve: 'updateLead' },
        { send: { type: 'step.next' } },
        { send: { type: 'category.select', value: 'gastronomico' } },
        { resolve: 'updateLead' },
        { send: { type: 'step.next' } },
      ],
    },
  },
  leftOut: [
    {
      reason:
        'Los campos del paso 1 no están en pantalla en los pasos 2 a 5: la página no produce estos eventos ahí.',
      events: TYPING,
      states: LATER_STEPS,
    },
    {
      reason:
        'Escribir, dejar o corregir un campo se recorre desde el paso 1 vacío y tras un fallo; en los demás momentos del paso 1 no está en el modelo.',
      events: TYPING,
      states: CONTACT_STEP.filter((s) => s !== 'contactEmpty'),
    },
    {
      reason:
        'Enviar otra vez se recorre con SUBMIT_ACCEPTED (enviar y que las reglas acepten) o desde contactFilled.',
      events: ['SUBMIT'],
      states: [
        'createFailed',
        'botCheckFailed',
        'botCheckFailedTwice',
        'rateLimited',
        'fieldRefused',
        'codeMissing',
        'adCreateFailed',
        'campaignRefusedAgain',
        'adContactFilled',
        'campaignFilled',
        'contactEditedAfterFailure',
        'contactEditedAfterRefusal',
        'contactFilledJudging',
      ],
    },
    {
      reason: 'El modelo no sigue estos recorridos después de su último fallo.',
      events: ['RETRY'],
      states: ['adCreateFailed', 'campaignRefusedAgain'],
    },
    {
      reason:
        'Avanzar mientras se envía una actualización se recorre una vez (del paso 2 al 3, categoryWhileSaving); volver, o avanzar mientras fallan, no está en el modelo.',
      events: ['NEXT', 'BACK'],
      states: [
        'categorySaving',
        'sectorSaving',
        'categoryChangeSaving',
        'categoryWhileSaving',
        'categoryWhileSavingChanged',
        'situationRetryWait',
        'situationResending',
        'situationRetryWait2',
        'situationResending2',
        'situationSaveWarning',
        'situationResendingWarned',
        'promoSectorSaving',
      ],
    },
    {
      reason:
        'Volver se recorre desde categoryChosen y sectorChosen; volver desde aquí no está en el modelo.',
      events: ['BACK'],
      states: ['categoryWithSector', 'categoryChanged', 'sectorCleared', 'promoSector', 'promoSectorChosen'],
    },
    {
      reason:
        'Cambiar una respuesta ya dada se recorre en el paso 2 (situationChosen) y con el rubro desde categoryWithSector.',
      events: ['CHOOSE_SITUATION', 'CHOOSE_CATEGORY', 'CHANGE_CATEGORY', 'CHOOSE_SECTOR'],
      states: ['category', 'categoryChosen', 'categoryChanged', 'promoSituation', 'promoSectorChosen'],
    },
  ],
  invariants: [
    {
      rule: 'El agradecimiento necesita un sector elegido',
      id: 'thanksNeedsSector',
      check: ({ snapshot }) =>
        !snapshot.hasTag('step.thanks') || snapshot.context.sector !== null || 'agradecimiento sin sector',
    },
    {
      rule: 'La prueba gratis solo se ofrece en modo promoción',
      id: 'trialOnlyInPromotion',
      check: ({ snapshot }) =>
        !snapshot.matches({ steps: { thanks: 'trial' } }) ||
        snapshot.context.promotionMode ||
        'prueba gratis sin modo promoción',
    },
    {
      rule: 'En modo promoción el agradecimiento ofrece la prueba gratis, no la demo',
      id: 'demoOnlyOutsidePromotion',
      check: ({ snapshot }) =>
        !snapshot.matches({ steps: { thanks: 'demo' } }) ||
        !snapshot.context.promotionMode ||
        'demo en modo promoción',
    },
    {
      rule: 'Los pasos 2 a 5 solo se muestran con el prospecto guardado',
      id: 'laterStepsNeedLead',
      check: ({ snapshot }) =>
        snapshot.hasTag('step.contact') ||
        snapshot.context.leadId !== null ||
        'un paso después del 1 sin prospecto',
    },
    {
      rule: 'Sin prospecto guardado no se envía nada; con prospecto, sus cambios se envían',
      id: 'syncFollowsLead',
      check: ({ snapshot }) =>
        (snapshot.context.leadId === null) === snapshot.matches({ sync: 'waitingForLead' }) ||
        `prospecto ${JSON.stringify(snapshot.context.leadId)} con la sincronización en ${JSON.stringify(snapshot.value.sync)}`,
    },
    {
      rule: 'Un sector elegido es siempre de su rubro',
      id: 'sectorOfItsCategory',
      check: ({ snapshot }) => {
        const { rubro, sector } = snapshot.context;
        return (
          sector === null ||
          (rubro !== null && isSectorOf(rubro, sector)) ||
          `sector ${sector} con rubro ${rubro}`
        );
      },
    },
    {
      rule: 'Registrar otro negocio empieza de cero: paso 1, sin prospecto, sin respuestas y sin envíos pendientes',
      id: 'restartStartsOver',
      check: ({ snapshot, before, steps }) => {
        const restarted =
          before?.hasTag('step.thanks') &&
          !snapshot.hasTag('step.thanks') &&
          steps.some((s) => 'send' in s && s.send.type === 'wizard.restart');
        if (!restarted) return true;
        const c = snapshot.context;
        const left = [
          !snapshot.hasTag('step.contact') && 'no muestra el paso 1',
          c.leadId !== null && `conserva el prospecto ${c.leadId}`,
          !snapshot.matches({ sync: 'waitingForLead' }) &&
            `la sincronización sigue en ${JSON.stringify(snapshot.value.sync)}`,
          (c.situacionActual !== null || c.rubro !== null || c.sector !== null) && 'conserva respuestas',
          (c.unsentChanges || c.updateFailures > 0) && 'conserva envíos pendientes',
        ].filter((x) => typeof x === 'string');
        return left.length === 0 || left.join(', ');
      },
    },
  ],
});
