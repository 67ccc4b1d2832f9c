import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/test';
import { DOWNLOAD_FAILED_MESSAGE } from '../../src/domain/messages';
import {
  MAINTENANCE,
  captureLeadRequests,
  choose,
  contactFor,
  expectOneLead,
  expectStep,
  fields,
  fillContact,
  infoOf,
  leadRows,
  nextButton,
  openWizard,
  uniqueName,
  type Contact,
} from './registro-helpers';

/** Failures of the lead API: nothing typed is lost and exactly one lead is stored. */

const API = '**/api/prospectos/';
// Every test here makes the lead API fail on purpose.
test.use({ expectedRequestFailures: ['/api/prospectos/'] });
/** LEAD_REQUEST_TIMEOUT_MS of src/services/leads.ts. */
const CLIENT_TIMEOUT_MS = 10_000;

const onlyPost = (handler: (route: Route) => Promise<void>) => async (route: Route) =>
  route.request().method() === 'POST' ? handler(route) : route.fallback();

async function expectContactKept(page: Page, contact: Contact) {
  const f = fields(page);
  await expect(f.nombreEmpresa).toHaveValue(contact.nombreEmpresa);
  await expect(f.nombre).toHaveValue(contact.nombre);
  await expect(f.apellido).toHaveValue(contact.apellido);
  await expect(f.pais).toHaveValue(contact.pais);
  await expect(f.whatsapp).toHaveValue(contact.whatsapp);
  await expect(f.email).toHaveValue(contact.email ?? '');
}

async function finish(page: Page, contact: Contact) {
  await choose(page, 'Quiero recibir los pedidos de forma más ordenada');
  await choose(page, 'Gastronomía');
  await choose(page, 'Pizzería');
  await expectStep(page, 'thanks');
  return expectOneLead(contact.nombreEmpresa, (data) => infoOf(data).sector === 'pizzeria');
}

for (const failure of [
  { name: 'API down (connection refused)', fail: (route: Route) => route.abort('connectionrefused') },
  {
    name: 'API answers 500',
    fail: (route: Route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
  },
  {
    name: 'API answers 503 with an HTML page',
    fail: (route: Route) =>
      route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
  },
]) {
  test(`${failure.name}: message, every field kept, retry creates exactly one lead`, async ({ page }) => {
    let down = true;
    await page.route(
      API,
      onlyPost(async (route) => (down ? failure.fail(route) : route.fallback())),
    );
    const sent = captureLeadRequests(page);
    const contact = contactFor(uniqueName('caida'), 'CL');
    await openWizard(page);
    await fillContact(page, contact);
    await nextButton(page).click();

    const alert = page.getByRole('alert');
    await expect(alert).toContainText(MAINTENANCE);
    await expect(page.getByText('Tus datos siguen aquí, no se perdió nada.')).toBeVisible();
    await expectStep(page, 'contact');
    await expectContactKept(page, contact);
    await page.getByRole('button', { name: 'Volver a intentar' }).click();
    await expect(alert).toContainText(MAINTENANCE);
    expect(leadRows(contact.nombreEmpresa)).toHaveLength(0);

    down = false;
    await page.getByRole('button', { name: 'Volver a intentar' }).click();
    await expectStep(page, 'situation');
    const posts = sent.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(3);
    expect(new Set(posts.map((p) => p.idempotencyKey)).size).toBe(1);
    await finish(page, contact);
  });
}

test('a create slower than the timeout is aborted; the retry reuses the key and stores no second lead', async ({
  page,
}) => {
  test.setTimeout(90_000);
  let slow = true;
  let gaveUp: () => void = () => {};
  const givenUp = new Promise<void>((resolve) => (gaveUp = resolve));
  await page.route(
    API,
    onlyPost(async (route) => {
      if (!slow) return route.fallback();
      // The server stores the lead, but the answer arrives after the browser gave up.
      const response = await route.fetch();
      await givenUp;
      await route.fulfill({ response }).catch(() => undefined);
    }),
  );
  const sent = captureLeadRequests(page);
  const contact = contactFor(uniqueName('lento'), 'CO');
  await openWizard(page);
  await fillContact(page, contact);
  await nextButton(page).click();
  await expect(page.getByRole('status').filter({ hasText: 'Guardando tus datos…' })).toBeVisible();
  await expect(nextButton(page)).toBeDisabled();
  await expect(page.getByRole('alert')).toContainText(MAINTENANCE, { timeout: CLIENT_TIMEOUT_MS + 5_000 });
  gaveUp();
  await expectContactKept(page, contact);
  // The slow attempt did reach the server.
  expect(leadRows(contact.nombreEmpresa)).toHaveLength(1);

  slow = false;
  await page.getByRole('button', { name: 'Volver a intentar' }).click();
  await expectStep(page, 'situation');
  const posts = sent.filter((r) => r.method === 'POST');
  expect(posts).toHaveLength(2);
  expect(posts[0]?.idempotencyKey).toBe(posts[1]?.idempotencyKey);
  const row = await finish(page, contact);
  for (const put of sent.filter((r) => r.method === 'PUT')) expect(put.body.id).toBe(row.id);
});

test('a double click (and a click storm) on Siguiente sends one create and stores one lead', async ({
  page,
}) => {
  // Every create is held until the storm is over: each click lands while the first is in flight.
  let stormOver: () => void = () => {};
  const over = new Promise<void>((resolve) => (stormOver = resolve));
  await page.route(
    API,
    onlyPost(async (route) => {
      await over;
      await route.fallback();
    }),
  );
  const sent = captureLeadRequests(page);
  const contact = contactFor(uniqueName('doble'), 'PE');
  await openWizard(page);
  await fillContact(page, contact);
  await nextButton(page).dblclick();
  await nextButton(page)
    .click({ force: true, clickCount: 3 })
    .catch(() => undefined);
  await page.keyboard.press('Enter');
  stormOver();
  await expectStep(page, 'situation');
  expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1);
  await finish(page, contact);
});

test('update failures never block the visitor and are retried until stored', async ({ page }) => {
  test.setTimeout(60_000);
  let failing = true;
  await page.route(API, async (route) =>
    route.request().method() === 'PUT' && failing
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
      : route.fallback(),
  );
  const contact = contactFor(uniqueName('update'), 'MX');
  await openWizard(page);
  await fillContact(page, contact);
  await nextButton(page).click();
  await choose(page, 'Quiero recibir los pedidos de forma más ordenada');
  await choose(page, 'Venta de productos');
  await choose(page, 'Tecnología');
  await expectStep(page, 'thanks');
  await expect(page.getByText('Todavía no pudimos guardar tus últimas respuestas')).toBeVisible({
    timeout: 15_000,
  });
  expect(infoOf(leadRows(contact.nombreEmpresa)[0]?.data ?? {})).toEqual({ visitoDemo: false });

  failing = false;
  // Coming back online retries at once instead of waiting for the next backoff step.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  const row = await expectOneLead(contact.nombreEmpresa, (data) => infoOf(data).sector === 'tecnologia');
  expect(infoOf(row.data)).toEqual({
    situacionActual: 'mejorar_recepcion_pedidos',
    rubro: 'productos',
    sector: 'tecnologia',
    visitoDemo: false,
  });
  await expect(page.getByText('Todavía no pudimos guardar tus últimas respuestas')).toHaveCount(0);
});

test('a reload at each step resumes at that step with the same lead', async ({ page }) => {
  test.setTimeout(60_000);
  const sent = captureLeadRequests(page);
  const contact = contactFor(uniqueName('recarga'), 'UY');
  await openWizard(page);
  await fillContact(page, contact);
  await page.reload();
  await expectStep(page, 'contact');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expectContactKept(page, contact);
  await nextButton(page).click();

  await expectStep(page, 'situation');
  await page.reload();
  await expectStep(page, 'situation');
  await expect(page.getByText('Paso 2 de 4')).toBeVisible();
  await choose(page, 'Todavía no empecé a vender', false);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Todavía no empecé a vender' })).toBeChecked();
  await nextButton(page).click();

  await expectStep(page, 'category');
  await choose(page, 'Almacén y minimercados', false);
  await page.reload();
  await expectStep(page, 'category');
  await expect(page.getByRole('radio', { name: 'Almacén y minimercados' })).toBeChecked();
  await nextButton(page).click();

  await expectStep(page, 'sector');
  await choose(page, 'Almacén', false);
  await page.reload();
  await expectStep(page, 'sector');
  await expect(page.getByRole('radio', { name: 'Almacén', exact: true })).toBeChecked();
  await nextButton(page).click();

  await expectStep(page, 'thanks');
  await page.reload();
  await expectStep(page, 'thanks');
  const row = await expectOneLead(contact.nombreEmpresa, (data) => infoOf(data).sector === 'almacen');
  expect(infoOf(row.data)).toEqual({
    situacionActual: 'aun_no_comienza',
    rubro: 'almacen_minimercados',
    sector: 'almacen',
    visitoDemo: false,
  });
  expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1);
  for (const put of sent.filter((r) => r.method === 'PUT')) expect(put.body.id).toBe(row.id);
});

test('a reload while the create is in flight keeps the input and still stores one lead', async ({ page }) => {
  let hold = true;
  let reloaded: () => void = () => {};
  const afterReload = new Promise<void>((resolve) => (reloaded = resolve));
  await page.route(
    API,
    onlyPost(async (route) => {
      if (!hold) return route.fallback();
      // The request reaches the server; the page is reloaded before the answer arrives.
      const response = await route.fetch();
      await afterReload;
      await route.fulfill({ response }).catch(() => undefined);
    }),
  );
  const sent = captureLeadRequests(page);
  const contact = contactFor(uniqueName('recarga-envio'), 'PA');
  await openWizard(page);
  await fillContact(page, contact);
  await nextButton(page).click();
  await expect(page.getByRole('status').filter({ hasText: 'Guardando tus datos…' })).toBeVisible();
  await expect.poll(() => leadRows(contact.nombreEmpresa).length).toBe(1);
  hold = false;
  await page.reload();
  reloaded();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expectStep(page, 'contact');
  await expectContactKept(page, contact);
  await nextButton(page).click();
  await expectStep(page, 'situation');
  const posts = sent.filter((r) => r.method === 'POST');
  expect(posts).toHaveLength(2);
  expect(posts[0]?.idempotencyKey).toBe(posts[1]?.idempotencyKey);
  await finish(page, contact);
});

test("the lead API's code failing to load (offline) is a failed save: the reload notice, the data kept, and the retry saves one lead", async ({
  page,
  hygiene,
}) => {
  // The wizard loads the lead API's code with its later steps; here every load fails until 'online'.
  const LEADS_CODE = /\/assets\/leads-[\w-]+\.js$/;
  hygiene.expectRequestFailure(LEADS_CODE);
  let offline = true;
  await page.route(LEADS_CODE, (route) => (offline ? route.abort('internetdisconnected') : route.fallback()));
  const sent = captureLeadRequests(page);
  const contact = contactFor(uniqueName('sin codigo'), 'CL');
  await openWizard(page);
  await fillContact(page, contact);
  await nextButton(page).click();

  const alert = page.getByRole('alert');
  // Not the server's fault: the notice asks for a reload, never 'mantenimiento'.
  await expect(alert).toContainText(DOWNLOAD_FAILED_MESSAGE);
  await expect(alert).not.toContainText(MAINTENANCE);
  await expectStep(page, 'contact');
  await expectContactKept(page, contact);
  expect(sent).toHaveLength(0);

  offline = false;
  await page.getByRole('button', { name: 'Volver a intentar' }).click();
  await expectStep(page, 'situation');
  expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1);
  await finish(page, contact);
});
