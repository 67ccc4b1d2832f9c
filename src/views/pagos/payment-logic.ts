import { fromCallback, fromPromise } from 'xstate';
import {
  paymentMachine,
  type LoadSdkInput,
  type PaymentButtonsCommand,
  type PaymentButtonsInput,
  type PaymentEvent,
} from '../../machines/payment.machine';
import type { PaymentButtons, PaymentProvider } from '../../services/payments';

/**
 * The payment machine with the provider's I/O: the SDK, the buttons (rendered into the element
 * `container()` returns, for as long as the machine is in checkout) and the capture.
 */
export function paymentLogic(provider: PaymentProvider, container: () => HTMLElement | null) {
  return paymentMachine.provide({
    actors: {
      loadSdk: fromPromise<void, LoadSdkInput>(({ input }) => provider.loadSdk(input)),
      paymentButtons: fromCallback<PaymentButtonsCommand, PaymentButtonsInput>(
        ({ input, sendBack, receive }) => {
          let stopped = false;
          let disabled = false;
          let buttons: PaymentButtons | null = null;
          const send = (event: PaymentEvent) => {
            if (!stopped) sendBack(event);
          };
          receive((command) => {
            if (command.type === 'buttons.disable') {
              disabled = true;
              buttons?.disable();
            }
          });
          const element = container();
          if (!element) {
            queueMicrotask(() => send({ type: 'buttons.failed' }));
            return () => {
              stopped = true;
            };
          }
          provider
            .renderButtons(element, input.quote, {
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
                if (disabled) rendered.disable();
                send({ type: 'buttons.rendered' });
              },
              () => send({ type: 'buttons.failed' }),
            );
          return () => {
            stopped = true;
            void buttons?.close().catch(() => undefined);
          };
        },
      ),
      captureOrder: fromPromise<Awaited<ReturnType<PaymentProvider['captureOrder']>>, { orderId: string }>(
        ({ input }) => provider.captureOrder(input.orderId),
      ),
    },
    actions: {
      // Spec section 8: the failure is logged; the page shows it from the state.
      logPaymentError: (_, params) => console.info(params.message),
    },
  });
}
