import { readFileSync } from 'node:fs';
import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/test';
import { afterNextFrame, blockStorage, drawnPartsHydrated } from './support/page-load';
import { installFakePayPal } from './support/fake-paypal';
import { contactFor, fields, fillContact, uniqueName } from './registro-helpers';

/**
 * A failed download breaks only its part (issue 36, item 4). Each chunk a page loads on demand
 * (what the page asks for, read to the end until a reading asks for nothing new, less the entry's
 * and the page module's static imports in the build's manifest) is aborted in turn, both tries:
 * the header, the main content and the footer stay, the region that needed it says so with
 * 'Reintentar', and the application's error page never shows. Aborted once, the retry loads it.
 * A chunk answering 404 (gone after a deploy) reloads the page exactly once.
 */

const REGION_MESSAGE = /Hubo un problema al cargar/;
const APP_ERROR = 'Unexpected Application Error!';
const PLUGIN_NOTICE = /plugin is missing/;
const PAYMENT_NOTICE = /No pudimos cargar el medio de pago/;
const OWN_NOTICE = new RegExp([REGION_MESSAGE, PLUGIN_NOTICE, PAYMENT_NOTICE].map((r) => r.source).join('|'));
const CHUNK = /\/assets\/[^/?]+\.js(?:\?|$)/;
// A region whose code fails while the page hydrates: React reports it (#422, 'switched to client
// rendering'), then the region's boundary logs the download's error.
const LOGGED = [/Failed to fetch dynamically imported module/, /React error #422/, /error occurred in the/];

/** Every page with lazily loaded regions; `paypal` installs the fake SDK the payment flow loads. */
const ROUTES = [
  { path: '/?cc=AR&ref=AMIGO2024', module: 'home-page' },
  { path: '/blog', module: 'blog-index-page' },
  { path: '/blog/configuracion-whatsapp-business', module: 'blog-post-page' },
  { path: '/pagos?cliente=mi-tienda', module: 'payment-page', paypal: true },
] as const;
type PageRoute = { path: string; module: string; paypal?: boolean };

type Manifest = Record<string, { file: string; imports?: string[] }>;
const MANIFEST: Manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8'));

/** The files a page loads before it is interactive: the entry and its page module, with their imports. */
function initialFiles(module: string): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = MANIFEST[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  visit(`src/pages/${module}.tsx`);
  return files;
}

/** Screens a reading scrolls at most: the longest page (the home) takes 13. */
const MAX_SCREENS = 40;

/** Scrolls to the page's end, as a reader does; a reload the scroll set off ends it (the tests count loads). */
async function scrollToEnd(page: Page) {
  for (let i = 0; i < MAX_SCREENS; i++) {
    const done = await page
      .evaluate(() => {
        window.scrollBy(0, window.innerHeight * 0.8);
        return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      })
      .catch((error: unknown) => {
        if (String(error).includes('Execution context was destroyed')) return true;
        throw error;
      });
    await afterNextFrame(page);
    if (done) break;
  }
}

/**
 * Reads the page once more, from its top. A part whose code comes with a region loaded on the way
 * watches for the viewport only once that region has hydrated (the home's carousels, in its lazily
 * loaded rest): a reading quicker than the region's download has left the part behind by then, and
 * the part asks for its own code only when a reader comes back to it.
 */
async function readAgain(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await afterNextFrame(page);
  await scrollToEnd(page);
}

async function open(page: Page, route: { path: string; paypal?: boolean }, untilIdle = true) {
  if (route.paypal) await installFakePayPal(page);
  await page.goto(route.path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await scrollToEnd(page);
  if (untilIdle) await page.waitForLoadState('networkidle');
}

/** The recorder of real visits' own chunk (src/ui/flow-recorder.ts), loaded once the page is idle. */
const RECORDER_CHUNK = /\/flow-recorder-[\w-]+\.js$/;

/**
 * The chunks the page asks for once it is interactive: its lazily loaded regions and their code.
 * The page is read again, every part it draws hydrated first, until a reading asks for nothing new
 * (readAgain: the first reading may pass a part before its code watches for the viewport).
 */
async function lazyChunks(page: Page, route: PageRoute): Promise<string[]> {
  const initial = initialFiles(route.module);
  const chunks: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (CHUNK.test(path) && !initial.has(path) && !chunks.includes(path)) chunks.push(path);
  });
  await open(page, route);
  for (let known = -1; known < chunks.length;) {
    await drawnPartsHydrated(page);
    known = chunks.length;
    await readAgain(page);
  }
  return chunks;
}

async function expectPageStands(page: Page) {
  await expect(page.locator('header').first()).toBeVisible();
  await expect(page.locator('main')).toBeVisible();
  await expect(page.locator('footer').last()).toBeVisible();
  await expect(page.getByText(APP_ERROR)).toHaveCount(0);
}

for (const route of ROUTES) {
  test(`${route.path}: each lazy chunk aborted in turn leaves the page and its region's message`, async ({
    page,
    context,
    hygiene,
  }) => {
    test.setTimeout(240_000);
    hygiene.expectConsole(...LOGGED);
    const chunks = await lazyChunks(page, route);
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) {
      hygiene.expectRequestFailure(chunk);
      const tab = await context.newPage();
      let asked = 0;
      await tab.route(`**${chunk}`, (r: Route) => {
        asked++;
        return r.abort('failed');
      });
      // Not until the network is idle: the recorder loads only once the page is, and the Swiper
      // notice shows for its 10 s, which a busy machine could spend waiting for it.
      await open(tab, route, false);
      await expectPageStands(tab);
      if (RECORDER_CHUNK.test(chunk)) {
        // The recorder of real visits is no region: without it the page's counts are lost, and
        // the visitor sees nothing of it.
        await expect.poll(() => asked).toBe(1);
        await expect(tab.getByRole('alert').filter({ hasText: OWN_NOTICE })).toHaveCount(0);
        await tab.close();
        continue;
      }
      // The region that needs it asks for it once it nears the viewport with its code running: the
      // page is read again until it has (readAgain), then the region says so.
      await expect
        .poll(
          async () => {
            if (asked === 0) await readAgain(tab);
            return asked;
          },
          { message: `${chunk} was asked for` },
        )
        .toBeGreaterThan(0);
      // The region that needed it says so. Two parts have their own notice: the carousels name the
      // missing Swiper plugin (spec section 8), and the payment flow offers its own 'Reintentar'
      // when the PayPal loader does not arrive.
      const notice = tab.getByRole('alert').filter({ hasText: OWN_NOTICE }).first();
      await expect(notice, chunk).toBeVisible();
      const text = (await notice.textContent()) ?? '';
      // A chunk two regions share fails both: each says so, each with its own button.
      if (!PLUGIN_NOTICE.test(text))
        await expect(tab.getByRole('button', { name: 'Reintentar' }).first()).toBeVisible();
      if (!PAYMENT_NOTICE.test(text)) expect(asked, `${chunk} was tried again`).toBeGreaterThanOrEqual(2);
      await tab.close();
    }
  });
}

/** The newsletter form's chunk of the blog index, the region the next tests fail. */
async function newsletterChunk(page: Page): Promise<string> {
  const chunk = (await lazyChunks(page, { path: '/blog', module: 'blog-index-page' })).find((c) =>
    c.includes('newsletter-form-'),
  );
  if (!chunk) throw new Error('the blog index asked for no newsletter-form chunk');
  return chunk;
}

const newsletterForm = (page: Page) =>
  page
    .getByRole('region', { name: 'Recibe ideas para vender más' })
    .getByRole('button', { name: 'Suscribirme' });

test('a chunk aborted once is downloaded again and its region works', async ({ page, context, hygiene }) => {
  const chunk = await newsletterChunk(page);
  hygiene.expectRequestFailure(chunk);
  hygiene.expectConsole(...LOGGED);
  const tab = await context.newPage();
  let asked = 0;
  await tab.route(`**${chunk}`, (r) => (++asked === 1 ? r.abort('failed') : r.continue()));
  await open(tab, { path: '/blog' });
  await expect.poll(() => asked).toBe(2);
  await expect(newsletterForm(tab)).toBeVisible();
  await expect(tab.getByText(REGION_MESSAGE)).toHaveCount(0);
  // The form is live: a subscription reaches the API.
  await tab.route('**/api/newsletter/', (r) => r.fulfill({ status: 200, json: { ok: true } }));
  const sent = tab.waitForRequest('**/api/newsletter/');
  await tab.getByRole('textbox', { name: 'Tu correo electrónico' }).fill('ana@example.com');
  await newsletterForm(tab).click();
  await sent;
});

test("'Reintentar' after the network is back shows the region", async ({ page, context, hygiene }) => {
  const chunk = await newsletterChunk(page);
  hygiene.expectRequestFailure(chunk);
  hygiene.expectConsole(...LOGGED);
  const tab = await context.newPage();
  await tab.route(`**${chunk}`, (r) => r.abort('internetdisconnected'));
  await open(tab, { path: '/blog' });
  const message = tab.getByRole('alert').filter({ hasText: 'el formulario del boletín' });
  await expect(message).toBeVisible();
  await expectPageStands(tab);
  await tab.unroute(`**${chunk}`);
  await message.getByRole('button', { name: 'Reintentar' }).click();
  await expect(newsletterForm(tab)).toBeVisible();
  await expect(message).toHaveCount(0);
});

/** Counts the page's loads (the first one and every reload). */
function countLoads(page: Page) {
  const loads = { count: 0 };
  page.on('load', () => loads.count++);
  return loads;
}

test('a chunk gone after a deploy (404) reloads the page exactly once', async ({
  page,
  context,
  hygiene,
}) => {
  const chunk = await newsletterChunk(page);
  hygiene.expectRequestFailure(chunk);
  hygiene.expectConsole(...LOGGED);
  const tab = await context.newPage();
  await tab.route(`**${chunk}`, (r) => r.fulfill({ status: 404, body: 'gone' }));
  const loads = countLoads(tab);
  await tab.goto('/blog');
  await expect(tab.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await scrollToEnd(tab);
  await expect.poll(() => loads.count).toBe(2);
  await expect(tab.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await scrollToEnd(tab);
  // Still gone after the reload: no second one, the region's message instead.
  await expect(tab.getByRole('alert').filter({ hasText: 'el formulario del boletín' })).toBeVisible();
  // eslint-disable-next-line no-restricted-properties -- a quiet second proves no reload (no clock runs the check).
  await tab.waitForTimeout(1000);
  expect(loads.count).toBe(2);
  await expectPageStands(tab);
});

test('with storage blocked a chunk gone after a deploy does not reload: the region says so', async ({
  page,
  context,
  hygiene,
}) => {
  const chunk = await newsletterChunk(page);
  hygiene.expectRequestFailure(chunk);
  hygiene.expectConsole(...LOGGED);
  const tab = await context.newPage();
  await blockStorage(tab);
  await tab.route(`**${chunk}`, (r) => r.fulfill({ status: 404, body: 'gone' }));
  const loads = countLoads(tab);
  await open(tab, { path: '/blog' });
  await expect(tab.getByRole('alert').filter({ hasText: 'el formulario del boletín' })).toBeVisible();
  // eslint-disable-next-line no-restricted-properties -- a quiet second proves no reload (no clock runs the check).
  await tab.waitForTimeout(1000);
  expect(loads.count).toBe(1);
});

test('the reload after a deploy keeps what the visitor typed in the wizard', async ({ page, hygiene }) => {
  hygiene.expectConsole(...LOGGED);
  hygiene.expectRequestFailure(/\/assets\/(question-container|thanks-container|leads)-/);
  // The later steps' code, asked for when the visitor starts on step 1, is held until the visitor
  // has typed, then answered 404 as after a deploy.
  let deployed: () => void = () => {};
  const deploy = new Promise<void>((resolve) => (deployed = resolve));
  await page.route(/\/assets\/(question-container|thanks-container|leads)-[^/]+\.js$/, async (r) => {
    await deploy;
    await r.fulfill({ status: 404, body: 'gone' });
  });
  const loads = countLoads(page);
  await page.goto('/registro');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const contact = contactFor(uniqueName('Pizzería tras despliegue'));
  await fillContact(page, contact);
  deployed();
  await expect.poll(() => loads.count).toBe(2);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const f = fields(page);
  await expect(f.nombreEmpresa).toHaveValue(contact.nombreEmpresa);
  await expect(f.nombre).toHaveValue(contact.nombre);
  await expect(f.apellido).toHaveValue(contact.apellido);
  await expect(f.whatsapp).toHaveValue(contact.whatsapp);
  // eslint-disable-next-line no-restricted-properties -- a quiet second proves no reload (no clock runs the check).
  await page.waitForTimeout(1000);
  expect(loads.count).toBe(2);
});

test("a wizard step whose code cannot be downloaded says so in the card, and 'Reintentar' shows it", async ({
  page,
  hygiene,
}) => {
  hygiene.expectConsole(...LOGGED);
  hygiene.expectRequestFailure(/\/assets\/question-container-/);
  const stepChunk = /\/assets\/question-container-[^/]+\.js$/;
  await page.route(stepChunk, (r) => r.abort('internetdisconnected'));
  await page.goto('/registro');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const contact = contactFor(uniqueName('Paso sin descargar'));
  await fillContact(page, contact);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  const message = page.getByRole('alert').filter({ hasText: 'este paso del registro' });
  await expect(message).toBeVisible();
  await expectPageStands(page);
  // Back online: the step's code is downloaded again and the visitor goes on with the same lead.
  await page.unroute(stepChunk);
  await message.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '¿Cuál es tu situación actual?' })).toBeVisible();
  await expect(message).toHaveCount(0);
});
