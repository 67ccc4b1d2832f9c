import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { PAYMENT_CURRENCY, PAYMENT_SDK_LOAD_TIMEOUT_MS } from '../../domain/constants';
import { quotePayment, type PaymentQuote } from '../../domain/payment-order';
import {
  validatePaymentParams,
  type PaymentParams,
  type RawPaymentParams,
} from '../../domain/payment-params';
import { PAYMENT_FAILED_MESSAGE, SDK_FAILED_MESSAGE } from '../../domain/payment-messages';

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
/** What the payment page shows: each state names its stage with a `stage.<name>` tag. */
const PAYMENT_STAGES = [
  'invalid',
  'loading',
  'sdkFailed',
  'ready',
  'paying',
  'cancelled',
  'capturing',
  'failed',
  'paid',
  'pending',
] as const;
export type PaymentStage = (typeof PAYMENT_STAGES)[number];

/** The stage the machine's state shows. */
export function paymentStageOf(snapshot: { hasTag(tag: `stage.${PaymentStage}`): boolean }): PaymentStage {
  return PAYMENT_STAGES.find((stage) => snapshot.hasTag(`stage.${stage}`)) ?? 'loading';
}

export const paymentMachine = setup({
  types: {
    input: {} as PaymentInput,
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    tags: {} as 'busy' | `stage.${PaymentStage}`,
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
  description:
    'Pago de la suscripción: se revisan los datos de la dirección, se carga el medio de pago y se cobra el pedido que el visitante aprueba.',
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
      description: 'Se revisan los datos que trae la dirección de la página.',
      tags: ['stage.loading'],
      always: [
        {
          guard: 'hasValidParams',
          target: 'loadingSdk',
          description: 'Si todos los datos de la dirección son válidos, se carga el medio de pago.',
        },
        {
          target: 'invalidParams',
          description: 'Si falta un dato o alguno no es válido, se muestra qué está mal.',
        },
      ],
    },
    invalidParams: {
      type: 'final',
      tags: ['stage.invalid'],
      description: 'Se muestra un mensaje por cada dato incorrecto de la dirección y ningún botón de pago.',
    },
    loadingSdk: {
      description: 'Se carga el medio de pago, con un indicador de carga.',
      tags: ['busy', 'stage.loading'],
      invoke: {
        id: 'loadSdk',
        src: 'loadSdk',
        input: ({ context }) => ({
          sandbox: context.params?.sandbox ?? false,
          locale: context.params?.locale ?? '',
          currency: PAYMENT_CURRENCY,
        }),
        onDone: {
          target: 'checkout',
          description: 'Cuando el medio de pago está cargado, se muestran sus botones.',
        },
        onError: {
          ...TO_SDK_FAILED,
          description: 'Si el medio de pago no carga, se muestra el error con la opción de reintentar.',
        },
      },
      after: {
        sdkLoadTimeout: {
          ...TO_SDK_FAILED,
          description:
            'Si el medio de pago tarda demasiado en cargar, se muestra el error con la opción de reintentar.',
        },
      },
    },
    sdkFailed: {
      description: 'El medio de pago no cargó: se muestra un error y un botón para reintentar.',
      tags: ['stage.sdkFailed'],
      on: {
        'sdk.retry': { target: 'loadingSdk', description: 'El visitante reintenta cargar el medio de pago.' },
      },
    },
    checkout: {
      description: 'Los botones del medio de pago están en la página mientras dura esta etapa.',
      invoke: {
        id: 'paymentButtons',
        src: 'paymentButtons',
        input: ({ context }) => ({ quote: context.quote as PaymentQuote }),
      },
      initial: 'rendering',
      states: {
        rendering: {
          description: 'Se dibujan los botones de pago, con un indicador de carga.',
          tags: ['busy', 'stage.loading'],
          on: {
            'buttons.rendered': {
              target: 'ready',
              description: 'Los botones de pago ya están en la página.',
            },
            'buttons.failed': {
              ...TO_SDK_FAILED,
              description:
                'Si los botones no se pueden mostrar, se muestra el error con la opción de reintentar.',
            },
          },
          after: {
            sdkLoadTimeout: {
              ...TO_SDK_FAILED,
              description:
                'Si los botones tardan demasiado en aparecer, se muestra el error con la opción de reintentar.',
            },
          },
        },
        ready: {
          description: 'Se ven el resumen del pedido y, debajo, los botones de pago.',
          initial: 'idle',
          states: {
            idle: { description: 'El visitante todavía no empezó a pagar.', tags: ['stage.ready'] },
            paying: {
              description: 'El visitante está pagando en la ventana del medio de pago.',
              tags: ['stage.paying'],
            },
            cancelled: {
              description: 'El visitante cerró la ventana del medio de pago: no se cobró nada.',
              tags: ['stage.cancelled'],
            },
          },
          on: {
            'payment.start': {
              target: '.paying',
              description: 'El visitante pulsa un botón de pago y se crea el pedido.',
            },
            'payment.cancel': {
              target: '.cancelled',
              description: 'El visitante cierra la ventana del medio de pago sin pagar.',
            },
            'payment.approve': {
              guard: { type: 'hasOrderId', params: ({ event }) => ({ orderId: event.orderId }) },
              target: 'capturing',
              actions: [{ type: 'assignOrderId', params: ({ event }) => ({ orderId: event.orderId }) }],
              description: 'Si el medio de pago aprueba un pedido con una referencia válida, se cobra.',
            },
            'payment.error': {
              ...TO_PAYMENT_FAILED,
              description: 'Si el medio de pago informa un error, se muestra la sección de error.',
            },
            'buttons.failed': {
              ...TO_SDK_FAILED,
              description:
                'Si los botones dejan de funcionar, se muestra el error con la opción de reintentar.',
            },
          },
        },
        capturing: {
          tags: ['busy', 'stage.capturing'],
          description: 'Se cobra el pedido aprobado; mientras tanto los botones no aceptan un segundo clic.',
          invoke: {
            id: 'captureOrder',
            src: 'captureOrder',
            input: ({ context }) => ({ orderId: context.orderId ?? '' }),
            onDone: [
              {
                guard: { type: 'isCaptureCompleted', params: ({ event }) => ({ output: event.output }) },
                target: '#payment.paid',
                actions: [{ type: 'assignCapture', params: ({ event }) => ({ output: event.output }) }],
                description: 'Si el cobro se completó, se muestra el agradecimiento.',
              },
              {
                guard: { type: 'isCapturePending', params: ({ event }) => ({ output: event.output }) },
                target: '#payment.pendingReview',
                actions: [{ type: 'assignCapture', params: ({ event }) => ({ output: event.output }) }],
                description:
                  'Si el medio de pago deja el cobro en revisión, se muestra el aviso de pago en revisión.',
              },
              {
                ...TO_PAYMENT_FAILED,
                description:
                  'Si el cobro no se completó ni quedó en revisión, se muestra la sección de error.',
              },
            ],
            onError: {
              ...TO_PAYMENT_FAILED,
              description: 'Si el cobro falla, se muestra la sección de error.',
            },
          },
        },
      },
    },
    paid: {
      type: 'final',
      tags: ['stage.paid'],
      description: 'Agradecimiento: se pide al visitante que avise del pago por WhatsApp.',
    },
    pendingReview: {
      type: 'final',
      tags: ['stage.pending'],
      description:
        'El medio de pago retiene el pago para revisarlo: se pide al visitante que avise por WhatsApp con la referencia del cobro.',
    },
    failed: {
      description:
        'Sección de error: no se pudo procesar el pago, no se cobró nada y se ofrece ayuda por WhatsApp.',
      tags: ['stage.failed'],
      on: {
        'payment.retry': {
          target: 'checkout',
          description: 'El visitante vuelve a intentar el pago y aparecen otra vez los botones.',
        },
      },
    },
  },
});
