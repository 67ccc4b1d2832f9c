import { expect, type Page, type Route } from '@playwright/test';
import { SDK_URL_PATTERN } from '../../support/fake-paypal';
import { holdRequests, type Held } from './held';

/**
 * A fake PayPal SDK that waits for the test at every step a path controls: the SDK request is
 * held, render() waits for the `render` slot, a click creates the order and then waits for `decide`
 * (approve, cancel or error), and the capture waits for the `capture` slot (answered by the functions below).
 */
export const MODEL_BUTTON_LABEL = 'Pagar con PayPal (prueba de modelo)';

function source(): string {
  return `(() => {
  const state = (window.__modelPayPal = { render: null, decide: null, capture: null, orders: 0 });
  const wait = (key) => new Promise((resolve, reject) => { state[key] = { resolve, reject }; });
  window.paypal = {
    version: 'model',
    Buttons(options) {
      let button = null;
      async function click() {
        let refused = false;
        await options.onClick({ fundingSource: 'paypal' }, {
          resolve: () => Promise.resolve(),
          reject: () => { refused = true; return Promise.resolve(); },
        });
        if (refused) return;
        let orderID;
        try {
          orderID = await options.createOrder({}, { order: { create: () => Promise.resolve('ORDER-' + (++state.orders)) } });
        } catch (error) { options.onError(error); return; }
        const outcome = await wait('decide');
        state.decide = null;
        if (outcome === 'cancel') return options.onCancel({ orderID });
        if (outcome === 'error') return options.onError(new Error('card declined'));
        await options.onApprove({ orderID, payerID: 'PAYER-1' }, {
          order: { capture: () => wait('capture') },
        });
      }
      return {
        isEligible: () => true,
        render(container) {
          return wait('render').then(() => {
            state.render = null;
            button = document.createElement('button');
            button.type = 'button';
            button.textContent = ${JSON.stringify(MODEL_BUTTON_LABEL)};
            button.addEventListener('click', () => { void click(); });
            container.appendChild(button);
          });
        },
        close() { if (button) button.remove(); return Promise.resolve(); },
      };
    },
  };
})();`;
}

export interface ModelPayPal {
  sdk: Held;
}

export async function installModelPayPal(page: Page): Promise<ModelPayPal> {
  return { sdk: await holdRequests(page, SDK_URL_PATTERN) };
}

/** Answers every held SDK request: the fake SDK, or a network failure. */
export async function answerSdk(paypal: ModelPayPal, ok: boolean): Promise<void> {
  const reply = (route: Route) =>
    ok
      ? route.fulfill({ status: 200, contentType: 'application/javascript', body: source() })
      : route.abort('internetdisconnected');
  await paypal.sdk.answer(reply);
  while (paypal.sdk.pending().length > 0) await paypal.sdk.answer(reply);
}

type Slot = 'render' | 'decide' | 'capture';

/** Waits until the fake waits at `slot`, then resolves it with `value` or rejects it. */
export async function settle(
  page: Page,
  slot: Slot,
  outcome: { value?: unknown; error?: string },
): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        (s) => Boolean((window as unknown as { __modelPayPal?: Record<string, unknown> }).__modelPayPal?.[s]),
        slot,
      ),
    )
    .toBe(true);
  await page.evaluate(
    ([s, o]) => {
      const state = (
        window as unknown as {
          __modelPayPal: Record<string, { resolve: (v: unknown) => void; reject: (e: Error) => void } | null>;
        }
      ).__modelPayPal;
      const pending = state[s];
      state[s] = null;
      if (o.error !== undefined) pending?.reject(new Error(o.error));
      else pending?.resolve(o.value);
    },
    [slot, outcome] as const,
  );
}

/** The Orders v2 answer of a capture with this status. */
export function captureResponse(status: string, captureId: string) {
  return {
    id: 'ORDER',
    status: 'COMPLETED',
    purchase_units: [{ payments: { captures: [{ id: captureId, status }] } }],
  };
}
