/**
 * The payment provider behind the payment page (spec section 7): loads the card and wallet SDK,
 * renders its buttons and captures the approved order. The page and its machine know only the
 * PaymentProvider interface, so a server-side order flow (create and capture through our API)
 * can replace the browser-side one below without touching them.
 */
import type { PayPalNamespace } from '@paypal/paypal-js';
import { config } from '../config';
import type { PAYMENT_CURRENCY } from '../domain/constants';
import { buildPaymentOrder, type PaymentQuote } from '../domain/payment-order';

interface LoadPaymentSdkOptions {
  sandbox: boolean;
  locale: string;
  currency: typeof PAYMENT_CURRENCY;
}

/** What the buyer does with the buttons. */
export interface PaymentButtonsHandlers {
  /** Whether a click may create an order now (false while an approved order is captured). */
  canStart: () => boolean;
  /** The buyer clicked a button and an order is being created. */
  onStart: () => void;
  onApprove: (orderId: string) => void;
  onCancel: () => void;
  onError: (error: unknown) => void;
}

export interface PaymentButtons {
  close: () => Promise<void>;
}

export interface PaymentCapture {
  /** The capture's status: COMPLETED, PENDING, DECLINED, FAILED... */
  status: string;
  captureId: string | null;
}

export interface PaymentProvider {
  loadSdk: (options: LoadPaymentSdkOptions) => Promise<void>;
  renderButtons: (
    container: HTMLElement,
    quote: PaymentQuote,
    handlers: PaymentButtonsHandlers,
  ) => Promise<PaymentButtons>;
  /** Captures an approved order; rejects when the provider refuses it. */
  captureOrder: (orderId: string) => Promise<PaymentCapture>;
}

class PaymentSdkError extends Error {
  override name = 'PaymentSdkError';
}

/** PayPal's JavaScript SDK: the order is created and captured in the browser. */
export function createPayPalProvider(): PaymentProvider {
  let paypal: PayPalNamespace | null = null;
  /** The capture of each approved order, as the SDK hands it to onApprove. */
  const captures = new Map<string, () => Promise<unknown>>();

  return {
    async loadSdk({ sandbox, locale, currency }) {
      try {
        // The loader comes with the SDK, not with the page: a link without a valid order (and the
        // page's own load) never needs it.
        const { loadScript } = await import('@paypal/paypal-js');
        paypal = await loadScript({
          clientId: sandbox ? config.paypalClientIdSandbox : config.paypalClientIdLive,
          currency,
          locale,
          intent: 'capture',
          components: 'buttons',
        });
      } catch (error) {
        // A failed script stays in the page; a retry must insert a fresh one.
        document.querySelectorAll('script[data-js-sdk-library="paypal-js"]').forEach((s) => s.remove());
        throw error;
      }
      if (!paypal?.Buttons) throw new PaymentSdkError('El SDK de pagos no tiene botones');
    },

    async renderButtons(container, quote, handlers) {
      if (!paypal?.Buttons) throw new PaymentSdkError('El SDK de pagos no está cargado');
      const buttons = paypal.Buttons({
        onClick: (_data, actions) => (handlers.canStart() ? actions.resolve() : actions.reject()),
        createOrder: async (_data, actions) => {
          if (!handlers.canStart()) throw new PaymentSdkError('Ya hay un pago en curso');
          handlers.onStart();
          return actions.order.create(buildPaymentOrder(quote));
        },
        onApprove: async (data, actions) => {
          const order = actions.order;
          if (order) captures.set(data.orderID, () => order.capture());
          handlers.onApprove(data.orderID);
        },
        onCancel: () => handlers.onCancel(),
        onError: (error) => handlers.onError(error),
      });
      if (!buttons.isEligible()) throw new PaymentSdkError('Los botones de pago no están disponibles');
      await buttons.render(container);
      return { close: () => buttons.close() };
    },

    async captureOrder(orderId) {
      const capture = captures.get(orderId);
      if (!capture) throw new PaymentSdkError(`La orden ${orderId} no fue aprobada en esta página`);
      captures.delete(orderId);
      return readCapture(await capture());
    },
  };
}

/** The status and id of the first capture of a captured order (Orders v2 response). */
export function readCapture(response: unknown): PaymentCapture {
  const order = (typeof response === 'object' && response !== null ? response : {}) as {
    status?: unknown;
    purchase_units?: { payments?: { captures?: { id?: unknown; status?: unknown }[] } }[];
  };
  const capture = Array.isArray(order.purchase_units)
    ? order.purchase_units[0]?.payments?.captures?.[0]
    : undefined;
  const status = capture?.status ?? order.status;
  return {
    status: typeof status === 'string' ? status : 'UNKNOWN',
    captureId: typeof capture?.id === 'string' ? capture.id : null,
  };
}
