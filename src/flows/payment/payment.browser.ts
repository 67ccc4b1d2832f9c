import { expect, type Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { PAYMENT_SDK_LOAD_TIMEOUT_MS } from '../../domain/constants';
import type { RawPaymentParams } from '../../domain/payment-params';
import { PAYMENT_ORDER_ID, paymentModel } from './payment.samples';
import { PAYMENT_FAILED_MESSAGE, SDK_FAILED_MESSAGE } from '../../domain/payment-messages';
import { CANCELLED_TEXT, CAPTURING_TEXT, LOADING_PARAMS_TEXT, LOADING_SDK_TEXT, PAYING_TEXT } from './copy';
import type { AnySnapshot } from '@tienda/flow-workbench/kit';
import type { BrowserModel, Step } from '../../../tests/e2e/model/support/browser-model';
import { stayOnExits } from '../../../tests/e2e/model/support/held';
import { openHydrated, pausedClock } from '../../../tests/e2e/model/support/page';
import {
  MODEL_BUTTON_LABEL,
  answerSdk,
  captureResponse,
  installModelPayPal,
  settle,
  type ModelPayPal,
} from '../../../tests/e2e/model/support/paypal';

function query(params: RawPaymentParams): string {
  const search = new URLSearchParams();
  for (const [key, values] of Object.entries(params))
    for (const v of values as string[]) search.append(key, v);
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

const status = (page: Page) => page.locator('.pagos-status');
const payButton = (page: Page) => page.getByRole('button', { name: MODEL_BUTTON_LABEL });
const panel = (page: Page) => page.locator('.pagos-panel');
const sdkLoaded = (history: readonly EventObject[]) =>
  history.some((e) => e.type === 'xstate.done.actor.loadSdk');

const inReady = (_: EventObject, before: AnySnapshot) => before.matches({ checkout: 'ready' });

async function decide({ page, before }: Step<ModelPayPal>, outcome: 'approve' | 'cancel' | 'error') {
  if (!before.matches({ checkout: { ready: 'paying' } })) await payButton(page).click();
  await settle(page, 'decide', { value: outcome });
}

export const paymentBrowser: BrowserModel<ModelPayPal> = {
  name: 'payment',
  model: paymentModel,
  scope: 'main',
  shortest: 'cover',
  // Every run's input opened at least once: the production run's three shops too.
  coverEveryRun: true,
  unreachable: {
    'payment.checkout.ready buttons.failed#0':
      'Los botones informan una falla solo mientras se dibujan; una vez a la vista, PayPal informa los errores como `payment.error`.',
  },
  async open(page, run) {
    await stayOnExits(page);
    const paypal = await installModelPayPal(page);
    await pausedClock(page);
    await openHydrated(page, `/pagos${query((run.input as { params: RawPaymentParams }).params)}`);
    // React reveals the lazily loaded flow on a timer: the paused clock moves in small steps until
    // then (far less than the SDK's load timeout).
    const placeholder = page.getByRole('status').filter({ hasText: LOADING_PARAMS_TEXT });
    for (let i = 0; i < 40 && (await placeholder.count()) > 0; i++) await page.clock.runFor(25);
    await expect(placeholder).toHaveCount(0);
    return paypal;
  },
  states: {
    payment: async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
    // Transient: the parameters are checked as the machine starts.
    'payment.validating': async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
    'payment.invalidParams': async ({ page, after }) => {
      await expect(page.getByRole('heading', { name: 'No podemos mostrar este pago' })).toBeVisible();
      for (const error of (after.context as { errors: string[] }).errors)
        await expect(page.getByRole('alert')).toContainText(error);
      await expect(payButton(page)).toHaveCount(0);
    },
    'payment.loadingSdk': async ({ page }) => {
      await expect(status(page)).toHaveText(LOADING_SDK_TEXT);
      await expect(panel(page)).toHaveAttribute('aria-busy', 'true');
    },
    'payment.sdkFailed': async ({ page }) => {
      await expect(page.getByRole('alert').filter({ hasText: SDK_FAILED_MESSAGE })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible();
    },
    'payment.checkout': async ({ page }) => {
      await expect(page.getByRole('region', { name: 'Resumen del pago' })).toBeVisible();
      await expect(page.getByRole('heading', { name: /^Pagar / })).toBeVisible();
    },
    'payment.checkout.rendering': async ({ page }) => {
      await expect(payButton(page)).toHaveCount(0);
      await expect(panel(page)).toHaveAttribute('aria-busy', 'true');
    },
    'payment.checkout.ready': async ({ page }) => {
      await expect(payButton(page)).toBeVisible();
      await expect(panel(page)).toHaveAttribute('aria-busy', 'false');
    },
    'payment.checkout.ready.idle': async ({ page }) => {
      await expect(status(page)).toHaveText('');
    },
    'payment.checkout.ready.paying': async ({ page }) => {
      await expect(status(page)).toHaveText(PAYING_TEXT);
    },
    'payment.checkout.ready.cancelled': async ({ page }) => {
      await expect(status(page)).toHaveText(CANCELLED_TEXT);
    },
    'payment.checkout.capturing': async ({ page }) => {
      await expect(status(page)).toHaveText(CAPTURING_TEXT);
      await expect(panel(page)).toHaveAttribute('aria-busy', 'true');
    },
    'payment.paid': async ({ page, after }) => {
      await expect(page.getByRole('heading', { name: '¡Gracias! Recibimos tu pago' })).toBeVisible();
      await expect(page.locator('.pagos-reference')).toHaveText(String(after.context.captureId));
    },
    'payment.pendingReview': async ({ page, after }) => {
      await expect(page.getByRole('heading', { name: 'Tu pago está en revisión' })).toBeVisible();
      await expect(page.locator('.pagos-reference')).toHaveText(String(after.context.captureId));
    },
    'payment.failed': async ({ page }) => {
      await expect(page.getByRole('heading', { name: PAYMENT_FAILED_MESSAGE })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Intentar de nuevo' })).toBeVisible();
    },
  },
  events: {
    'xstate.done.actor.loadSdk': {
      act: ({ fakes }) => answerSdk(fakes, true),
      // Once loaded, the SDK is not requested again: a retry finds it on the page.
      possible: (_, __, history) => !sdkLoaded(history),
    },
    'xstate.error.actor.loadSdk': {
      act: ({ fakes }) => answerSdk(fakes, false),
      possible: (_, __, history) => !sdkLoaded(history),
    },
    'xstate.after.sdkLoadTimeout.payment.loadingSdk': {
      act: ({ page }) => page.clock.runFor(PAYMENT_SDK_LOAD_TIMEOUT_MS),
    },
    'xstate.after.sdkLoadTimeout.payment.checkout.rendering': {
      act: ({ page }) => page.clock.runFor(PAYMENT_SDK_LOAD_TIMEOUT_MS),
    },
    'buttons.rendered': { act: ({ page }) => settle(page, 'render', {}) },
    'buttons.failed': {
      act: ({ page }) => settle(page, 'render', { error: 'render failed' }),
      possible: (_, before) => before.matches({ checkout: 'rendering' }),
    },
    'payment.start': {
      act: ({ page }) => payButton(page).click(),
      // A click while a payment is open in PayPal's window is not possible.
      possible: (_, before) => !before.matches({ checkout: { ready: 'paying' } }),
    },
    // PayPal's window answers. From the buttons (the model's idle or cancelled state) the buyer
    // clicks first: the click opens the window, then it answers.
    'payment.cancel': { act: (step) => decide(step, 'cancel'), possible: inReady },
    'payment.approve': {
      act: (step) => decide(step, 'approve'),
      // A hostile order id never comes from PayPal's window.
      possible: (event, before) =>
        inReady(event, before) && (event as { orderId?: string }).orderId === PAYMENT_ORDER_ID,
    },
    'payment.error': { act: (step) => decide(step, 'error'), possible: inReady },
    'xstate.done.actor.captureOrder': {
      act: ({ page, event }) => {
        const output = (event as unknown as { output: { status: string; captureId: string } }).output;
        return settle(page, 'capture', { value: captureResponse(output.status, output.captureId) });
      },
    },
    'xstate.error.actor.captureOrder': {
      act: ({ page }) => settle(page, 'capture', { error: 'capture failed' }),
    },
    'payment.retry': { act: ({ page }) => page.getByRole('button', { name: 'Intentar de nuevo' }).click() },
    'sdk.retry': {
      act: ({ page }) => page.getByRole('button', { name: 'Reintentar' }).click(),
      possible: (_, __, history) => !sdkLoaded(history),
    },
  },
};
