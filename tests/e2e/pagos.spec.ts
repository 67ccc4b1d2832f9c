import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { axeBuilder, layoutShift, trackLayoutShift } from './support/page-checks';
import {
  FAKE_BUTTON_LABEL,
  SDK_URL_PATTERN,
  captureIdOf,
  installFakePayPal,
  isPayPalRequest,
  type FakePayPalOptions,
} from './support/fake-paypal';

/** The placeholder client ids of src/config (no VITE_PAYPAL_* variables in the test build). */
const LIVE_CLIENT_ID = 'test';
const SANDBOX_CLIENT_ID = 'sb';
const CHAT_NUMBER = '5491100000000';

const usd = (value: string) => ({ currency_code: 'USD', value });
const item = (store: string, value: string) => ({
  name: `Suscripción mensual - ${store}`,
  quantity: '1',
  unit_amount: usd(value),
});
/** The Orders v2 body the page must create, written out by hand. */
const orderBody = (total: string, items: ReturnType<typeof item>[]) => ({
  intent: 'CAPTURE',
  purchase_units: [{ amount: { ...usd(total), breakdown: { item_total: usd(total) } }, items }],
});

async function open(page: Page, query: string, options: FakePayPalOptions = {}) {
  const paypal = await installFakePayPal(page, options);
  await page.goto(`/pagos${query}`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  return { paypal, payButton: page.getByRole('button', { name: FAKE_BUTTON_LABEL }) };
}

const summary = (page: Page) => page.getByRole('region', { name: 'Resumen del pago' });
const whatsappText = async (page: Page, name: string) => {
  const href = (await page.getByRole('link', { name }).getAttribute('href')) ?? '';
  expect(href.startsWith(`https://wa.me/${CHAT_NUMBER}?text=`)).toBe(true);
  return new URL(href).searchParams.get('text');
};

test('one store: 12 USD, live SDK, order created and captured, thanks with a WhatsApp notice', async ({
  page,
}) => {
  const { paypal, payButton } = await open(page, '?cliente=mi-tienda');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  const menu = page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link');
  await expect(menu).toHaveText(['Inicio']);

  const table = summary(page).getByRole('table');
  await expect(table.getByRole('row')).toHaveText([
    'TiendaPrecio mensual',
    'mi-tiendaUS$ 12,00',
    'TotalUS$ 12,00',
  ]);
  await expect(summary(page)).toContainText('Precio por tiendaUS$ 12,00');
  await expect(summary(page)).toContainText('dólares estadounidenses (USD)');

  await expect(payButton).toBeVisible();
  expect(paypal.sdkRequests).toHaveLength(1);
  const sdk = new URL(paypal.sdkRequests[0] ?? '');
  expect(sdk.origin + sdk.pathname).toBe('https://www.paypal.com/sdk/js');
  expect(Object.fromEntries(sdk.searchParams)).toMatchObject({
    'client-id': LIVE_CLIENT_ID,
    currency: 'USD',
    locale: 'es_CL',
    intent: 'capture',
  });

  await payButton.click();
  await expect(page.getByRole('heading', { name: '¡Gracias! Recibimos tu pago' })).toBeFocused();
  const state = await paypal.state();
  expect(state.orders).toEqual([orderBody('12.00', [item('mi-tienda', '12.00')])]);
  expect(state.captures).toEqual(['ORDER-1']);
  await expect(page.getByText(captureIdOf('ORDER-1'))).toBeVisible();
  expect(await whatsappText(page, 'Avisar por WhatsApp (se abre en una pestaña nueva)')).toBe(
    `Hola, acabo de pagar la suscripción mensual de mi tienda mi-tienda por un total de US$\u00a012,00. Código de la operación en PayPal: ${captureIdOf('ORDER-1')}.`,
  );
  await expect(payButton).toHaveCount(0);
});

test('three stores with usd=100 in sandbox: uneven split stated, exact order body, sandbox client id', async ({
  page,
}) => {
  const { paypal, payButton } = await open(
    page,
    '?sandbox&cliente=a&cliente=b&cliente=c&usd=100&locale=es_MX',
  );
  await expect(summary(page).getByRole('row')).toHaveText([
    'TiendaPrecio mensual',
    'aUS$ 33.34',
    'bUS$ 33.33',
    'cUS$ 33.33',
    'TotalUS$ 100.00',
  ]);
  await expect(summary(page)).toContainText(
    'El total no se divide en partes iguales entre 3 tiendas: la primera tienda paga US$ 0.01 más, para que la suma sea exactamente US$ 100.00.',
  );
  await expect(payButton).toBeVisible();
  const sdk = new URL(paypal.sdkRequests[0] ?? '');
  expect(sdk.searchParams.get('client-id')).toBe(SANDBOX_CLIENT_ID);
  expect(sdk.searchParams.get('locale')).toBe('es_MX');

  await payButton.click();
  await expect(page.getByRole('heading', { name: '¡Gracias! Recibimos tu pago' })).toBeVisible();
  expect((await paypal.state()).orders).toEqual([
    orderBody('100.00', [item('a', '33.34'), item('b', '33.33'), item('c', '33.33')]),
  ]);
  expect(await whatsappText(page, 'Avisar por WhatsApp (se abre en una pestaña nueva)')).toContain(
    'mis tiendas a, b y c por un total de US$\u00a0100.00',
  );
});

test('a failed capture shows the error section (nothing charged, WhatsApp help); the retry pays', async ({
  page,
}) => {
  const { paypal, payButton } = await open(page, '?cliente=kiosco', { capture: 'fail' });
  await payButton.click();
  await expect(page.getByRole('heading', { name: 'No pudimos procesar el pago' })).toBeFocused();
  await expect(page.getByText('No se realizó ningún cobro.')).toBeVisible();
  expect(await whatsappText(page, 'Pedir ayuda por WhatsApp (se abre en una pestaña nueva)')).toContain(
    'kiosco',
  );
  await expect(payButton).toBeHidden();

  await paypal.setCapture('complete');
  await page.getByRole('button', { name: 'Intentar de nuevo' }).click();
  await payButton.click();
  await expect(page.getByRole('heading', { name: '¡Gracias! Recibimos tu pago' })).toBeVisible();
  expect((await paypal.state()).captures).toEqual(['ORDER-1', 'ORDER-2']);
});

test('an error of the payment provider shows the error section', async ({ page }) => {
  const { paypal, payButton } = await open(page, '?cliente=kiosco', { outcome: 'error' });
  await payButton.click();
  await expect(page.getByRole('heading', { name: 'No pudimos procesar el pago' })).toBeVisible();
  await expect(page.getByText('No se realizó ningún cobro.')).toBeVisible();
  expect((await paypal.state()).captures).toEqual([]);
});

test('a cancelled payment returns to the buttons, which pay on the next click', async ({ page }) => {
  const { paypal, payButton } = await open(page, '?cliente=kiosco', { outcome: 'cancel' });
  await payButton.click();
  await expect(page.getByRole('status')).toHaveText(
    'Cancelaste el pago y no se hizo ningún cobro. Puedes volver a intentarlo cuando quieras.',
  );
  await expect(payButton).toBeVisible();
  await paypal.setOutcome('approve');
  await payButton.click();
  await expect(page.getByRole('heading', { name: '¡Gracias! Recibimos tu pago' })).toBeVisible();
  const state = await paypal.state();
  expect(state.orders).toHaveLength(2);
  expect(state.captures).toEqual(['ORDER-2']);
});

test('a second click while capturing does nothing', async ({ page }) => {
  const { paypal, payButton } = await open(page, '?cliente=kiosco', { capture: 'hold' });
  await payButton.click();
  await expect(page.getByRole('status')).toContainText(
    'Estamos confirmando tu pago. No cierres esta página.',
  );
  // The buttons are inert while capturing; a click that reaches one anyway creates no order.
  await expect(page.locator('.pagos-buttons')).toHaveAttribute('inert', '');
  await payButton.dispatchEvent('click');
  await expect.poll(async () => (await paypal.state()).refused).toBe(1);
  await paypal.release();
  await expect(page.getByRole('heading', { name: '¡Gracias! Recibimos tu pago' })).toBeVisible();
  const state = await paypal.state();
  expect(state).toMatchObject({ clicks: 2, refused: 1, captures: ['ORDER-1'] });
  expect(state.orders).toHaveLength(1);
});

test('a pending capture says the payment is under review, with its code', async ({ page }) => {
  const { payButton } = await open(page, '?cliente=kiosco', { capture: 'pending' });
  await payButton.click();
  await expect(page.getByRole('heading', { name: 'Tu pago está en revisión' })).toBeVisible();
  await expect(page.getByText(captureIdOf('ORDER-1'))).toBeVisible();
});

test('an SDK that cannot load shows a Spanish error with a retry, which loads it', async ({
  page,
  hygiene,
}) => {
  hygiene.expectRequestFailure(SDK_URL_PATTERN);
  const { paypal, payButton } = await open(page, '?cliente=kiosco', { failLoads: 1 });
  await expect(page.getByRole('alert')).toHaveText(
    'No pudimos cargar el medio de pago. Revisa tu conexión e intenta de nuevo.',
  );
  await expect(payButton).toHaveCount(0);
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(payButton).toBeVisible();
  expect(paypal.sdkRequests).toHaveLength(2);
  expect(paypal.sdkRequests[1]).toBe(paypal.sdkRequests[0]);
  // The browser reports the failed script itself; nothing else may complain.
  expect(hygiene.messages).toHaveLength(1);
  expect(hygiene.messages[0]).toMatch(/^error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
});

test("without cliente: exactly 'Falta el parametro cliente en la URL', no SDK, no button", async ({
  page,
}) => {
  const { paypal, payButton } = await open(page, '?usd=24');
  await expect(page.getByRole('alert')).toHaveText('Falta el parametro cliente en la URL');
  await expect(page.getByRole('link', { name: /Pedir ayuda por WhatsApp/ })).toBeVisible();
  await expect(payButton).toHaveCount(0);
  expect(paypal.sdkRequests).toEqual([]);
});

test('malformed parameters get their own Spanish messages and no payment button', async ({ page }) => {
  const { paypal, payButton } = await open(
    page,
    `?cliente=ok&cliente=${'x'.repeat(65)}&usd=12,50&locale=xx_XX&sandbox=quizas`,
  );
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('listitem')).toHaveCount(4);
  await expect(alert).toContainText('El parámetro sandbox "quizas" no es válido: usa sandbox=1 o quítalo.');
  await expect(alert).toContainText('es demasiado largo: hasta 64 caracteres.');
  await expect(alert).toContainText('El parámetro usd "12,50" no es válido');
  await expect(alert).toContainText('El parámetro locale "xx_XX" no es válido');
  await expect(summary(page)).toHaveCount(0);
  await expect(payButton).toHaveCount(0);
  expect(paypal.sdkRequests).toEqual([]);
});

test('hostile store names are refused as text, never run', async ({ page }) => {
  const { paypal } = await open(page, '?cliente=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E');
  await expect(page.getByRole('alert')).toContainText('El parámetro cliente "<img src=x onerror=alert(1)>"');
  await expect(page.locator('main img[src="x"]')).toHaveCount(0);
  expect(paypal.sdkRequests).toEqual([]);
});

test('the PayPal SDK is loaded on the payment page only', async ({ page }) => {
  const paypalRequests: string[] = [];
  page.on('request', (request) => {
    if (isPayPalRequest(request)) paypalRequests.push(request.url());
  });
  for (const path of ['/', '/registro', '/pagos']) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  }
  expect(paypalRequests).toEqual([]);
});

const axeViolations = async (page: Page) =>
  (await axeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'best-practice']).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );

for (const width of [360, 1280]) {
  test(`summary, buttons, thanks and errors have no accessibility violations at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const { payButton } = await open(page, '?cliente=Pizzer%C3%ADa+Don+Jos%C3%A9&cliente=kiosco&usd=25');
    await expect(payButton).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await payButton.click();
    await expect(page.getByRole('heading', { name: '¡Gracias! Recibimos tu pago' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/pagos?cliente=a&usd=0');
    await expect(page.getByRole('alert')).toHaveText('El parámetro usd debe ser mayor que cero.');
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('the flow arriving after the first paint moves nothing on screen (layout shift within 0.01)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await trackLayoutShift(page);
  const { payButton } = await open(page, '?cliente=tienda-a');
  await expect(payButton).toBeVisible();
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
  await page.goto('/pagos');
  await expect(page.getByText('Falta el parametro cliente en la URL')).toBeVisible();
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
});
