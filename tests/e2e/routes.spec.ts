import { expect, test } from '@playwright/test';
import { PAGE_HEAD } from '../../src/content/page-head';
import { PAGES } from '../../src/content/pages';
import { watchConsole } from './support/console';
import { stayingUrl } from './support/exits';

const ROUTES = PAGES.flatMap((page) => page.paths.map((path) => ({ path, page })));

test.describe('every route of the route table', () => {
  for (const { path, page } of ROUTES) {
    test(`${path} answers 200 with its heading, title and no console error`, async ({ page: tab }) => {
      const problems = watchConsole(tab);
      const response = await tab.goto(stayingUrl(path));
      expect(response?.status()).toBe(200);
      await expect(tab).toHaveTitle(PAGE_HEAD[page.key].title);
      await expect(tab.getByRole('heading', { level: 1 })).toHaveText(page.h1);
      await expect(tab.locator('html')).toHaveAttribute('lang', 'es');
      await expect(tab.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await expect(tab.getByRole('region', { name: 'Aviso de cookies' })).toBeVisible();
      expect(problems).toEqual([]);
    });
  }
});

test('hydrates without warnings when the URL has a query string', async ({ page }) => {
  const problems = watchConsole(page);
  for (const path of [
    '/?cc=CL&ref=AMIGO-1&utm_source=fb',
    '/registro?cc=PE',
    '/blog/configuracion-whatsapp-business?x=1',
  ]) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  }
  expect(problems).toEqual([]);
});

test('an unknown path gets the not-found page with HTTP 404', async ({ page }) => {
  const problems = watchConsole(page);
  const response = await page.goto('/no-existe/para-nada');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ups! Parece que la página no existe');
  await expect(page).toHaveTitle(PAGE_HEAD.notFound.title);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // Chromium logs the document's own 404 status; any other message is a real problem.
  const documentStatus =
    'error: Failed to load resource: the server responded with a status of 404 (Not Found)';
  expect(problems.filter((p) => p !== documentStatus)).toEqual([]);
  expect(problems.filter((p) => p === documentStatus).length).toBeLessThanOrEqual(1);
});

test('the prerendered HTML already holds each page heading and head tags before any script runs', async ({
  request,
}) => {
  for (const { path, page } of ROUTES) {
    const response = await request.get(path);
    const html = await response.text();
    expect(html, path).toContain('<html lang="es">');
    expect(html, path).toContain(`<title>${PAGE_HEAD[page.key].title.replace(/&/g, '&amp;')}</title>`);
    expect(html, path).toMatch(new RegExp(`<h1[^>]*>${page.h1.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
    expect(html, path).toContain('<meta name="description"');
    expect(html, path).toContain(`<link rel="canonical" href="`);
    expect(html, path).toContain('<meta property="og:title"');
    expect(html, path).toContain('<meta property="og:image"');
  }
});

test('with JavaScript disabled the heading is still there', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/caracteristicas');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('La Gestión Completa De Tu Negocio');
  await context.close();
});
