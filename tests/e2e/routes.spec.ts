import { expect, test } from './support/test';
import { PAGE_HEAD, pageHead } from '../../src/content/page-head';
import { PAGES, pageByKey } from '../../src/content/pages';
import { COUNTRY_CODES } from '../../src/domain/countries';
import { stayingUrl } from './support/exits';

const ROUTES = PAGES.flatMap((page) => page.paths.map((path) => ({ path, page })));

test.describe('every route of the route table', () => {
  for (const { path, page } of ROUTES) {
    test(`${path} answers 200 with its heading, title and no console error`, async ({ page: tab }) => {
      const response = await tab.goto(stayingUrl(path));
      expect(response?.status()).toBe(200);
      await expect(tab).toHaveTitle(pageHead(page.key).title);
      await expect(tab.getByRole('heading', { level: 1 })).toHaveText(page.h1);
      await expect(tab.locator('html')).toHaveAttribute('lang', 'es');
      await expect(tab.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await expect(tab.getByRole('region', { name: 'Aviso de cookies' })).toBeVisible();
    });
  }
});

test('hydrates without warnings when the URL has a query string', async ({ page }) => {
  for (const path of [
    '/?cc=CL&ref=AMIGO-1&utm_source=fb',
    '/registro?cc=PE',
    '/blog/configuracion-whatsapp-business?x=1',
  ]) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  }
});

test('POST, PUT, DELETE and PATCH to a page answer 405 with Allow: GET, HEAD and the Spanish page', async ({
  request,
}) => {
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
    const response = await request.fetch('/', { method, data: 'nombre=Ana' });
    expect(response.status(), method).toBe(405);
    expect(response.headers()['allow']).toBe('GET, HEAD');
    const html = await response.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain(`>${pageByKey('home').h1}</h1>`);
    expect(html).not.toContain(pageByKey('notFound').h1);
  }
});

test('an unknown path gets the not-found page with HTTP 404', async ({ page, hygiene }) => {
  // The document's own 404 status, which Chromium also logs; any other message is a real problem.
  hygiene.expectRequestFailure('/no-existe/para-nada');
  const response = await page.goto('/no-existe/para-nada');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ups! Parece que la página no existe');
  await expect(page).toHaveTitle(PAGE_HEAD.notFound.title);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
});

test("the not-found page's flags open the home page's prices in that country", async ({ page, hygiene }) => {
  hygiene.expectRequestFailure('/no-existe/para-nada');
  await page.goto('/no-existe/para-nada');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const flags = page.getByRole('navigation', { name: 'Elige tu país' }).getByRole('link');
  await expect(flags).toHaveCount(COUNTRY_CODES.length);
  expect(await flags.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
    COUNTRY_CODES.map((code) => `/?cc=${code}#planes`),
  );
  await flags.getByRole('img', { name: 'Panamá' }).click();
  await expect(page).toHaveURL(/\/\?cc=PA#planes$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageByKey('home').h1);
  await expect(page.locator('#planes').getByText('Precios para Panamá')).toBeInViewport();
});

test('the prerendered HTML already holds each page heading and head tags before any script runs', async ({
  request,
}) => {
  for (const { path, page } of ROUTES) {
    const response = await request.get(path);
    const html = await response.text();
    expect(html, path).toContain('<html lang="es">');
    expect(html, path).toContain(`<title>${pageHead(page.key).title.replace(/&/g, '&amp;')}</title>`);
    expect(html, path).toMatch(new RegExp(`<h1[^>]*>${page.h1.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
    expect(html, path).toContain('<meta name="description"');
    expect(html, path).toContain(`<link rel="canonical" href="`);
    expect(html, path).toContain('<meta property="og:title"');
    expect(html, path).toContain('<meta property="og:image"');
  }
});

test('each page allows in its Content-Security-Policy the outside hosts it uses, and no others', async ({
  request,
}) => {
  const hosts = {
    paypal: 'https://www.paypal.com',
    recaptcha: 'https://www.gstatic.com',
    facebookPixel: 'https://connect.facebook.net',
    youtube: 'https://www.youtube-nocookie.com',
  } as const;
  for (const { path, page } of ROUTES) {
    const csp = (await request.get(path)).headers()['content-security-policy'] ?? '';
    expect(csp, path).toContain("default-src 'self'");
    for (const [party, host] of Object.entries(hosts)) {
      const used = page.thirdParties?.includes(party as keyof typeof hosts) ?? false;
      expect(csp.includes(host), `${path} ${party}`).toBe(used);
    }
  }
});

test('with JavaScript disabled the heading is still there', async ({ browser, hygiene }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await hygiene.watch(context);
  const scripts: string[] = [];
  context.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  const page = await context.newPage();
  await page.goto('/caracteristicas');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('La Gestión Completa De Tu Negocio');
  // The page's code is asked for by its boot script only: with scripts off, nothing is downloaded.
  expect(scripts).toEqual([]);
  await context.close();
});

test('a page paints its prerendered HTML before it asks for its code', async ({ page }) => {
  for (const path of ['/', '/registro', '/blog']) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const { paint, firstScript, scripts } = await page.evaluate(() => {
      const starts = performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime);
      return {
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        firstScript: Math.min(...starts),
        scripts: starts.length,
      };
    });
    expect(scripts, path).toBeGreaterThan(0);
    expect(firstScript, path).toBeGreaterThan(paint);
    // The favicon is in the page: as a file, it was one more round trip before the first paint.
    expect(await page.locator('link[rel="icon"]').getAttribute('href'), path).toMatch(
      /^data:image\/svg\+xml,%3Csvg /,
    );
  }
});
