/**
 * `npm run dev` as a newcomer uses it: every route renders on the server, hydrates without an
 * error or a warning (the hygiene fixture fails the test on any), and the local API answers
 * behind the development server.
 */
import { PAGES } from '../../src/content/pages';
import { expect, test } from '../e2e/support/test';
import { fields, HEADINGS, nextButton, uniqueName } from '../e2e/registro-helpers';

const PATHS = PAGES.flatMap((page) => page.paths);

test.describe('every route hydrates', () => {
  for (const path of PATHS) {
    test(path, async ({ page }) => {
      // The welcome page otherwise leaves for the registration host after 2 s.
      const response = await page.goto(path === '/bienvenido' ? `${path}?skipRedirect` : path);
      expect(response?.status()).toBe(200);
      // Server markup, not a page the client draws into an empty root.
      expect(await response?.text()).toMatch(/<div id="root"><[a-z]/);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await expect(page.locator('h1').first()).toBeVisible();
    });
  }

  test('an unknown path gets the not-found page with 404', async ({ page, hygiene }) => {
    hygiene.expectRequestFailure('/no-existe');
    const response = await page.goto('/no-existe');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ups! Parece que la página no existe');
  });
});

test('the local API answers behind the development server', async ({ request }) => {
  const geo = await request.get('/api/public/ip2location/');
  expect(geo.status()).toBe(200);
  expect(await geo.json()).toEqual({ countryCode: expect.stringMatching(/^[A-Z]{2}$/) });
});

test('the wizard takes step 1 and the local API stores the lead', async ({ page }) => {
  await page.goto('/registro');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

  const f = fields(page);
  await f.nombreEmpresa.pressSequentially('Panadería Dev');
  await expect(f.nombreEmpresa).toHaveValue('Panadería Dev');
  await f.nombreEmpresa.fill(uniqueName('dev'));
  await f.nombre.fill('Lucía');
  await f.apellido.fill('Fernández');
  await f.pais.selectOption({ label: 'Argentina (+549)' });
  await f.whatsapp.fill('11 2345-6789');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/prospectos/') && r.request().method() === 'POST',
  );
  await nextButton(page).click();
  expect((await saved).status()).toBe(201);
  await expect(page.getByRole('heading', { level: 2, name: HEADINGS.situation })).toBeVisible();
});
