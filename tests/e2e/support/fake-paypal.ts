import type { Page, Request } from '@playwright/test';

/**
 * A fake PayPal JavaScript SDK, served by Playwright at the real SDK's URL. Like the real one it
 * defines `window.paypal.Buttons({ onClick, createOrder, onApprove, onError, onCancel })`, whose
 * `render(el)` puts a button in `el`; a click runs onClick, then `createOrder(data, actions)` (the
 * body given to `actions.order.create` is recorded), then onApprove with `actions.order.capture()`,
 * or onCancel, or onError, as the test chose. State lives in `window.__fakePayPal`.
 */

/** What a click on the button leads to, after the order is created. */
type FakeOutcome = 'approve' | 'cancel' | 'error';
/** What `actions.order.capture()` does: complete, leave the capture pending, reject, or wait for release(). */
type FakeCapture = 'complete' | 'pending' | 'fail' | 'hold';

export interface FakePayPalOptions {
  outcome?: FakeOutcome;
  capture?: FakeCapture;
  /** How many SDK requests fail (network error) before the fake is served. */
  failLoads?: number;
}

interface FakePayPalState {
  orders: unknown[];
  captures: string[];
  clicks: number;
  refused: number;
}

export const FAKE_BUTTON_LABEL = 'Pagar con PayPal (prueba)';
export const SDK_URL_PATTERN = /^https:\/\/www\.paypal\.com\/sdk\/js\?/;
export const captureIdOf = (orderId: string) => `CAPTURE-${orderId}`;

function fakeSdkSource(options: Required<Omit<FakePayPalOptions, 'failLoads'>>, label: string): string {
  return `(() => {
  const state = (window.__fakePayPal = window.__fakePayPal || {
    orders: [], captures: [], clicks: 0, refused: 0,
    outcome: ${JSON.stringify(options.outcome)}, capture: ${JSON.stringify(options.capture)}, release: null,
  });
  function capture(orderId) {
    state.captures.push(orderId);
    if (state.capture === 'fail') return Promise.reject(new Error('UNPROCESSABLE_ENTITY: INSTRUMENT_DECLINED'));
    const response = {
      id: orderId,
      status: 'COMPLETED',
      purchase_units: [{ payments: { captures: [{ id: 'CAPTURE-' + orderId, status: state.capture === 'pending' ? 'PENDING' : 'COMPLETED' }] } }],
    };
    if (state.capture === 'hold') return new Promise((resolve) => { state.release = () => resolve(response); });
    return Promise.resolve(response);
  }
  window.paypal = {
    version: 'fake',
    Buttons(options) {
      let button = null;
      async function click() {
        state.clicks += 1;
        let refused = false;
        if (options.onClick) {
          await options.onClick({ fundingSource: 'paypal' }, {
            resolve: () => Promise.resolve(),
            reject: () => { refused = true; return Promise.resolve(); },
          });
        }
        if (refused) { state.refused += 1; return; }
        let orderID;
        try {
          orderID = await options.createOrder({ paymentSource: 'paypal' }, {
            order: {
              create: (body) => {
                state.orders.push(JSON.parse(JSON.stringify(body)));
                return Promise.resolve('ORDER-' + state.orders.length);
              },
            },
          });
        } catch (error) {
          options.onError(error);
          return;
        }
        if (state.outcome === 'cancel') return options.onCancel({ orderID }, { redirect() {} });
        if (state.outcome === 'error') return options.onError(new Error('Fake PayPal error'));
        await options.onApprove({ orderID, payerID: 'PAYER-1' }, {
          order: { capture: () => capture(orderID) },
          redirect() {},
          restart() {},
        });
      }
      return {
        isEligible: () => true,
        render(container) {
          const target = typeof container === 'string' ? document.querySelector(container) : container;
          button = document.createElement('button');
          button.type = 'button';
          button.textContent = ${JSON.stringify(label)};
          button.addEventListener('click', () => { void click(); });
          target.appendChild(button);
          return Promise.resolve();
        },
        close() { if (button) button.remove(); return Promise.resolve(); },
        updateProps: () => Promise.resolve(),
        resume() {},
        hasReturned: () => false,
      };
    },
  };
})();`;
}

export interface FakePayPal {
  /** Every SDK URL the page requested, in order. */
  sdkRequests: string[];
  state: () => Promise<FakePayPalState>;
  setOutcome: (outcome: FakeOutcome) => Promise<void>;
  setCapture: (capture: FakeCapture) => Promise<void>;
  /** Lets a held capture complete. */
  release: () => Promise<void>;
}

/** Serves the fake SDK at https://www.paypal.com/sdk/js?... for this page. */
export async function installFakePayPal(page: Page, options: FakePayPalOptions = {}): Promise<FakePayPal> {
  const sdkRequests: string[] = [];
  let failures = options.failLoads ?? 0;
  const source = fakeSdkSource(
    { outcome: options.outcome ?? 'approve', capture: options.capture ?? 'complete' },
    FAKE_BUTTON_LABEL,
  );
  await page.route(SDK_URL_PATTERN, async (route) => {
    sdkRequests.push(route.request().url());
    if (failures > 0) {
      failures -= 1;
      await route.abort('internetdisconnected');
      return;
    }
    await route.fulfill({ status: 200, contentType: 'application/javascript', body: source });
  });
  const set = (key: string, value: string) =>
    page.evaluate(
      ([k, v]) => {
        const state = (window as unknown as { __fakePayPal: Record<string, unknown> }).__fakePayPal;
        state[k] = v;
      },
      [key, value] as const,
    );
  return {
    sdkRequests,
    state: () =>
      page.evaluate(() => {
        const { orders, captures, clicks, refused } = (window as unknown as { __fakePayPal: FakePayPalState })
          .__fakePayPal;
        return { orders, captures, clicks, refused };
      }),
    setOutcome: (outcome) => set('outcome', outcome),
    setCapture: (capture) => set('capture', capture),
    release: () =>
      page.evaluate(() => {
        (window as unknown as { __fakePayPal: { release: (() => void) | null } }).__fakePayPal.release?.();
      }),
  };
}

/** True for requests to any PayPal host (the real SDK must never be reached in a test). */
export const isPayPalRequest = (request: Request) =>
  /(^|\.)paypal\.com$/.test(new URL(request.url()).hostname);
