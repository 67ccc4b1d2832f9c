import { assign, fromPromise, setup } from 'xstate';
import { PAYMENT_CURRENCY } from '../domain/constants';
import { validatePaymentParams, type PaymentParams, type RawPaymentParams } from '../domain/payment-params';

export interface PaymentInput {
  params: RawPaymentParams;
}

export interface PaymentContext {
  /** The validated parameters; null when they are invalid. */
  params: PaymentParams | null;
  /** Spanish messages, one per malformed parameter. */
  errors: string[];
  /** The order id of the approval being captured or captured. */
  orderId: string | null;
}

export type PaymentEvent =
  | { type: 'payment.approve'; orderId: string }
  | { type: 'payment.error'; message?: string }
  | { type: 'payment.retry' }
  | { type: 'sdk.retry' };

export interface LoadSdkInput {
  sandbox: boolean;
  locale: string;
  currency: typeof PAYMENT_CURRENCY;
}

export interface CaptureOrderOutput {
  /** The provider's capture status; 'COMPLETED' means the money was taken. */
  status: string;
}

/** Spec section 8, payment error. */
export const PAYMENT_FAILED_MESSAGE = 'No pudimos procesar el pago';
export const SDK_FAILED_MESSAGE =
  'No pudimos cargar el medio de pago. Revisá tu conexión y volvé a intentar.';
const ORDER_ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

/**
 * Subscription payment page (/pagos, spec sections 2, 4, 5 and 9): the query parameters are
 * validated first (a missing cliente raises 'Falta el parametro cliente en la URL'); then the
 * payment provider's SDK loads; on approval the order is captured and the thanks section shows;
 * a payment error shows the error section (nothing was charged).
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
    captureOrder: fromPromise<CaptureOrderOutput, { orderId: string }>(async () => {
      throw new Error('captureOrder not provided');
    }),
  },
  actions: {
    assignOrderId: assign({ orderId: (_, params: { orderId: string }) => params.orderId }),
    logPaymentError: (_, _params: { message: string }) => {},
  },
  guards: {
    hasValidParams: ({ context }) => context.params !== null,
    hasOrderId: ({ event }) =>
      event.type === 'payment.approve' &&
      typeof event.orderId === 'string' &&
      ORDER_ID_PATTERN.test(event.orderId),
    isCaptureCompleted: (_, params: { output: CaptureOrderOutput | undefined }) =>
      params.output?.status === 'COMPLETED',
  },
}).createMachine({
  id: 'payment',
  description:
    'Payment page: parameters validated (each malformed one with its own message), SDK loading, ready, capturing the approved order, then paid (thanks) or failed (nothing charged); an SDK that does not load can be retried.',
  context: ({ input }) => {
    const result = validatePaymentParams(input.params);
    return result.ok
      ? { params: result.value, errors: [], orderId: null }
      : { params: null, errors: result.errors, orderId: null };
  },
  initial: 'validating',
  states: {
    validating: {
      always: [{ guard: 'hasValidParams', target: 'loadingSdk' }, { target: 'invalidParams' }],
    },
    invalidParams: {
      type: 'final',
      description: 'The errors are in context.errors; nothing else can happen on this page.',
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
        onDone: { target: 'ready' },
        onError: {
          target: 'sdkFailed',
          actions: [{ type: 'logPaymentError', params: { message: SDK_FAILED_MESSAGE } }],
        },
      },
    },
    sdkFailed: {
      on: { 'sdk.retry': { target: 'loadingSdk' } },
    },
    ready: {
      on: {
        'payment.approve': {
          guard: 'hasOrderId',
          target: 'approving',
          actions: [{ type: 'assignOrderId', params: ({ event }) => ({ orderId: event.orderId }) }],
        },
        'payment.error': {
          target: 'failed',
          actions: [{ type: 'logPaymentError', params: { message: PAYMENT_FAILED_MESSAGE } }],
        },
      },
    },
    approving: {
      tags: ['busy'],
      invoke: {
        id: 'captureOrder',
        src: 'captureOrder',
        input: ({ context }) => ({ orderId: context.orderId ?? '' }),
        onDone: [
          {
            guard: { type: 'isCaptureCompleted', params: ({ event }) => ({ output: event.output }) },
            target: 'paid',
          },
          {
            target: 'failed',
            actions: [{ type: 'logPaymentError', params: { message: PAYMENT_FAILED_MESSAGE } }],
          },
        ],
        onError: {
          target: 'failed',
          actions: [{ type: 'logPaymentError', params: { message: PAYMENT_FAILED_MESSAGE } }],
        },
      },
    },
    paid: {
      type: 'final',
      description: 'Thanks section: asks the customer to notify the payment by WhatsApp.',
    },
    failed: {
      description: "Error section: 'No pudimos procesar el pago', nothing was charged, WhatsApp help.",
      on: { 'payment.retry': { target: 'ready' } },
    },
  },
});
