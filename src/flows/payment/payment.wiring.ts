import { fromCallback, fromPromise, type AnyActorRef } from 'xstate';
import {
  paymentMachine,
  type CaptureOrderOutput,
  type LoadSdkInput,
  type PaymentButtonsInput,
  type PaymentEvent,
} from './payment.machine';
import type { PaymentButtons, PaymentProvider } from '../../services/payments';

/** The payment actor's id in its system: the buttons ask it whether a click may start a payment. */
export const PAYMENT_SYSTEM_ID = 'payment';

/**
 * The payment machine with the provider's I/O: the SDK, the buttons (rendered into the element
 * `container()` returns, for as long as the machine is in checkout) and the capture. Start it with
 * `systemId: PAYMENT_SYSTEM_ID`.
 */
export function paymentLogic(provider: PaymentProvider, container: () => HTMLElement | null) {
  return paymentMachine.provide({
    actors: {
      loadSdk: fromPromise<void, LoadSdkInput>(({ input }) => provider.loadSdk(input)),
      paymentButtons: fromCallback<PaymentEvent, PaymentButtonsInput>(({ input, sendBack, system }) => {
        let stopped = false;
        let buttons: PaymentButtons | null = null;
        const send = (event: PaymentEvent) => {
          if (!stopped) sendBack(event);
        };
        const element = container();
        if (!element) {
          queueMicrotask(() => send({ type: 'buttons.failed' }));
          return () => {
            stopped = true;
          };
        }
        const payment = () => system.get(PAYMENT_SYSTEM_ID) as AnyActorRef | undefined;
        provider
          .renderButtons(element, input.quote, {
            canStart: () =>
              !stopped &&
              payment()
                ?.getSnapshot()
                .can({ type: 'payment.start' } satisfies PaymentEvent) === true,
            onStart: () => send({ type: 'payment.start' }),
            onApprove: (orderId) => send({ type: 'payment.approve', orderId }),
            onCancel: () => send({ type: 'payment.cancel' }),
            onError: (error) =>
              send({ type: 'payment.error', message: error instanceof Error ? error.message : undefined }),
          })
          .then(
            (rendered) => {
              if (stopped) {
                void rendered.close().catch(() => undefined);
                return;
              }
              buttons = rendered;
              send({ type: 'buttons.rendered' });
            },
            () => send({ type: 'buttons.failed' }),
          );
        return () => {
          stopped = true;
          void buttons?.close().catch(() => undefined);
        };
      }),
      captureOrder: fromPromise<CaptureOrderOutput, { orderId: string }>(({ input }) =>
        provider.captureOrder(input.orderId),
      ),
    },
    actions: {
      // Spec section 8: the failure is logged; the page shows it from the state.
      logPaymentError: (_, params) => console.info(params.message),
    },
  });
}
