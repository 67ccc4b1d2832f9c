/**
 * The subscription payment page as the product specification describes it (sections 2, 4, 5, 7
 * and 8), written by hand, not derived from src/flows/payment/payment.machine.ts.
 * tests/model/payment.independent.test.ts replays its paths on the real machine.
 *
 * What the buyer sees, state by state: the page's stage (tags stage.*: the payment section while
 * the provider's SDK and its buttons load, the buttons, paying, cancelled, capturing, the thanks,
 * the payment in review, the error section, the SDK error, the invalid address) and the busy
 * indicator; and what runs: the SDK load, the provider's buttons (alive exactly while they are on
 * the page) and the capture. It encodes: without cliente nothing loads and the error shows; an
 * approved order is captured once (a second click meanwhile does nothing) and then thanks or, when
 * the provider holds the capture, the review notice; a payment error or a capture that does not
 * complete shows the error section and logs it, with a retry that brings the buttons back; an SDK
 * or buttons that fail or take too long show the SDK error, with a retry.
 */
import { paymentMachine, type PaymentInput } from '../../../src/flows/payment/payment.machine';
import { independentModel } from '@tienda/flow-workbench/kit';

const params = (cliente: string[]): PaymentInput => ({
  params: { sandbox: ['1'], cliente, usd: [], locale: [] },
});

/** A provider's order reference, as the spec describes it (letters, digits and dashes, up to 64). */
const PROVIDER_ID = /^[A-Za-z0-9-]{1,64}$/;

export const paymentSpecModel = independentModel(paymentMachine, {
  id: 'paymentSpec',
  initial: 'closed',
  states: {
    closed: { expect: null, on: { OPEN: 'loading', OPEN_WITHOUT_CLIENTE: 'invalid' } },
    invalid: { expect: { tags: ['stage.invalid'], done: true } },
    loading: {
      expect: { tags: ['busy', 'stage.loading'], pending: ['loadSdk'] },
      on: { SDK_LOADED: 'rendering', SDK_FAILS: 'sdkFailed', SDK_TIMES_OUT: 'sdkFailed' },
    },
    sdkFailed: { expect: { tags: ['stage.sdkFailed'] }, on: { RETRY_SDK: 'loading' } },
    rendering: {
      expect: { tags: ['busy', 'stage.loading'], pending: ['paymentButtons'] },
      on: {
        BUTTONS_SHOWN: 'ready',
        BUTTONS_FAIL: 'sdkFailed',
        BUTTONS_TIME_OUT: 'sdkFailed',
        PAY: 'rendering',
      },
    },
    ready: {
      expect: { tags: ['stage.ready'], pending: ['paymentButtons'] },
      on: { PAY: 'paying', APPROVE: 'capturing', PAYMENT_ERROR: 'failed', BUTTONS_FAIL: 'sdkFailed' },
      notModelled: {
        CANCEL: 'El medio de pago avisa una cancelación solo después de abrir su ventana (PAY).',
      },
    },
    paying: {
      expect: { tags: ['stage.paying'], pending: ['paymentButtons'] },
      on: {
        PAY: 'paying',
        CANCEL: 'cancelled',
        APPROVE: 'capturing',
        APPROVE_FORGED_ORDER: 'paying',
        PAYMENT_ERROR: 'failed',
        BUTTONS_FAIL: 'sdkFailed',
      },
    },
    cancelled: {
      description: 'Nothing was charged; the buttons are still there.',
      expect: { tags: ['stage.cancelled'], pending: ['paymentButtons'] },
      on: { PAY: 'paying', APPROVE: 'capturing', PAYMENT_ERROR: 'failed', BUTTONS_FAIL: 'sdkFailed' },
    },
    capturing: {
      expect: { tags: ['busy', 'stage.capturing'], pending: ['captureOrder', 'paymentButtons'] },
      on: {
        PAY: 'capturing',
        CANCEL: 'capturing',
        PAYMENT_ERROR: { target: 'capturing', effects: [] },
        CAPTURE_COMPLETED: 'paid',
        CAPTURE_HELD_FOR_REVIEW: 'inReview',
        CAPTURE_DECLINED: 'failed',
        CAPTURE_FAILS: 'failed',
      },
    },
    paid: { expect: { tags: ['stage.paid'], done: true } },
    inReview: { expect: { tags: ['stage.pending'], done: true } },
    failed: {
      description: "'No pudimos procesar el pago': nothing was charged, help by WhatsApp.",
      expect: { tags: ['stage.failed'] },
      on: { RETRY_PAYMENT: 'rendering' },
    },
  },
  events: {
    OPEN: { steps: [{ start: params(['tienda-a', 'tienda-b']) }] },
    OPEN_WITHOUT_CLIENTE: { steps: [{ start: params([]) }] },
    SDK_LOADED: { steps: [{ resolve: 'loadSdk' }] },
    SDK_FAILS: { steps: [{ reject: 'loadSdk' }], effects: ['logPaymentError'] },
    SDK_TIMES_OUT: { steps: [{ wait: 'sdkLoadTimeout' }], effects: ['logPaymentError'] },
    RETRY_SDK: { steps: [{ send: { type: 'sdk.retry' } }] },
    BUTTONS_SHOWN: { steps: [{ send: { type: 'buttons.rendered' } }] },
    BUTTONS_FAIL: { steps: [{ send: { type: 'buttons.failed' } }], effects: ['logPaymentError'] },
    BUTTONS_TIME_OUT: { steps: [{ wait: 'sdkLoadTimeout' }], effects: ['logPaymentError'] },
    PAY: { steps: [{ send: { type: 'payment.start' } }] },
    CANCEL: { steps: [{ send: { type: 'payment.cancel' } }] },
    APPROVE: { steps: [{ send: { type: 'payment.approve', orderId: 'ORDER-1' } }] },
    APPROVE_FORGED_ORDER: { steps: [{ send: { type: 'payment.approve', orderId: '"><img src=x>' } }] },
    PAYMENT_ERROR: {
      steps: [{ send: { type: 'payment.error', message: 'card declined' } }],
      effects: ['logPaymentError'],
    },
    CAPTURE_COMPLETED: {
      steps: [{ resolve: 'captureOrder', output: { status: 'COMPLETED', captureId: 'CAP-1' } }],
    },
    CAPTURE_HELD_FOR_REVIEW: {
      steps: [{ resolve: 'captureOrder', output: { status: 'PENDING', captureId: 'CAP-2' } }],
    },
    CAPTURE_DECLINED: {
      steps: [{ resolve: 'captureOrder', output: { status: 'DECLINED', captureId: 'CAP-3' } }],
      effects: ['logPaymentError'],
    },
    CAPTURE_FAILS: { steps: [{ reject: 'captureOrder' }], effects: ['logPaymentError'] },
    RETRY_PAYMENT: { steps: [{ send: { type: 'payment.retry' } }] },
  },
  invariants: [
    {
      rule: 'Solo se muestra el pago hecho tras cobrar un pedido aprobado y que el cobro se complete',
      id: 'paidNeedsCompletedCapture',
      check: ({ snapshot, before, steps }) => {
        if (!snapshot.hasTag('stage.paid') || before?.hasTag('stage.paid')) return true;
        if (!before?.hasTag('stage.capturing')) return 'pagado sin haber cobrado';
        if (!PROVIDER_ID.test(snapshot.context.orderId ?? '')) return 'pagado sin un pedido aprobado';
        return (
          steps.some(
            (s) => 'resolve' in s && (s.output as { status?: string } | undefined)?.status === 'COMPLETED',
          ) || 'pagado sin un cobro completado'
        );
      },
    },
    {
      rule: 'El pago en revisión solo tras cobrar un pedido aprobado que el medio de pago retiene',
      id: 'reviewNeedsHeldCapture',
      check: ({ snapshot, before, steps }) => {
        if (!snapshot.hasTag('stage.pending') || before?.hasTag('stage.pending')) return true;
        return (
          (before?.hasTag('stage.capturing') &&
            steps.some(
              (s) => 'resolve' in s && (s.output as { status?: string } | undefined)?.status === 'PENDING',
            )) ||
          'en revisión sin un cobro retenido'
        );
      },
    },
    {
      rule: 'Solo se cobra un pedido aprobado con una referencia válida, y una sola vez',
      id: 'captureOnlyApprovedOrders',
      check: ({ calls }) => {
        const captures = calls.filter((c) => c.id === 'captureOrder');
        const forged = captures.find(
          (c) => !PROVIDER_ID.test((c.input as { orderId?: string }).orderId ?? ''),
        );
        if (forged) return `se cobró el pedido ${JSON.stringify(forged.input)}`;
        const open = captures.filter((c) => !c.settled).length;
        return open <= 1 || `${open} cobros a la vez`;
      },
    },
    {
      rule: 'Sin cliente en la dirección no se carga el medio de pago',
      id: 'noSdkWithoutCliente',
      check: ({ snapshot, calls }) =>
        snapshot.context.params !== null ||
        !calls.some((c) => c.id === 'loadSdk') ||
        'se cargó el medio de pago',
    },
  ],
});
