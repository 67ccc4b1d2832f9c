import Database from 'better-sqlite3';
import type { Page, Request, Route } from '@playwright/test';
import { expect, test } from './support/test';
import { pauseClockBeforeLoad } from './support/page-load';
import { E2E_DB_FILE } from '../../playwright.config';
import { NEWSLETTER_SUBSCRIBED_MESSAGE } from '../../src/domain/newsletter';
import { NOTIFICATION_DISPLAY_MS } from '../../src/domain/constants';
import { NEWSLETTER_MESSAGES } from '../../src/domain/newsletter-schema';

/**
 * The newsletter form (spec sections 5, 7 and 8) on the blog index and a post: the browser's
 * validity check, the request it sends, success with and without a message, the server's warning
 * in a 10 s notification, a network failure, and the real local API storing an address once.
 */

const ROUTE = '**/api/newsletter/';
const DEFAULT_SUCCESS = 'You have successfully subscribed to our mailing list.';
const NETWORK_ERROR = /No pudimos enviar la suscripción\. Revisa tu conexión/;
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 360, height: 740 };

function newsletter(page: Page) {
  const region = page.getByRole('region', { name: 'Recibe ideas para vender más' });
  return {
    region,
    form: region.locator('form'),
    email: region.getByRole('textbox', { name: 'Tu correo electrónico' }),
    button: region.getByRole('button', { name: /Suscribirme|Enviando/ }),
    alert: region.getByRole('alert'),
  };
}

async function open(page: Page, path = '/blog') {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  return newsletter(page);
}

/** Answers the form with `body` once the test releases it; records each request. */
async function stubReply(page: Page, body: unknown, contentType = 'application/json') {
  const requests: Request[] = [];
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(ROUTE, async (route: Route) => {
    requests.push(route.request());
    await released;
    await route.fulfill({
      status: 200,
      contentType,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  });
  return { requests, release };
}

function emailRows(email: string): { email: string }[] {
  const db = new Database(E2E_DB_FILE, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT email FROM newsletter WHERE email = ?').all(email) as { email: string }[];
  } finally {
    db.close();
  }
}

test.describe('against a stubbed reply', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    test(`an invalid address marks the form as validated and sends nothing (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const { requests } = await stubReply(page, { response: 'success' });
      const nl = await open(page);
      await expect(nl.form).not.toHaveClass(/was-validated/);
      for (const typed of ['', 'ana', 'ana@']) {
        await nl.email.fill(typed);
        await nl.button.click();
        await expect(nl.form).toHaveClass(/was-validated/);
        await expect(nl.region.getByText('Escribe un correo electrónico válido')).toBeVisible();
        await expect(nl.email).toBeFocused();
        await expect(nl.email).toHaveAttribute('aria-invalid', 'true');
      }
      // Typing a valid address clears the field's error before sending.
      await nl.email.fill('ana@example.com');
      await expect(nl.region.getByText('Escribe un correo electrónico válido')).toBeHidden();
      expect(requests).toHaveLength(0);
    });
  }

  test("sends the form's fields to its action with its method, with a spinner, then shows the server's message", async ({
    page,
  }) => {
    const stub = await stubReply(page, { response: 'success', message: '¡Gracias por sumarte!' });
    const nl = await open(page);
    await expect(nl.form).toHaveAttribute('method', 'post');
    await expect(nl.form).toHaveAttribute('action', '/api/newsletter/');
    await nl.email.fill('ana@example.com');
    await nl.button.click();
    await expect(nl.button).toHaveText('Enviando…');
    await expect(nl.button.locator('.spinner')).toBeVisible();
    await expect(nl.form).toHaveAttribute('aria-busy', 'true');
    await expect(nl.button).toHaveAttribute('aria-disabled', 'true');
    // A second press while sending sends nothing more (force: Playwright waits out aria-disabled).
    await nl.button.click({ force: true });
    stub.release();
    await expect(nl.region.getByRole('status').filter({ hasText: '¡Gracias por sumarte!' })).toBeVisible();
    await expect(nl.button).toHaveText('Suscribirme');
    await expect(nl.email).toHaveValue('');
    await expect(nl.form).not.toHaveClass(/was-validated/);

    expect(stub.requests).toHaveLength(1);
    const request = stub.requests[0];
    expect(request?.method()).toBe('POST');
    expect(new URL(request?.url() ?? '').pathname).toBe('/api/newsletter/');
    expect(request?.postData()).toBe('email=ana%40example.com');
    const headers = await request?.allHeaders();
    expect(headers?.['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(headers?.accept).toBe('application/json');
  });

  test("a success without a message shows 'You have successfully subscribed to our mailing list.'", async ({
    page,
  }) => {
    const stub = await stubReply(page, { response: 'success' });
    const nl = await open(page, '/blog/estrategias-efectivas-para-aumentar-ventas');
    await nl.email.fill('luis@example.com');
    await nl.button.click();
    stub.release();
    await expect(nl.region.getByRole('status').filter({ hasText: DEFAULT_SUCCESS })).toHaveText(
      DEFAULT_SUCCESS,
    );
  });

  test('any other reply shows its message as a warning notification for 10 s, as text', async ({ page }) => {
    await pauseClockBeforeLoad(page);
    const stub = await stubReply(page, {
      response: 'error',
      message: 'Ya estás en la lista. <img src=x onerror="window.__xss=1">',
    });
    const nl = await open(page);
    await nl.email.fill('ana@example.com');
    await nl.button.click();
    stub.release();
    const warning = nl.region.locator('.notification--warning');
    await expect(warning).toBeVisible();
    await expect(warning.getByRole('status')).toHaveCount(0);
    await expect(warning).toHaveAttribute('role', 'status');
    await expect(warning).toContainText('Ya estás en la lista.');
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await expect(nl.email).toHaveValue('ana@example.com');

    await page.clock.runFor(NOTIFICATION_DISPLAY_MS - 1);
    await expect(warning).toBeVisible();
    await page.clock.runFor(1);
    await expect(warning).toHaveCount(0);

    // Sent again, the warning can also be closed at once.
    await nl.button.click();
    await expect(warning).toBeVisible();
    await warning.getByRole('button', { name: 'Cerrar aviso' }).click();
    await expect(warning).toHaveCount(0);
  });

  for (const [name, fail] of [
    ['a network failure', (route: Route) => route.abort('failed')],
    [
      'a reply that is not JSON',
      (route: Route) =>
        route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
    ],
  ] as const) {
    test(`${name} shows a Spanish error and keeps the address`, async ({ page, hygiene }) => {
      hygiene.expectRequestFailure(ROUTE.replace('**', ''));
      hygiene.expectConsole('Error al enviar la suscripción al boletín');
      let calls = 0;
      await page.route(ROUTE, (route) => {
        calls++;
        return fail(route);
      });
      const nl = await open(page, '/blog/configuracion-whatsapp-business');
      await nl.email.fill('ana@example.com');
      await nl.button.click();
      await expect(nl.alert).toHaveText(NETWORK_ERROR);
      await expect(nl.email).toHaveValue('ana@example.com');
      await expect(nl.button).toHaveText('Suscribirme');
      // It can be sent again.
      await nl.button.click();
      await expect.poll(() => calls).toBe(2);
      await expect(nl.alert).toHaveText(NETWORK_ERROR);
      expect(hygiene.messages.some((p) => p.includes('Error al enviar la suscripción al boletín'))).toBe(
        true,
      );
    });
  }
});

test.describe('against the local API', () => {
  test('subscribes an address once: a second subscribe answers success and stores nothing new', async ({
    page,
  }) => {
    const address = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const nl = await open(page, '/blog/publicar-historias-en-instagram');
    await nl.email.fill(address);
    await nl.button.click();
    const success = nl.region.getByRole('status').filter({ hasText: NEWSLETTER_SUBSCRIBED_MESSAGE });
    await expect(success).toBeVisible();
    expect(emailRows(address)).toEqual([{ email: address }]);

    await nl.email.fill(`  ${address.toUpperCase()}  `);
    await nl.button.click();
    await expect(nl.button).toHaveText('Suscribirme');
    await expect(success).toBeVisible();
    expect(emailRows(address)).toEqual([{ email: address }]);
  });

  test("an address the browser accepts but the API does not gets the API's Spanish warning", async ({
    page,
    hygiene,
  }) => {
    // The API's 400 answer carries the warning.
    hygiene.expectRequestFailure(ROUTE.replace('**', ''));
    const nl = await open(page);
    await nl.email.fill('ana@localhost');
    await nl.button.click();
    const warning = nl.region.locator('.notification--warning');
    await expect(warning).toContainText(NEWSLETTER_MESSAGES.invalid);
    expect(emailRows('ana@localhost')).toEqual([]);
  });
});
