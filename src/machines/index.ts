import type { AnyStateMachine } from 'xstate';
import {
  LEAD_UPDATE_FAILURES_BEFORE_WARNING,
  LEAD_UPDATE_MAX_COUNTED_FAILURES,
  leadUpdateRetryDelayMs,
} from '../domain/lead-sync';
import { countryPricesMachine, type CountryPricesInput } from './country-prices.machine';
import type { FlowNotes } from './flow-notes';
import { leadWizardMachine, type LeadWizardInput } from './lead-wizard.machine';
import { mobileSlidesMachine } from './mobile-slides.machine';
import { newsletterMachine } from './newsletter.machine';
import { paymentMachine, type PaymentInput } from './payment.machine';
import { referralBannerMachine, type ReferralBannerInput } from './referral-banner.machine';
import { welcomeMachine, type WelcomeInput } from './welcome.machine';

export { countryPricesMachine, selectPlanQuotes } from './country-prices.machine';
export { leadWizardMachine, restoreLeadWizardSnapshot } from './lead-wizard.machine';
export { mobileSlidesMachine } from './mobile-slides.machine';
export { newsletterMachine } from './newsletter.machine';
export { paymentMachine } from './payment.machine';
export { referralBannerMachine } from './referral-banner.machine';
export { welcomeMachine } from './welcome.machine';

export interface FlowEntry {
  /** File name of the docs page, docs/flows/<slug>.md. */
  slug: string;
  title: string;
  /** The source file, relative to the repository root. */
  source: string;
  machine: AnyStateMachine;
  /** The input the docs use to show the initial context. */
  exampleInput: unknown;
  notes: FlowNotes;
}

const retryDelays = Array.from({ length: LEAD_UPDATE_MAX_COUNTED_FAILURES }, (_, i) =>
  leadUpdateRetryDelayMs(i + 1),
);

/** Every flow machine of the site, in the order of the docs index. */
export const flows: readonly FlowEntry[] = [
  {
    slug: 'lead-wizard',
    title: 'Lead wizard (/registro)',
    source: 'src/machines/lead-wizard.machine.ts',
    machine: leadWizardMachine,
    exampleInput: {
      idempotencyKey: '00000000-0000-4000-8000-000000000000',
      promotionMode: false,
      needsBotCheck: false,
      codigoReferido: null,
      tracking: {},
      country: 'AR',
    } satisfies LeadWizardInput,
    notes: {
      events: {
        'contact.change': 'A contact field changed: `{ field, value }` (pais takes a country code).',
        'contact.submit':
          "Step 1's next button; `valid: false` when the view's finer checks (phone, e-mail) fail.",
        retry: 'Retry after a failed bot check or a failed create (same idempotency key).',
        'situation.select': 'A situation was chosen in step 2: `{ value }`.',
        'category.select': 'A category was chosen in step 3: `{ value }`; a new one clears the sector.',
        'sector.select': 'A sector of the chosen category was picked in step 4: `{ value }`.',
        'step.next': 'Next button of steps 2-4.',
        'step.back': 'Back button of steps 3 and 4.',
        'demo.visit': 'The demo link was followed: sets visitoDemo and sends an update.',
        'trial.start': 'The free-trial offer was followed (promotion mode).',
        'sync.flush':
          'Retry a waiting update now: sent by the view after restoring a persisted snapshot and when the browser is back online.',
      },
      guards: {
        isValidContactChange:
          'The field is a contact field and the value fits (known country code, length bound).',
        isContactComplete:
          'Business name, first name, last name, country and WhatsApp are non-empty after trimming (part of canSubmitContact).',
        isContactValid:
          "The submit does not carry `valid: false` from the view's schema (part of canSubmitContact).",
        canSubmitContact: 'isContactComplete and isContactValid.',
        needsBotCheck: 'The campaign source is fb: the invisible bot check runs before the create.',
        hasCreatedLead: 'The create answered with a usable id.',
        hasLeadId: 'The lead has been created.',
        isSituationChange: 'A known situation different from the current one.',
        isCategoryChange: 'A known category different from the current one.',
        isSectorChange: 'A sector of the chosen category, different from the current one.',
        hasSituation: 'A situation has been chosen.',
        hasCategory: 'A category has been chosen.',
        hasSector: 'A sector has been chosen.',
        canOfferTrial: 'A sector has been chosen and promotion mode is on.',
        hasUnsentChanges: 'Lead data changed since the last update was sent (or a create attempt failed).',
        isUpdateFailureLimitReached: `This update failure makes ${LEAD_UPDATE_FAILURES_BEFORE_WARNING} in a row: the thanks step will say the data is not saved yet.`,
      },
      actions: {
        assignContactField: 'Stores the changed contact field.',
        assignBotToken: 'Keeps the bot-check token for the create (sent as recaptchaToken).',
        assignLead: 'Stores the id and estado of the created lead; drops the used token.',
        assignSituation: 'Stores situacionActual.',
        assignCategory: 'Stores rubro and clears the sector.',
        assignSector: 'Stores the sector.',
        markDemoVisited: 'Sets visitoDemo.',
        markUnsentChanges: 'Marks the lead data as changed: the sync region sends an update.',
        markChangesSent: 'The update being sent carries every change so far.',
        countUpdateFailure: `Counts an update failure (up to ${LEAD_UPDATE_MAX_COUNTED_FAILURES}).`,
        resetUpdateFailures: 'An update reached the server.',
        logLeadError:
          "Logs the message (console; 'Estamos en mantenimiento. Por favor, volvé a intentar más tarde' for save and update failures). Provided by the view.",
        openTrialSignup:
          'Opens the identity-service sign-up (client admin, redirect to the admin app with origin pe). Provided by the view.',
      },
      actors: {
        getBotToken: 'Runs the invisible bot check; resolves the token.',
        createLead: 'POST {api}/prospectos/ with the Idempotency-Key header; resolves { id, estado }.',
        updateLead: 'PUT {api}/prospectos/ with the latest data and the id.',
      },
      delays: {
        updateRetryDelay: `Wait before retrying an update, by failures in a row: ${retryDelays.join(', ')} ms.`,
      },
    },
  },
  {
    slug: 'welcome',
    title: 'Welcome page (/bienvenido)',
    source: 'src/machines/welcome.machine.ts',
    machine: welcomeMachine,
    exampleInput: { skipRedirect: false, plan: 'premium' } satisfies WelcomeInput,
    notes: {
      events: {
        'redirect.abort': 'The page is shown again from the back/forward cache after the redirect.',
      },
      guards: { shouldSkipRedirect: 'The skipRedirect query parameter is present.' },
      actions: {
        trackLead: 'Sends the Lead conversion event (src/services/analytics.ts). Provided by the view.',
        trackPurchase:
          'Sends the Purchase conversion event with value (12 or 36) and currency USD (src/services/analytics.ts). Provided by the view.',
        redirectToRegistration:
          'Navigates to the registration host from configuration, with `plan` only when it is pro or premium. Provided by the view.',
      },
      actors: {},
      delays: { redirectDelay: 'Time on "PREPARANDO TU CUENTA..." before the account is shown ready.' },
    },
  },
  {
    slug: 'referral-banner',
    title: 'Referral banner',
    source: 'src/machines/referral-banner.machine.ts',
    machine: referralBannerMachine,
    exampleInput: { code: 'AMIGO25' } satisfies ReferralBannerInput,
    notes: {
      events: { 'banner.apply': "The 'Aplicar' button." },
      guards: { hasReferralCode: 'A referral code is active (from ?ref or session storage).' },
      actions: { applyReferral: 'Applies the referral (e.g. scrolls to the plans). Provided by the view.' },
      actors: {},
      delays: {
        showDelay: 'Wait after load before the banner appears.',
        hideDelay: 'The banner hides by itself after this long.',
      },
    },
  },
  {
    slug: 'payment',
    title: 'Subscription payment (/pagos)',
    source: 'src/machines/payment.machine.ts',
    machine: paymentMachine,
    exampleInput: {
      params: { sandbox: '1', cliente: ['mi-tienda'], usd: null, locale: null },
    } satisfies PaymentInput,
    notes: {
      events: {
        'payment.approve': "The provider's onApprove: `{ orderId }`.",
        'payment.error': "The provider's onError.",
        'payment.retry': "'Intentar de nuevo' on the error section.",
        'sdk.retry': 'Retry loading the payment SDK.',
      },
      guards: {
        hasValidParams: 'Every query parameter is valid (src/domain/payment-params.ts).',
        hasOrderId: 'The approval carries a plausible order id.',
        isCaptureCompleted: "The capture's status is COMPLETED.",
      },
      actions: {
        assignOrderId: 'Keeps the approved order id.',
        logPaymentError: 'Logs the failure. Provided by the view.',
      },
      actors: {
        loadSdk: 'Loads the card and wallet SDK with the sandbox or live client key and the locale.',
        captureOrder: 'Captures the approved order in the browser.',
      },
      delays: {},
    },
  },
  {
    slug: 'mobile-slides',
    title: 'Mobile app welcome (/mobile/bienvenida)',
    source: 'src/machines/mobile-slides.machine.ts',
    machine: mobileSlidesMachine,
    exampleInput: undefined,
    notes: {
      events: {
        'slide.next': "'Comenzar' on slide 1, or a swipe to slide 2 (Swiper, loaded on the first press).",
        'slide.back': "'Volver' on slide 2, or a swipe back to slide 1.",
        'trial.start': "'Iniciar Prueba Gratis'.",
        'account.open': "'Ya Tengo Cuenta'.",
        'redirect.abort': 'The page is shown again from the back/forward cache after leaving.',
      },
      guards: {},
      actions: {
        redirectToTrial:
          'Navigates to the registration host from configuration with `origen=apk`. Provided by the view.',
        redirectToAdmin:
          'Navigates to the admin host from configuration with `origen=apk`. Provided by the view.',
      },
      actors: {},
      delays: {},
    },
  },
  {
    slug: 'country-prices',
    title: 'Country and prices (pricing section)',
    source: 'src/machines/country-prices.machine.ts',
    machine: countryPricesMachine,
    exampleInput: { ccParam: 'CL', hasCountryCookie: false } satisfies CountryPricesInput,
    notes: {
      events: {
        'country.change': "The pricing section's country dropdown: `{ code }`.",
        'domain.toggle': "The Premium card's domain add-on checkbox.",
      },
      guards: {
        hasCountryParam: 'The cc query parameter is a known country code.',
        isKnownCountry: 'The detection lookup answered a known country code.',
        canChooseCountry: 'No cc cookie exists (the dropdown is shown) and the code is known.',
        needsExchangeRate: "The country's currency is not USD and the country is not AR.",
        isRateAvailable: 'The exchange-rate call was OK and its body a positive number.',
      },
      actions: {
        assignCountry: 'Sets the active country.',
        assignRate: 'Keeps the exchange rate.',
        clearRate: 'Forgets the previous country’s rate.',
        logLookupError: 'Logs the failed country lookup. Provided by the view.',
        logRateError:
          "Logs 'No se pudo recuperar cotizacion para pais {code}' (non-OK) or 'Error invocacion servicio de cotizaciones' (exception). Provided by the view.",
      },
      actors: {
        detectCountry: 'GET {api}/public/ip2location/; resolves countryCode (anything, validated here).',
        fetchRate:
          'GET {api}/public/cotizaciones/USD/{currency}; resolves { ok: true, rate } or { ok: false } for non-OK; rejects on a network error.',
      },
      delays: {},
    },
  },
  {
    slug: 'newsletter',
    title: 'Newsletter form',
    source: 'src/machines/newsletter.machine.ts',
    machine: newsletterMachine,
    exampleInput: undefined,
    notes: {
      events: {
        'form.submit': "The form's submit: `{ valid, fields }` (valid from the browser's validity check).",
      },
      guards: {
        isFormValid: 'The browser validity check passed.',
        isSubscribed: "The reply's response field is 'success'.",
      },
      actions: {
        clearMessage: 'Hides the previous message.',
        setSuccessMessage: "Shows 'You have successfully subscribed to our mailing list.'",
        setWarningMessage: "Shows the reply's message as plain text (a Spanish fallback when missing).",
        setErrorMessage: 'Shows the Spanish network error text.',
        logSubscribeError: 'Logs the failure. Provided by the view.',
      },
      actors: {
        subscribe: "Sends the serialized fields with the form's method and address; resolves the JSON reply.",
      },
      delays: {},
    },
  },
];
