import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/test';
import { ATTRIBUTION_STORAGE_KEY } from '../../src/domain/constants';
import { DOWNLOAD_FAILED_MESSAGE } from '../../src/domain/messages';
import {
  MAINTENANCE,
  captureLeadRequests,
  contactFor,
  expectOneLead,
  expectStep,
  fields,
  fillContact,
  leadRows,
  nextButton,
  openWizard,
  uniqueName,
  type Contact,
} from './registro-helpers';

/**
 * Issue #36, items 5 and 6: campaign data never blocks a lead, and a failed save names its cause
 * ('mantenimiento' only for the server down). A request too large gets a Spanish page.
 */

const API = '**/api/prospectos/';
const onlyPost = (handler: (route: Route) => Promise<void>) => async (route: Route) =>
  route.request().method() === 'POST' ? handler(route) : route.fallback();

async function submitContact(page: Page, contact: Contact) {
  await fillContact(page, contact);
  await nextButton(page).click();
}

async function expectContactKept(page: Page, contact: Contact) {
  const f = fields(page);
  await expect(f.nombreEmpresa).toHaveValue(contact.nombreEmpresa);
  await expect(f.whatsapp).toHaveValue(contact.whatsapp);
}

const storedCampaign = (page: Page) =>
  page.evaluate((key) => localStorage.getItem(key), ATTRIBUTION_STORAGE_KEY);

test.describe('campaign data never blocks a lead', () => {
  test('a link with utm_campaign=verano%00 keeps the campaign without it, and the wizard saves the lead', async ({
    page,
  }) => {
    await page.goto('/?utm_source=ig&utm_campaign=verano%00');
    expect(await storedCampaign(page)).toBe('utm_source=ig');
    // Control characters %01-%1F and %7F are dropped the same way, at the first byte.
    await page.goto('/?utm_source=ig&utm_term=a%01b&utm_content=c%1Fd&fbclid=e%7Ff');
    expect(await storedCampaign(page)).toBe('utm_source=ig');

    const sent = captureLeadRequests(page);
    const contact = contactFor(uniqueName('verano nul'), 'CL');
    await openWizard(page);
    await submitContact(page, contact);
    await expectStep(page, 'situation');
    const lead = await expectOneLead(contact.nombreEmpresa);
    expect(lead.data).toMatchObject({ utmSource: 'ig', urlQueryString: 'utm_source=ig' });
    expect(lead.data).not.toHaveProperty('utmCampaign');
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  test('a bad campaign an older visit stored is ignored when read, and the lead is saved', async ({
    page,
  }) => {
    await page.addInitScript((key) => {
      if (sessionStorage.getItem('e2e-seeded') === null) {
        localStorage.setItem(key, 'utm_source=ig&utm_campaign=verano%00&utm_term=t\u0001');
        sessionStorage.setItem('e2e-seeded', '1');
      }
    }, ATTRIBUTION_STORAGE_KEY);
    const contact = contactFor(uniqueName('campania vieja'), 'CL');
    await openWizard(page);
    await submitContact(page, contact);
    await expectStep(page, 'situation');
    const lead = await expectOneLead(contact.nombreEmpresa);
    expect(lead.data).toMatchObject({ utmSource: 'ig', urlQueryString: 'utm_source=ig' });
    expect(lead.data).not.toHaveProperty('utmCampaign');
    expect(lead.data).not.toHaveProperty('utmTerm');
  });

  test('a campaign field the API refuses: the lead is saved without it, same key, no message', async ({
    page,
    hygiene,
  }) => {
    hygiene.expectRequestFailure('/api/prospectos/');
    let refusals = 0;
    await page.route(
      API,
      onlyPost(async (route) => {
        if (refusals++ > 0) return route.fallback();
        return route.fulfill({
          status: 400,
          contentType: 'application/json; charset=utf-8',
          body: JSON.stringify({
            error: 'Datos inválidos',
            campos: [
              {
                campo: 'campaña (utm_campaign)',
                mensaje: 'El campo «campaña (utm_campaign)» tiene caracteres no válidos.',
              },
            ],
          }),
        });
      }),
    );
    const sent = captureLeadRequests(page);
    const contact = contactFor(uniqueName('campania rechazada'), 'CL');
    await openWizard(page, '?utm_source=ig&utm_campaign=verano');
    await submitContact(page, contact);
    await expectStep(page, 'situation');
    const posts = sent.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]?.body.utmCampaign).toBe('verano');
    expect(posts[1]?.body).not.toHaveProperty('utmCampaign');
    expect(posts[1]?.idempotencyKey).toBe(posts[0]?.idempotencyKey);
    const lead = await expectOneLead(contact.nombreEmpresa);
    expect(lead.data).toMatchObject({ utmSource: 'ig' });
    expect(lead.data).not.toHaveProperty('utmCampaign');
  });
});

test.describe('a failed save names its cause', () => {
  test.use({ expectedRequestFailures: ['/api/prospectos/'] });

  test('a 429 with Retry-After: 30 says to wait 30 seconds; the retry then saves one lead', async ({
    page,
  }) => {
    let limited = true;
    await page.route(
      API,
      onlyPost((route) =>
        limited
          ? route.fulfill({
              status: 429,
              headers: { 'Retry-After': '30', 'Content-Type': 'application/json; charset=utf-8' },
              body: JSON.stringify({ error: 'Demasiadas solicitudes seguidas.' }),
            })
          : route.fallback(),
      ),
    );
    const sent = captureLeadRequests(page);
    const contact = contactFor(uniqueName('limite'), 'CL');
    await openWizard(page);
    await submitContact(page, contact);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Vuelve a intentarlo en 30 segundos.');
    await expect(alert).not.toContainText(MAINTENANCE);
    await expectContactKept(page, contact);

    limited = false;
    await page.getByRole('button', { name: 'Volver a intentar' }).click();
    await expectStep(page, 'situation');
    const posts = sent.filter((r) => r.method === 'POST');
    expect(new Set(posts.map((p) => p.idempotencyKey)).size).toBe(1);
    await expectOneLead(contact.nombreEmpresa);
  });

  test('a field the API refuses is named in Spanish', async ({ page }) => {
    await page.route(
      API,
      onlyPost((route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json; charset=utf-8',
          body: JSON.stringify({
            error: 'Datos inválidos',
            campos: [{ campo: 'WhatsApp', mensaje: 'El WhatsApp no es un número válido para Chile.' }],
          }),
        }),
      ),
    );
    const contact = contactFor(uniqueName('campo rechazado'), 'CL');
    await openWizard(page);
    await submitContact(page, contact);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(
      'No pudimos guardar tus datos: revisa el campo «WhatsApp». El WhatsApp no es un número válido para Chile.',
    );
    await expect(alert).not.toContainText(MAINTENANCE);
    await expectContactKept(page, contact);
    expect(leadRows(contact.nombreEmpresa)).toHaveLength(0);
  });

  for (const down of [
    {
      name: 'a 503',
      fail: (route: Route) => route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>503</h1>' }),
    },
    { name: 'no connection', fail: (route: Route) => route.abort('connectionrefused') },
  ]) {
    test(`${down.name} is the server down: 'mantenimiento'`, async ({ page }) => {
      await page.route(API, onlyPost(down.fail));
      const contact = contactFor(uniqueName('caido'), 'CL');
      await openWizard(page);
      await submitContact(page, contact);
      await expect(page.getByRole('alert')).toContainText(MAINTENANCE);
      await expectContactKept(page, contact);
    });
  }

  test("the lead API's code gone (a deploy removed it) says to reload the page, not 'mantenimiento'", async ({
    page,
    hygiene,
  }) => {
    const LEADS_CODE = /\/assets\/leads-[\w-]+\.js$/;
    hygiene.expectRequestFailure(LEADS_CODE);
    hygiene.expectConsole(/dynamically imported module|Failed to load resource/);
    await page.route(LEADS_CODE, (route) => route.fulfill({ status: 404, body: 'No encontrado.' }));
    const sent = captureLeadRequests(page);
    const contact = contactFor(uniqueName('codigo borrado'), 'CL');
    await openWizard(page);
    await submitContact(page, contact);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(DOWNLOAD_FAILED_MESSAGE);
    await expect(alert).not.toContainText(MAINTENANCE);
    await expectContactKept(page, contact);
    expect(sent).toHaveLength(0);
  });
});

test('a 100 KB query string answers the Spanish page with the security headers of any page', async ({
  page,
  hygiene,
}) => {
  const normal = await page.goto('/');
  const normalHeaders = normal?.headers() ?? {};
  const address = `/?utm_source=ig&q=${'x'.repeat(100 * 1024)}`;
  hygiene.expectRequestFailure('/?utm_source=ig&q=');
  const answer = await page.goto(address);
  expect(answer?.status()).toBe(431);
  await expect(
    page.getByRole('heading', { level: 1, name: 'La dirección es demasiado larga' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
  const headers = answer?.headers() ?? {};
  for (const name of [
    'x-content-type-options',
    'x-frame-options',
    'referrer-policy',
    'permissions-policy',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
  ]) {
    expect(headers[name], name).toBe(normalHeaders[name]);
  }
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
  // Nothing was stored from an address the server could not read.
  expect(await storedCampaign(page)).toBeNull();
});
