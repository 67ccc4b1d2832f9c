import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/test';
import { axeBuilder } from './support/page-checks';
import { REGISTRATION_ORIGIN } from './support/exits';
import { pauseClockBeforeLoad } from './support/page-load';

const EVIL_ORIGIN = 'https://evil.example';
const DELAY_MS = 2000;

interface Recorded {
  event: string;
  params?: { currency: string; value: number };
}

/**
 * Records every navigation to the registration host and answers it with a page (`land`) or with
 * 204 No Content, which cancels the navigation so the welcome page can still be checked. Any
 * request to the evil host is recorded and refused.
 */
async function interceptExits(page: Page, { land }: { land: boolean }) {
  const registration: string[] = [];
  const evil: string[] = [];
  await page.route(
    (url) => url.origin === REGISTRATION_ORIGIN,
    (route: Route) => {
      registration.push(route.request().url());
      return land
        ? route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Registro</title>' })
        : route.fulfill({ status: 204 });
    },
  );
  await page.route(
    (url) => url.origin === EVIL_ORIGIN,
    (route: Route) => {
      evil.push(route.request().url());
      return route.abort();
    },
  );
  return { registration, evil };
}

const calls = (page: Page) => page.evaluate(() => window.__analyticsCalls ?? []) as Promise<Recorded[]>;

/**
 * Opens the page on a paused clock and waits until the welcome machine has started (it sends both
 * conversions on entry); from then on the clock moves only when the test says so.
 */
async function openPaused(page: Page, path: string) {
  await pauseClockBeforeLoad(page);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect.poll(async () => (await calls(page)).length).toBe(2);
}

const status = (page: Page) => page.getByRole('status');

test.describe('/bienvenido', () => {
  for (const { query, value, plan } of [
    { query: '', value: 12, plan: null },
    { query: '?plan=pro', value: 12, plan: 'pro' },
    { query: '?plan=premium', value: 36, plan: 'premium' },
    { query: '?plan=platinum', value: 12, plan: null },
  ]) {
    test(`${query || 'no plan'}: Lead and Purchase of ${value} USD at once, ready and redirect after exactly 2000 ms`, async ({
      page,
    }) => {
      const exits = await interceptExits(page, { land: false });
      await openPaused(page, `/bienvenido${query}`);

      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bienvenido');
      await expect(status(page)).toHaveText('PREPARANDO TU CUENTA...');
      await expect(page.locator('.welcome-status .spinner')).toBeVisible();
      expect(await calls(page)).toEqual([
        { event: 'Lead' },
        { event: 'Purchase', params: { currency: 'USD', value } },
      ]);

      await page.clock.runFor(DELAY_MS - 1);
      await expect(status(page)).toHaveText('PREPARANDO TU CUENTA...');
      expect(exits.registration).toEqual([]);

      await page.clock.runFor(1);
      await expect(status(page)).toHaveText('TU CUENTA ESTÁ LISTA');
      const expected = plan ? `${REGISTRATION_ORIGIN}/?plan=${plan}` : `${REGISTRATION_ORIGIN}/`;
      await expect.poll(() => exits.registration).toEqual([expected]);
      await expect(page.getByRole('link', { name: 'Continuar al registro' })).toHaveAttribute(
        'href',
        expected,
      );
      await expect(page.locator('.welcome-next .spinner')).toBeVisible();
      // The conversions were sent before the redirect, once each.
      expect(await calls(page)).toHaveLength(2);
    });
  }

  test('with skipRedirect it stays on TU CUENTA ESTÁ LISTA and never leaves', async ({ page }) => {
    const exits = await interceptExits(page, { land: false });
    await openPaused(page, '/bienvenido?skipRedirect&plan=premium');
    expect(await calls(page)).toEqual([
      { event: 'Lead' },
      { event: 'Purchase', params: { currency: 'USD', value: 36 } },
    ]);
    await page.clock.runFor(DELAY_MS - 1);
    await expect(status(page)).toHaveText('PREPARANDO TU CUENTA...');
    await page.clock.runFor(1);
    await expect(status(page)).toHaveText('TU CUENTA ESTÁ LISTA');
    await expect(page.locator('.welcome-status .spinner')).toHaveCount(0);
    await page.clock.runFor(60_000);
    await expect(status(page)).toHaveText('TU CUENTA ESTÁ LISTA');
    expect(exits.registration).toEqual([]);
    expect(page.url()).toMatch(/\/bienvenido\?skipRedirect&plan=premium$/);
    await page.clock.resume();
    const axe = await axeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'best-practice']).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await expect(page.getByRole('link', { name: 'Continuar al registro' })).toHaveAttribute(
      'href',
      `${REGISTRATION_ORIGIN}/?plan=premium`,
    );
    expect(await calls(page)).toHaveLength(2);
  });

  for (const { query, plan } of [
    {
      query: '?plan=premium&redirect=https://evil.example/robo&next=https://evil.example/robo',
      plan: 'premium',
    },
    { query: '?next=%2F%2Fevil.example&redirect=javascript:alert(1)&plan=premium', plan: 'premium' },
    {
      query: `?plan=${encodeURIComponent('https://evil.example')}&redirect_uri=https://evil.example`,
      plan: null,
    },
  ]) {
    test(`a hostile parameter never changes the target: ${query}`, async ({ page }) => {
      const exits = await interceptExits(page, { land: true });
      await openPaused(page, `/bienvenido${query}`);
      await page.clock.runFor(DELAY_MS);
      const expected = plan ? `${REGISTRATION_ORIGIN}/?plan=${plan}` : `${REGISTRATION_ORIGIN}/`;
      await page.waitForURL(expected);
      expect(exits.registration).toEqual([expected]);
      expect(exits.evil).toEqual([]);
    });
  }

  test('coming back from the registration host (back/forward cache) shows the ready page, no second redirect', async ({
    page,
  }) => {
    const exits = await interceptExits(page, { land: false });
    await openPaused(page, '/bienvenido?plan=pro');
    await page.clock.runFor(DELAY_MS);
    await expect.poll(() => exits.registration).toHaveLength(1);
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    await expect(status(page)).toHaveText('TU CUENTA ESTÁ LISTA');
    await expect(page.locator('.welcome-next .spinner')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Continuar al registro' })).toBeVisible();
    await page.clock.runFor(60_000);
    expect(exits.registration).toHaveLength(1);
    expect(await calls(page)).toHaveLength(2);
  });

  test('the prerendered page shows the preparing state; the query is read only after hydration', async ({
    request,
  }) => {
    const html = await (await request.get('/bienvenido?skipRedirect&plan=premium')).text();
    expect(html).toContain('PREPARANDO TU CUENTA...');
    expect(html).not.toContain('TU CUENTA ESTÁ LISTA');
    expect(html).not.toContain('registro.mitienda.example');
  });

  test('on a 360 px phone the page fits the screen and has no floating contact button', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openPaused(page, '/bienvenido?skipRedirect');
    await expect(page.locator('.whatsapp-float')).toBeHidden();
    expect(await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth])).toEqual([
      360, 360,
    ]);
  });
});
