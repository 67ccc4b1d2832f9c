import type { AnyStateMachine } from 'xstate';
import {
  BLOG_PAGE_SIZE,
  CONVERSION_VALUE_PREMIUM_USD,
  CONVERSION_VALUE_PRO_USD,
  NO_MORE_POSTS_FADE_MS,
  NOTIFICATION_DISPLAY_MS,
  PAYMENT_SDK_LOAD_TIMEOUT_MS,
  REFERRAL_BANNER_HIDE_DELAY_MS,
  REFERRAL_BANNER_SHOW_DELAY_MS,
  WELCOME_REDIRECT_DELAY_MS,
} from '../domain/constants';
import {
  BOT_CHECK_MAX_FAILURES,
  LEAD_UPDATE_FAILURES_BEFORE_WARNING,
  LEAD_UPDATE_MAX_COUNTED_FAILURES,
  leadUpdateRetryDelayMs,
} from '../domain/lead-wizard-rules';
import { MAINTENANCE_MESSAGE } from '../domain/messages';
import { blogGridMachine, type BlogGridInput } from './blog-grid/blog-grid.machine';
import { countryPricesMachine, type CountryPricesInput } from './country-prices/country-prices.machine';
import type { FlowNotes } from './flow-notes';
import { leadWizardMachine, type LeadWizardInput } from './registration/lead-wizard.machine';
import { mobileSlidesMachine } from './mobile-slides/mobile-slides.machine';
import { newsletterMachine } from './newsletter/newsletter.machine';
import { notificationMachine, type NotificationInput } from './notification/notification.machine';
import { paymentMachine, type PaymentInput } from './payment/payment.machine';
import { referralBannerMachine, type ReferralBannerInput } from './referral-banner/referral-banner.machine';
import { welcomeMachine, type WelcomeInput } from './welcome/welcome.machine';

/**
 * The flow catalogue: every flow machine of the site with its one description (built from the
 * constants it names, so a number can never go stale) and one line per named event, guard,
 * action, actor and delay. `npm run docs:flows` turns it into docs/flows/.
 */

export interface FlowEntry {
  /** File name of the docs page, docs/flows/<slug>.md. */
  slug: string;
  title: string;
  /** What the flow does, in a few sentences; the docs page and the Stately file show it. */
  description: string;
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
    description: `Lead wizard: contact, situation, category, sector, thanks. The contact step creates the lead once (idempotency key; for fb campaigns the bot check first, and after ${BOT_CHECK_MAX_FAILURES} failed checks the create goes ahead without a token); later changes are sent as background updates retried after ${retryDelays.join(', ')} ms, with a warning after ${LEAD_UPDATE_FAILURES_BEFORE_WARNING} failures in a row. Once the lead is saved, the thanks step (kept for the tab) starts a fresh wizard for another business.`,
    source: 'src/flows/registration/lead-wizard.machine.ts',
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
        'wizard.restart':
          "'Registrar otro negocio' on the thanks step: `{ idempotencyKey }`, a new key minted by the view for the new lead.",
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
        isBotCheckExhausted: `The bot check has failed ${BOT_CHECK_MAX_FAILURES} times: the create goes ahead without a token, so a blocked bot-check script never loses a lead.`,
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
        isUpdateFailureLimitReached: `${LEAD_UPDATE_FAILURES_BEFORE_WARNING} update failures in a row: the thanks step says the data is not saved yet.`,
        isLeadSaved: 'The sync region is in `synced`: the lead has every change, so a new wizard can start.',
      },
      actions: {
        assignContactField: 'Stores the changed contact field.',
        assignBotToken:
          'Keeps the bot-check token for the create (sent as recaptchaToken); the failure count starts again.',
        countBotCheckFailure: `Counts a failed bot check (up to ${BOT_CHECK_MAX_FAILURES}) and drops an earlier token.`,
        assignLead: 'Stores the id of the created lead; drops the used token.',
        assignSituation: 'Stores situacionActual.',
        assignCategory: 'Stores rubro and clears the sector.',
        assignSector: 'Stores the sector.',
        markDemoVisited: 'Sets visitoDemo.',
        markUnsentChanges: 'Marks the lead data as changed: the sync region sends an update.',
        markChangesSent: 'The update being sent carries every change so far.',
        countUpdateFailure: `Counts an update failure (up to ${LEAD_UPDATE_MAX_COUNTED_FAILURES}).`,
        resetUpdateFailures: 'An update reached the server.',
        startNewWizard:
          'A fresh context with the new idempotency key, keeping the campaign data, referral code and country; the finished lead is left as it is.',
        logLeadError: `Logs the message (console; '${MAINTENANCE_MESSAGE}' for save and update failures). Provided by the view.`,
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
    description: `Welcome page: "PREPARANDO TU CUENTA..." for ${WELCOME_REDIRECT_DELAY_MS} ms, then "TU CUENTA ESTÁ LISTA" and the redirect to the registration host unless skipRedirect is set (or the page comes back from the back/forward cache). The plan picks the Purchase conversion value (${CONVERSION_VALUE_PREMIUM_USD}\u00a0USD premium, ${CONVERSION_VALUE_PRO_USD}\u00a0USD otherwise).`,
    source: 'src/flows/welcome/welcome.machine.ts',
    machine: welcomeMachine,
    exampleInput: { skipRedirect: false, plan: 'premium' } satisfies WelcomeInput,
    notes: {
      events: {
        'redirect.abort': 'The page is shown again from the back/forward cache after the redirect.',
      },
      guards: { shouldSkipRedirect: 'The skipRedirect query parameter is present.' },
      actions: {
        trackLead: 'Sends the Lead conversion event (src/services/analytics.ts). Provided by the view.',
        trackPurchase: `Sends the Purchase conversion event with value (${CONVERSION_VALUE_PRO_USD} or ${CONVERSION_VALUE_PREMIUM_USD}) and currency USD (src/services/analytics.ts). Provided by the view.`,
        redirectToRegistration:
          'Navigates to the registration host from configuration, with `plan` only when it is pro or premium. Provided by the view.',
      },
      actors: {},
      delays: {
        redirectDelay:
          'Time on "PREPARANDO TU CUENTA..." before the account is shown ready, counted from when the visitor first saw it (only the rest is waited when the page\'s code started later).',
      },
    },
  },
  {
    slug: 'referral-banner',
    title: 'Referral banner',
    description: `Referral banner: hidden at load; shown after ${REFERRAL_BANNER_SHOW_DELAY_MS} ms when a referral code exists; dismissed after ${REFERRAL_BANNER_HIDE_DELAY_MS} ms or when 'Aplicar' is pressed.`,
    source: 'src/flows/referral-banner/referral-banner.machine.ts',
    machine: referralBannerMachine,
    exampleInput: { code: 'AMIGO25' } satisfies ReferralBannerInput,
    notes: {
      events: { 'banner.apply': "The 'Aplicar' button." },
      guards: { hasReferralCode: 'A referral code is active (from ?ref or session storage).' },
      actions: { applyReferral: 'Applies the referral (e.g. scrolls to the plans). Provided by the view.' },
      actors: {},
      delays: {
        showDelay:
          "Wait after the page's load before the banner appears (only the rest is waited when the banner's code started later).",
        hideDelay: 'The banner hides by itself after this long.',
      },
    },
  },
  {
    slug: 'payment',
    title: 'Subscription payment (/pagos)',
    description: `Payment page: parameters validated (each malformed one with its own message); the SDK loads and renders its buttons (each within ${PAYMENT_SDK_LOAD_TIMEOUT_MS} ms, else a retry); a click creates the order, the approved order is captured, then paid (thanks), pending (in review) or failed (nothing charged); a cancel returns to the buttons.`,
    source: 'src/flows/payment/payment.machine.ts',
    machine: paymentMachine,
    exampleInput: {
      params: { sandbox: ['1'], cliente: ['mi-tienda'], usd: [], locale: [] },
    } satisfies PaymentInput,
    notes: {
      events: {
        'buttons.rendered': 'The payment buttons are on the page (sent by the paymentButtons actor).',
        'buttons.failed': 'The buttons could not be rendered (sent by the paymentButtons actor).',
        'payment.start':
          "A button was clicked: the provider's createOrder is creating the order. The buttons create none unless the machine can take this event.",
        'payment.approve': "The provider's onApprove: `{ orderId }`.",
        'payment.cancel': "The provider's onCancel: the buyer closed its window; back to the buttons.",
        'payment.error': "The provider's onError.",
        'payment.retry': "'Intentar de nuevo' on the error section.",
        'sdk.retry': "'Reintentar' after the SDK or the buttons failed to load.",
      },
      guards: {
        hasValidParams: 'Every query parameter is valid (src/domain/payment-params.ts).',
        hasOrderId: 'The approval carries a plausible order id.',
        isCaptureCompleted: "The capture's status is COMPLETED: the money was taken.",
        isCapturePending: "The capture's status is PENDING: the provider holds it for review.",
      },
      actions: {
        assignOrderId: 'Keeps the approved order id.',
        assignCapture: "Keeps the capture id (the customer's reference), when plausible.",
        logPaymentError: 'Logs the failure (console). Provided by the view.',
      },
      actors: {
        loadSdk:
          'Loads the card and wallet SDK (PayPal) with the sandbox or live client id, the locale and currency USD.',
        paymentButtons:
          'Renders the buttons while in checkout; its createOrder sends the order of src/domain/payment-order.ts. Provided by the view.',
        captureOrder: 'Captures the approved order in the browser; resolves the capture status and id.',
      },
      delays: {
        sdkLoadTimeout: 'Longest wait for the SDK to load, and again for its buttons to render.',
      },
    },
  },
  {
    slug: 'mobile-slides',
    title: 'Mobile app welcome (/mobile/bienvenida)',
    description:
      "Mobile app welcome: slide 1, slide 2, then a spinner while redirecting to the free trial or to the admin host (origin apk). 'redirect.abort' brings slide 2 back when the page is shown again from the back/forward cache.",
    source: 'src/flows/mobile-slides/mobile-slides.machine.ts',
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
    description:
      'Country and prices: country from the cc query parameter, else the cc cookie (an earlier choice), else the detection lookup, else AR; the exchange rate for non-USD countries other than AR (failures logged, regional prices hidden); a country chosen in the dropdown reloads and is remembered in the cc cookie; the domain add-on toggle.',
    source: 'src/flows/country-prices/country-prices.machine.ts',
    machine: countryPricesMachine,
    exampleInput: { ccParam: 'CL', ccCookie: null } satisfies CountryPricesInput,
    notes: {
      events: {
        'country.change': "The pricing section's country dropdown: `{ code }`.",
        'domain.toggle': "The Premium card's domain add-on checkbox.",
      },
      guards: {
        hasCountryParam: 'The cc query parameter is a known country code.',
        hasCountryCookie: 'The cc cookie holds a known country code (an earlier choice).',
        isKnownCountry: 'The detection lookup answered a known country code.',
        canChooseCountry: 'No cc cookie remembers a country (the dropdown is shown) and the code is known.',
        needsExchangeRate: "The country's currency is not USD and the country is not AR.",
        isRateAvailable: 'The exchange-rate call was OK and its body a positive number.',
      },
      actions: {
        assignCountry: 'Sets the active country.',
        assignRate: 'Keeps the exchange rate.',
        clearRate: 'Forgets the previous country’s rate.',
        rememberCountry:
          'Writes the chosen country to the cc cookie (a year, path /, SameSite=Lax; src/services/country-cookie.ts). Provided by the view.',
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
    description:
      'Newsletter form: an invalid submit only marks the form as validated; a valid one is sent (spinner) and ends in success (default message), warning (the server message) or error; after a warning or an error it can be sent again.',
    source: 'src/flows/newsletter/newsletter.machine.ts',
    machine: newsletterMachine,
    exampleInput: undefined,
    notes: {
      events: {
        'form.submit':
          "The form's submit: `{ valid, action, method, fields }` (valid from the browser's validity check; action and method are the form's own; fields serialized from it).",
      },
      guards: {
        isFormValid: 'The browser validity check passed.',
        isSubscribed: "The reply's response field is 'success'.",
      },
      actions: {
        clearMessage: 'Hides the previous message.',
        setSuccessMessage:
          "Shows the reply's message as plain text, or 'You have successfully subscribed to our mailing list.' without one.",
        setWarningMessage:
          "Keeps the reply's message as plain text (a Spanish fallback when missing) for the notification.",
        setErrorMessage: 'Shows the Spanish network error text; the address stays in the form.',
        logSubscribeError: 'Logs the failure. Provided by the view.',
        clearForm: 'Empties the form after a subscription. Provided by the view.',
        focusInvalidField: 'Moves the focus to the invalid field. Provided by the view.',
      },
      actors: {
        subscribe:
          "Sends the serialized fields with the form's method to the form's action (Accept: application/json); resolves the parsed JSON reply, rejects on a network failure or a reply that is not JSON.",
        notification: `The notification machine showing the warning for ${NOTIFICATION_DISPLAY_MS} ms (see Notification).`,
      },
      delays: {},
    },
  },
  {
    slug: 'blog-grid',
    title: 'Blog grid (/blog)',
    description: `Blog grid: a filter menu by category and ${BLOG_PAGE_SIZE} posts at a time behind 'Ver más artículos'; when none are left the button hides and 'No more posts to show' fades out after ${NO_MORE_POSTS_FADE_MS} ms.`,
    source: 'src/flows/blog-grid/blog-grid.machine.ts',
    machine: blogGridMachine,
    exampleInput: {
      posts: [
        { slug: 'post-1', category: 'WhatsApp' },
        { slug: 'post-2', category: 'Ventas' },
        { slug: 'post-3', category: 'Instagram' },
        { slug: 'post-4', category: 'Instagram' },
      ],
    } satisfies BlogGridInput,
    notes: {
      events: {
        'category.select': "A button of the filter menu: `{ category }` (null for 'Todos').",
        'posts.more': "The 'Ver más artículos' button.",
      },
      guards: {
        isCategoryChange: 'A category of the posts (or null), different from the active one.',
        hasHiddenPosts: 'The active category has more posts than those shown.',
        hasPostsBeyondNextPage: 'Posts of the active category remain hidden after the next page.',
      },
      actions: {
        selectCategory: 'Sets the active category and shows its first page.',
        showNextPage: `Shows ${BLOG_PAGE_SIZE} more posts; the focus moves to the first of them.`,
      },
      actors: {},
      delays: {
        noMorePostsFade: "Time 'No more posts to show' stays before it fades out (spec section 9).",
      },
    },
  },
  {
    slug: 'notification',
    title: 'Notification',
    description: `Notification: shows a message for ${NOTIFICATION_DISPLAY_MS} ms, held while the pointer or the focus is on it, and closes earlier with its close button.`,
    source: 'src/flows/notification/notification.machine.ts',
    machine: notificationMachine,
    exampleInput: { message: 'Swiper plugin is missing', tone: 'danger' } satisfies NotificationInput,
    notes: {
      events: {
        'notification.dismiss': 'The close button.',
        'notification.hold': 'The pointer entered or the focus moved into the notification.',
        'notification.release': 'The pointer left and the focus moved out.',
      },
      guards: {},
      actions: {},
      actors: {},
      delays: { displayDelay: 'How long a notification shows (spec section 9).' },
    },
  },
];
