import { assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { PAYMENT_CURRENCY, PAYMENT_SDK_LOAD_TIMEOUT_MS } from '../domain/constants';
import { quotePayment, type PaymentQuote } from '../domain/payment-order';
import { validatePaymentParams, type PaymentParams, type RawPaymentParams } from '../domain/payment-params';

export interface PaymentInput {
  params: RawPaymentParams;
}

export interface PaymentContext {
  /** The validated parameters; null when they are invalid. */
  params: PaymentParams | null;
  /** The order: one line per store and the total, in cents; null when the parameters are invalid. */
  quote: PaymentQuote | null;
  /** Spanish messages, one per malformed parameter. */
  errors: string[];
  /** The order id of the approval being captured or captured. */
  orderId: string | null;
  /** The provider's id of the capture (the reference the customer sends by WhatsApp). */
  captureId: string | null;
}

export type PaymentEvent =
  | { type: 'buttons.rendered' }
  | { type: 'buttons.failed' }
  | { type: 'payment.start' }
  | { type: 'payment.approve'; orderId: string }
  | { type: 'payment.cancel' }
  | { type: 'payment.error'; message?: string }
  | { type: 'payment.retry' }
  | { type: 'sdk.retry' };

export interface LoadSdkInput {
  sandbox: boolean;
  locale: string;
  currency: typeof PAYMENT_CURRENCY;
}

export interface PaymentButtonsInput {
  quote: PaymentQuote;
}

export interface CaptureOrderOutput {
  /** The capture's status: COMPLETED (money taken), PENDING (held for review), or a failure. */
  status: string;
  captureId: string | null;
}

/** Spec section 8, payment error. */
export const PAYMENT_FAILED_MESSAGE = 'No pudimos procesar el pago';
export const SDK_FAILED_MESSAGE =
  'No pudimos cargar el medio de pago. Revisa tu conexión e intenta de nuevo.';
/** The SDK or its buttons failing, however it shows, ends in sdkFailed with one message. */
const TO_SDK_FAILED = {
  target: '#payment.sdkFailed',
  actions: [{ type: 'logPaymentError', params: { message: SDK_FAILED_MESSAGE } }],
} as const;
/** A payment that went wrong (the provider's error or a capture that did not complete). */
const TO_PAYMENT_FAILED = {
  target: '#payment.failed',
  actions: [{ type: 'logPaymentError', params: { message: PAYMENT_FAILED_MESSAGE } }],
} as const;
const PROVIDER_ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

const isProviderId = (value: unknown): value is string =>
  typeof value === 'string' && PROVIDER_ID_PATTERN.test(value);

/**
 * Subscription payment page (/pagos, spec sections 2, 4, 5 and 9). The query parameters are
 * validated first (a missing cliente raises 'Falta el parametro cliente en la URL'). Then the
 * payment SDK loads and its buttons render; the buyer may start, cancel (back to the buttons) or
 * approve; an approved order is captured once (the buttons refuse a click meanwhile: they ask
 * whether payment.start can happen), then the thanks section shows, or the error section (nothing charged)
 * with a retry. An SDK or buttons that fail or take too long show an error with a retry.
 */
export const paymentMachine = setup({
  types: {
    input: {} as PaymentInput,
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    tags: {} as 'busy',
  },
  actors: {
    loadSdk: fromPromise<void, LoadSdkInput>(async () => {
      throw new Error('loadSdk not provided');
    }),
    /** Renders the buttons while alive; sends buttons.* and payment.* events back. */
    paymentButtons: fromCallback<PaymentEvent, PaymentButtonsInput>(({ sendBack }) => {
      sendBack({ type: 'buttons.failed' });
    }),
    captureOrder: fromPromise<CaptureOrderOutput, { orderId: string }>(async () => {
      throw new Error('captureOrder not provided');
    }),
  },
  actions: {
    assignOrderId: assign({ orderId: (_, params: { orderId: string }) => params.orderId }),
    assignCapture: assign({
      captureId: (_, params: { output: CaptureOrderOutput }) =>
        isProviderId(params.output.captureId) ? params.output.captureId : null,
    }),
    logPaymentError: (_, _params: { message: string }) => {},
  },
  guards: {
    hasValidParams: ({ context }) => context.params !== null,
    hasOrderId: (_, params: { orderId: unknown }) => isProviderId(params.orderId),
    isCaptureCompleted: (_, params: { output: CaptureOrderOutput | undefined }) =>
      params.output?.status === 'COMPLETED',
    isCapturePending: (_, params: { output: CaptureOrderOutput | undefined }) =>
      params.output?.status === 'PENDING',
  },
  delays: {
    sdkLoadTimeout: PAYMENT_SDK_LOAD_TIMEOUT_MS,
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => {
    const result = validatePaymentParams(input.params);
    return result.ok
      ? {
          params: result.value,
          quote: quotePayment(result.value),
          errors: [],
          orderId: null,
          captureId: null,
        }
      : { params: null, quote: null, errors: result.errors, orderId: null, captureId: null };
  },
  initial: 'validating',
  states: {
    validating: {
      always: [{ guard: 'hasValidParams', target: 'loadingSdk' }, { target: 'invalidParams' }],
    },
    invalidParams: {
      type: 'final',
      description: 'The errors are in context.errors; no payment button is shown.',
    },
    loadingSdk: {
      tags: ['busy'],
      invoke: {
        id: 'loadSdk',
        src: 'loadSdk',
        input: ({ context }) => ({
          sandbox: context.params?.sandbox ?? false,
          locale: context.params?.locale ?? '',
          currency: PAYMENT_CURRENCY,
        }),
        onDone: { target: 'checkout' },
        onError: TO_SDK_FAILED,
      },
      after: {
        sdkLoadTimeout: TO_SDK_FAILED,
      },
    },
    sdkFailed: {
      description: 'The SDK or its buttons did not load: a Spanish error and a retry.',
      on: { 'sdk.retry': { target: 'loadingSdk' } },
    },
    checkout: {
      description: 'The payment buttons are rendered for as long as this state lasts.',
      invoke: {
        id: 'paymentButtons',
        src: 'paymentButtons',
        input: ({ context }) => ({ quote: context.quote as PaymentQuote }),
      },
      initial: 'rendering',
      states: {
        rendering: {
          tags: ['busy'],
          on: {
            'buttons.rendered': { target: 'ready' },
            'buttons.failed': TO_SDK_FAILED,
          },
          after: {
            sdkLoadTimeout: TO_SDK_FAILED,
          },
        },
        ready: {
          description: 'The buttons are shown; the summary above them.',
          initial: 'idle',
          states: {
            idle: {},
            paying: { description: 'The buyer is paying in the provider’s pop-up.' },
            cancelled: { description: 'The buyer closed the provider’s window: nothing was charged.' },
          },
          on: {
            'payment.start': { target: '.paying' },
            'payment.cancel': { target: '.cancelled' },
            'payment.approve': {
              guard: { type: 'hasOrderId', params: ({ event }) => ({ orderId: event.orderId }) },
              target: 'capturing',
              actions: [{ type: 'assignOrderId', params: ({ event }) => ({ orderId: event.orderId }) }],
            },
            'payment.error': TO_PAYMENT_FAILED,
            'buttons.failed': TO_SDK_FAILED,
          },
        },
        capturing: {
          tags: ['busy'],
          description:
            'No event of the buttons is handled here, so payment.start cannot happen: the buttons refuse a second click.',
          invoke: {
            id: 'captureOrder',
            src: 'captureOrder',
            input: ({ context }) => ({ orderId: context.orderId ?? '' }),
            onDone: [
              {
                guard: { type: 'isCaptureCompleted', params: ({ event }) => ({ output: event.output }) },
                target: '#payment.paid',
                actions: [{ type: 'assignCapture', params: ({ event }) => ({ output: event.output }) }],
              },
              {
                guard: { type: 'isCapturePending', params: ({ event }) => ({ output: event.output }) },
                target: '#payment.pendingReview',
                actions: [{ type: 'assignCapture', params: ({ event }) => ({ output: event.output }) }],
              },
              TO_PAYMENT_FAILED,
            ],
            onError: TO_PAYMENT_FAILED,
          },
        },
      },
    },
    paid: {
      type: 'final',
      description: 'Thanks section: asks the customer to notify the payment by WhatsApp.',
    },
    pendingReview: {
      type: 'final',
      description:
        'The provider holds the payment for review: the customer notifies it by WhatsApp with the capture id.',
    },
    failed: {
      description: "Error section: 'No pudimos procesar el pago', nothing was charged, WhatsApp help.",
      on: { 'payment.retry': { target: 'checkout' } },
    },
  },
});

export type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;
