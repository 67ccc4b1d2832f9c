import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { holdScripts, hydrated, pauseClockBeforeLoad } from './support/page-load';
import { ATTRIBUTION_STORAGE_KEY } from '../../src/domain/constants';
import { NEWSLETTER_SUBSCRIBED_MESSAGE } from '../../src/domain/newsletter';
import { HELD_ATTRIBUTE } from '../../src/boot/early-presses';
import { NOT_LOADED_COPY } from '../../src/content/first-seconds';
import { LAYOUT_COPY, MENU_COPY } from '../../src/content/layout';
import { PAGE_LOAD_NOTICE_MS } from '../../src/domain/first-seconds';
import { WIZARD_STORAGE_KEY } from '../../src/services/wizard-persistence';
import {
  captureLeadRequests,
  contactFor,
  expectStep,
  fields,
  fillContact,
  HEADINGS,
  MOBILE,
  nextButton,
  PHONES,
  uniqueName,
} from './registro-helpers';

/*
 * The window between the first paint of a prerendered page and its hydration, made as long as a
 * test needs: the page's scripts are held at the network until the test releases them. Whatever
 * the visitor does meanwhile must be kept (typed text, a choice, a press) or have worked without
 * code (a link), and campaign attribution must already be recorded.
 */

test('step 1 typed and chosen before hydration reaches the machine, the lead and the saved progress', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  const sent = captureLeadRequests(page);
  const scripts = await holdScripts(page);
  await page.goto('/registro');
  await scripts.requested();
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');

  const contact = contactFor(uniqueName('Antes de hidratar'), 'CL');
  await fillContact(page, contact);
  // The visitor is still in the last field when the code arrives.
  await fields(page).email.focus();
  scripts.release();
  await hydrated(page);

  const f = fields(page);
  await expect(f.nombreEmpresa).toHaveValue(contact.nombreEmpresa);
  await expect(f.pais).toHaveValue('CL');
  await expect(f.whatsapp).toHaveValue(contact.whatsapp);
  await expect(f.email).toHaveValue(contact.email ?? '');
  await expect(f.email).toBeFocused();
  await expect(nextButton(page)).toBeEnabled();

  // The progress kept for a reload carries what was typed before hydration.
  await expect
    .poll(() => page.evaluate((key) => sessionStorage.getItem(key) ?? '', WIZARD_STORAGE_KEY))
    .toContain(contact.nombreEmpresa);

  await nextButton(page).click();
  await expectStep(page, 'situation');
  const create = sent.find((request) => request.method === 'POST');
  expect(create?.body).toMatchObject({
    nombreEmpresa: contact.nombreEmpresa,
    nombre: contact.nombre,
    apellido: contact.apellido,
    pais: { codigo: 'CL' },
    whatsapp: PHONES.CL.stored,
    email: contact.email,
  });
});

test('a field filled in part before hydration keeps both parts, typed before and after', async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto('/registro');
  await scripts.requested();
  const name = fields(page).nombreEmpresa;
  await name.pressSequentially('Pizzeria');
  scripts.release();
  await hydrated(page);
  await name.press('End');
  await name.pressSequentially(' Luis');
  await expect(name).toHaveValue('Pizzeria Luis');
  // Another field's change re-renders the form: the name must survive it.
  await fields(page).nombre.fill('Luis');
  await expect(name).toHaveValue('Pizzeria Luis');
  await expect(page.getByRole('heading', { name: HEADINGS.contact })).toBeVisible();
});

test('a newsletter address typed and sent before hydration is submitted once the form is live', async ({
  page,
}) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/newsletter'))
      posts.push(request.postData() ?? '');
  });
  const scripts = await holdScripts(page);
  await page.goto('/blog');
  await scripts.requested();
  const region = page.getByRole('region', { name: 'Recibe ideas para vender más' });
  const email = `antes-${Date.now().toString(36)}@example.com`;
  await region.getByRole('textbox', { name: 'Tu correo electrónico' }).fill(email);
  const button = region.getByRole('button', { name: 'Suscribirme' });
  await button.click();
  // Held, shown as waiting, and the page did not post the form away (no raw JSON page).
  await expect(button).toHaveAttribute(HELD_ATTRIBUTE, '');
  expect(new URL(page.url()).pathname).toBe('/blog');
  expect(posts).toEqual([]);

  scripts.release();
  await hydrated(page);
  await expect(region.getByRole('status').filter({ hasText: NEWSLETTER_SUBSCRIBED_MESSAGE })).toBeVisible();
  expect(posts).toEqual([`email=${encodeURIComponent(email)}`]);
  await expect(button).not.toHaveAttribute(HELD_ATTRIBUTE, '');
  expect(new URL(page.url()).pathname).toBe('/blog');
});

test("a tap on 'Registrar mi negocio' before hydration keeps the campaign for the lead", async ({ page }) => {
  await page.setViewportSize(MOBILE);
  const sent = captureLeadRequests(page);
  const scripts = await holdScripts(page);
  await page.goto('/?utm_source=ig&utm_campaign=verano');
  await scripts.requested();
  expect(await page.evaluate((key) => localStorage.getItem(key), ATTRIBUTION_STORAGE_KEY)).toBe(
    'utm_source=ig&utm_campaign=verano',
  );
  await page.getByRole('link', { name: 'Registrar mi negocio' }).first().click();
  await page.waitForURL(/\/registro$/);
  scripts.release();
  await hydrated(page);

  await fillContact(page, contactFor(uniqueName('Campaña temprana')));
  await nextButton(page).click();
  await expectStep(page, 'situation');
  const create = sent.find((request) => request.method === 'POST');
  expect(create?.body).toMatchObject({
    utmSource: 'ig',
    utmCampaign: 'verano',
    urlQueryString: 'utm_source=ig&utm_campaign=verano',
  });
});

for (const [presses, expanded] of [
  [1, 'true'],
  [2, 'false'],
] as const) {
  test(`the menu toggle pressed ${presses} time(s) before hydration ends ${expanded === 'true' ? 'open' : 'closed'}`, async ({
    page,
  }) => {
    await page.setViewportSize(MOBILE);
    const scripts = await holdScripts(page);
    await page.goto('/?cc=AR');
    await scripts.requested();
    const menu = page.getByRole('button', { name: /menú/i });
    for (let i = 0; i < presses; i++) await menu.click();
    await expect(menu).toHaveAttribute(HELD_ATTRIBUTE, '');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    scripts.release();
    await hydrated(page);
    // Every press is kept and replayed in order: pressed twice is opened and closed again.
    await expect(menu).not.toHaveAttribute(HELD_ATTRIBUTE, '');
    await expect(menu).toHaveAttribute('aria-expanded', expanded);
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', expanded === 'true' ? 'false' : 'true');
  });

  test(`an FAQ question (a part of the page loaded later) pressed ${presses} time(s) before hydration ends ${expanded === 'true' ? 'open' : 'closed'}`, async ({
    page,
  }) => {
    await page.setViewportSize(MOBILE);
    const scripts = await holdScripts(page);
    await page.goto('/?cc=AR');
    await scripts.requested();
    const question = page.getByRole('button', { name: '¿Cobran una comisión por cada venta?' });
    for (let i = 0; i < presses; i++) await question.click();
    await expect(question).toHaveAttribute(HELD_ATTRIBUTE, '');
    scripts.release();
    await hydrated(page);
    await expect(question).not.toHaveAttribute(HELD_ATTRIBUTE, '');
    await expect(question).toHaveAttribute('aria-expanded', expanded);
    await expect(page.locator('[data-held]')).toHaveCount(0);
  });
}

test('a press made after hydration waits behind the held ones: the FAQ answers them in the order pressed', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  // The page's code and the code of the sections below the first screen, let in one after the other.
  let releasePage: () => void = () => {};
  let releaseRest: () => void = () => {};
  const pageReleased = new Promise<void>((resolve) => (releasePage = resolve));
  const restReleased = new Promise<void>((resolve) => (releaseRest = resolve));
  let requested = 0;
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    requested++;
    await (/\/home-rest-/.test(route.request().url()) ? restReleased : pageReleased);
    await route.continue();
  });
  await page.goto('/?cc=AR');
  await expect.poll(() => requested).toBeGreaterThan(0);
  // Every press that reaches the page (a held one is stopped before it), in order.
  await page.evaluate(() => {
    const reached: string[] = [];
    (self as unknown as { reached: string[] }).reached = reached;
    document.addEventListener('click', (event) => {
      const button = (event.target as Element).closest('.accordion-button');
      if (button) reached.push(button.textContent ?? '');
    });
  });
  const first = page.getByRole('button', { name: '¿Cobran una comisión por cada venta?' });
  const second = page.getByRole('button', { name: '¿Cómo me pagan mis clientes?' });
  await first.click();
  releasePage();
  await hydrated(page);
  // The FAQ's code is still on its way: this press waits behind the first one.
  await second.click();
  await expect(second).toHaveAttribute(HELD_ATTRIBUTE, '');
  releaseRest();
  // One answer open at a time: the last press wins, so the order shows.
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('[data-held]')).toHaveCount(0);
  const reached = await page.evaluate(() => (self as unknown as { reached: string[] }).reached);
  expect(reached.map((text) => text.replace(/[+−]$/, ''))).toEqual([
    '¿Cobran una comisión por cada venta?',
    '¿Cómo me pagan mis clientes?',
  ]);
});

test('the benefits toggle pressed before hydration opens the list once the code arrives', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  const scripts = await holdScripts(page);
  await page.goto('/?cc=AR');
  await scripts.requested();
  const more = page.getByRole('button', { name: /BENEFICIOS/ });
  await more.click();
  await expect(more).toHaveAttribute(HELD_ATTRIBUTE, '');
  scripts.release();
  await hydrated(page);
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(more).not.toHaveAttribute(HELD_ATTRIBUTE, '');
});

/**
 * Opens `path` on a paused clock with the scripts held, lets the page stay on screen for
 * `onScreenMs` of that clock, then lets its code in and waits for hydration.
 */
async function openLate(page: Page, path: string, onScreenMs: number, painted?: () => Promise<void>) {
  await pauseClockBeforeLoad(page);
  const scripts = await holdScripts(page);
  await page.goto(path);
  await scripts.requested();
  await painted?.();
  await page.clock.runFor(onScreenMs);
  scripts.release();
  await hydrated(page);
}

test.describe('spec delays count from the page, not from hydration', () => {
  test('the referral banner shows at once when hydration came after its 500 ms, and hides 12 s later', async ({
    page,
  }) => {
    // The page has been on screen for 2 s when its code arrives.
    await openLate(page, '/?ref=AMIGO-1&cc=AR', 2000);
    const banner = page.getByRole('region', { name: 'Descuento por referido' });
    const slot = page.locator('[data-referral-banner]');
    // The banner's code loads after hydration, on the paused clock's timers: step until it starts.
    const step = 50;
    for (let i = 0; i < 100 && (await slot.count()) === 0; i++) await page.clock.runFor(step);
    // Its machine started less than one step ago, and shows the banner within a millisecond (its
    // timer for the rest of the 500 ms is for none): the 500 ms after the load are long gone.
    await page.clock.runFor(1);
    await expect(slot).toHaveAttribute('data-referral-banner', 'visible');
    await expect(banner).toBeVisible();
    await page.clock.runFor(12_000 - step - 10);
    await expect(banner).toBeVisible();
    await page.clock.runFor(step + 20);
    await expect(banner).toHaveCount(0);
  });

  test("the welcome page is ready 2000 ms after 'PREPARANDO TU CUENTA...' first showed, however late its code", async ({
    page,
  }) => {
    await openLate(page, '/bienvenido?skipRedirect', 1500, () =>
      expect(page.getByRole('status')).toHaveText('PREPARANDO TU CUENTA...'),
    );
    // The text showed before the clock moved: 500 ms are left, not 2000.
    await page.clock.runFor(500 - 20);
    await expect(page.getByRole('status')).toHaveText('PREPARANDO TU CUENTA...');
    await page.clock.runFor(40);
    await expect(page.getByRole('status')).toHaveText('TU CUENTA ESTÁ LISTA');
  });
});

test.describe('before the first paint the page asks for nothing but itself', () => {
  for (const path of ['/', '/marcablanca', '/privacidad']) {
    test(`${path}: every file starts after the first paint; the manifest and the icons are linked`, async ({
      page,
    }) => {
      await page.setViewportSize(MOBILE);
      await page.goto(path);
      await hydrated(page);
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.NaN,
        files: performance
          .getEntriesByType('resource')
          .map((e) => ({ name: e.name, startTime: e.startTime })),
      }));
      expect(timing.paint).toBeGreaterThan(0);
      expect(timing.files.length).toBeGreaterThan(0);
      for (const file of timing.files) expect(file.startTime, file.name).toBeGreaterThanOrEqual(timing.paint);

      // What waited is there once the page has painted: a saved page still names its manifest.
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
      const icons = page.locator('svg.content-icon use');
      for (const use of await icons.all()) await expect(use).toHaveAttribute('href', /\.svg#[\w-]+$/);
    });
  }
});

/*
 * A page whose code never comes (blocked, lost on the way, or scripts disabled) still says what to
 * do, and no control on it stays waiting.
 */
const notice = (page: Page) => page.getByRole('alert').filter({ hasText: NOT_LOADED_COPY.texto.trim() });
const cookieButton = (page: Page) => page.getByRole('button', { name: LAYOUT_COPY.cookies.entendido });

/** Opens `path` with a paused clock and the scripts held until `release()` (maybe never). */
async function openWithoutCode(page: Page, path: string) {
  await pauseClockBeforeLoad(page);
  const scripts = await holdScripts(page);
  await page.goto(path);
  await scripts.requested();
  return scripts;
}

test.describe('scripts that never arrive', () => {
  test('the notice shows within seconds, no control stays held, the phone menu is drawn open', async ({
    page,
  }) => {
    await page.setViewportSize(MOBILE);
    const scripts = await openWithoutCode(page, '/?cc=AR');
    const menu = page.getByRole('button', { name: /menú/i });
    await menu.click();
    await page.getByRole('button', { name: '¿Cobran una comisión por cada venta?' }).click();
    await expect(page.locator('[data-held]')).toHaveCount(2);
    await page.clock.runFor(PAGE_LOAD_NOTICE_MS - 100);
    await expect(notice(page)).toHaveCount(0);
    await page.clock.runFor(100);

    await expect(notice(page)).toBeVisible();
    await expect(notice(page).getByRole('link', { name: NOT_LOADED_COPY.recargar })).toHaveAttribute(
      'href',
      '',
    );
    await expect(notice(page).getByRole('link', { name: NOT_LOADED_COPY.whatsapp })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/\d+\?text=/,
    );
    await expect(page.locator('[data-held]')).toHaveCount(0);
    // The menu's links are in sight without its toggle, which needs the code; the cookie notice's
    // button, which needs it too, is not offered.
    await expect(menu).toBeHidden();
    await expect(page.getByRole('link', { name: MENU_COPY.planes })).toBeVisible();
    await expect(cookieButton(page)).toBeHidden();

    // The code arrives after all: the notice goes, the page works, the dropped presses stay dropped.
    scripts.release();
    await hydrated(page);
    await expect(notice(page)).toHaveCount(0);
    await expect(cookieButton(page)).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
  });

  test('scripts refused by the network (a blocker, a dropped connection) give the same notice', async ({
    page,
    hygiene,
  }) => {
    hygiene.expectRequestFailure(/\/assets\/.*\.js$/);
    await pauseClockBeforeLoad(page);
    let refused = 0;
    await page.route(/\/assets\/.*\.js$/, (route) => {
      refused++;
      return route.abort('blockedbyclient');
    });
    await page.setViewportSize(MOBILE);
    await page.goto('/registro');
    await expect.poll(() => refused).toBeGreaterThan(0);
    await page.getByRole('button', { name: /menú/i }).click();
    await page.clock.runFor(PAGE_LOAD_NOTICE_MS);
    await expect(notice(page)).toBeVisible();
    await expect(page.locator('[data-held]')).toHaveCount(0);
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
  });

  test('the newsletter form no longer waits: it posts and lands on a Spanish page', async ({ page }) => {
    await openWithoutCode(page, '/blog');
    const region = page.getByRole('region', { name: 'Recibe ideas para vender más' });
    const email = `sin-codigo-${Date.now().toString(36)}@example.com`;
    await region.getByRole('textbox', { name: 'Tu correo electrónico' }).fill(email);
    const button = region.getByRole('button', { name: 'Suscribirme' });
    await button.click();
    await expect(button).toHaveAttribute(HELD_ATTRIBUTE, '');
    await page.clock.runFor(PAGE_LOAD_NOTICE_MS);
    await expect(notice(page)).toBeVisible();
    await expect(button).not.toHaveAttribute(HELD_ATTRIBUTE, '');
    await button.click();
    await expect(page.getByRole('status')).toHaveText(NEWSLETTER_SUBSCRIBED_MESSAGE);
    expect(new URL(page.url()).pathname).toBe('/api/newsletter/');
  });
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('every page says it did not finish loading and how to go on; the phone menu is open', async ({
    page,
  }) => {
    await page.setViewportSize(MOBILE);
    for (const path of ['/', '/registro', '/blog']) {
      await page.goto(path);
      await expect(notice(page)).toBeVisible();
      await expect(notice(page).getByRole('link', { name: NOT_LOADED_COPY.whatsapp })).toHaveAttribute(
        'href',
        /^https:\/\/wa\.me\//,
      );
    }
    await page.goto('/');
    await expect(page.getByRole('button', { name: /menú/i })).toBeHidden();
    await expect(page.getByRole('link', { name: MENU_COPY.planes })).toBeVisible();
    await expect(cookieButton(page)).toBeHidden();
  });

  test('the newsletter form lands on a Spanish page with the usual security headers, not JSON', async ({
    page,
    hygiene,
  }) => {
    await page.goto('/blog');
    const region = page.getByRole('region', { name: 'Recibe ideas para vender más' });
    const email = `sin-js-${Date.now().toString(36)}@example.com`;
    await region.getByRole('textbox', { name: 'Tu correo electrónico' }).fill(email);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/newsletter') && r.request().method() === 'POST'),
      region.getByRole('button', { name: 'Suscribirme' }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/html/);
    expect(response.headers()['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('status')).toHaveText(NEWSLETTER_SUBSCRIBED_MESSAGE);
    await page.getByRole('link', { name: 'Volver a la página anterior' }).click();
    await expect(page).toHaveURL(/\/blog$/);

    // A refused address says why, on the same kind of page.
    hygiene.expectRequestFailure('/api/newsletter/');
    await region.getByRole('textbox', { name: 'Tu correo electrónico' }).fill('no-es-un-correo');
    await region.getByRole('button', { name: 'Suscribirme' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No pudimos completar la suscripción');
  });
});
