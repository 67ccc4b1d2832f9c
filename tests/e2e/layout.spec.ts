import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { layoutShift, trackLayoutShift } from './support/page-checks';
import { COUNTRIES, COUNTRY_CODES } from '../../src/domain/countries';

test('header menu, WhatsApp contact link and country selector', async ({ page }) => {
  await page.goto('/caracteristicas');
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  for (const label of [
    'Inicio',
    'Beneficios',
    'Planes & Precios',
    'Preguntas Frecuentes',
    'Registro',
    'Contacto',
  ]) {
    await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  const contact = menu.getByRole('link', { name: 'Contacto' });
  const href = await contact.getAttribute('href');
  expect(href).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
  expect(decodeURIComponent(href?.split('text=')[1] ?? '')).toContain('Quiero más información');
  await expect(contact).toHaveAttribute('target', '_blank');

  const countries = page.getByRole('navigation', { name: 'Elige tu país' }).getByRole('link');
  await expect(countries).toHaveCount(7);
  for (const code of COUNTRY_CODES) {
    const link = page.locator(`a[href="/caracteristicas?cc=${code}"]`);
    // Drawn in CSS: no image request competes with the page's text before the first paint.
    await expect(link.getByRole('img', { name: COUNTRIES[code].nombre })).toBeVisible();
    await expect(link.locator('img')).toHaveCount(0);
    const background = await link.locator('.flag').evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(background).toContain('gradient');
  }
});

test('header variants: no country selector, home-only menu, hidden registration item', async ({ page }) => {
  await page.goto('/descargar');
  await expect(page.getByRole('navigation', { name: 'Elige tu país' })).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Registro' }),
  ).toBeVisible();

  await page.goto('/pagos');
  const reduced = page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link');
  await expect(reduced).toHaveCount(1);
  await expect(reduced).toHaveText('Inicio');

  await page.goto('/marcablanca');
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(menu.getByRole('link', { name: 'Contacto' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Registro' })).toHaveCount(0);
});

test('footer and floating WhatsApp button', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  // The chat number of the configuration's defaults (5491100000000), grouped as it is written in Argentina.
  await expect(footer.getByRole('link', { name: '+54 9 11 0000-0000', exact: true })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/5491100000000\?/,
  );
  await expect(footer.getByRole('link', { name: 'Términos y condiciones' })).toHaveAttribute(
    'href',
    '/terminos-y-condiciones',
  );
  await expect(footer.getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute(
    'href',
    '/privacidad',
  );
  await expect(page.getByRole('link', { name: /Escríbenos por WhatsApp/ })).toHaveAttribute(
    'href',
    '/registro',
  );
});

for (const path of ['/bienvenido?skipRedirect', '/pagos', '/mobile/bienvenida', '/test', '/registro']) {
  test(`no floating WhatsApp button on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /Escríbenos por WhatsApp/ })).toHaveCount(0);
  });
}

test('the cookie strip stays hidden once acknowledged, for 365 days', async ({ page, context }) => {
  await page.goto('/');
  const strip = page.getByRole('region', { name: 'Aviso de cookies' });
  await expect(strip).toBeVisible();
  // The button's code comes after the first paint: press it once the page is hydrated.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await strip.getByRole('button', { name: 'Entendido' }).click();
  await expect(strip).toHaveCount(0);
  const cookie = (await context.cookies()).find((c) => c.name === 'cookie_notice_ack');
  expect(cookie?.value).toBe('1');
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400;
  expect(days).toBeGreaterThan(364.9);
  expect(days).toBeLessThan(365.1);
  await page.goto('/blog');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('region', { name: 'Aviso de cookies' })).toHaveCount(0);
});

test('the cookie strip is in the page before its code runs, and stays hidden for a returning visitor', async ({
  page,
  context,
  hygiene,
}) => {
  // The page's code never arrives: what shows is the prerendered HTML and the inline boot script.
  hygiene.expectRequestFailure(/\/assets\/[\w-]+\.js$/);
  await page.route(/\/assets\/[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/privacidad');
  await expect(page.getByRole('region', { name: 'Aviso de cookies' })).toBeVisible();

  await context.addCookies([{ name: 'cookie_notice_ack', value: '1', url: page.url() }]);
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Aviso de cookies' })).toBeHidden();
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
});

test('accordion: one item open at a time, keyboard operable', async ({ page }) => {
  await page.goto('/marcablanca');
  // The page's code starts after the first paint, which may come after the load event.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const first = page.getByRole('button', { name: '¿Mis clientes ven mi marca?' });
  const second = page.getByRole('button', { name: '¿Cuándo pago?' });
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Sí. Tus clientes usan la plataforma')).toBeVisible();
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Sí. Tus clientes usan la plataforma')).toBeHidden();
});

test('an ad landing on any page keeps its campaign and referral code', async ({ page }) => {
  await page.goto('/blog?utm_source=ig&utm_campaign=verano&ref=AMIGO-7');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const stored = await page.evaluate(() => ({
    attribution: localStorage.getItem('ndb_attribution'),
    ref: sessionStorage.getItem('ref'),
  }));
  expect(stored).toEqual({ attribution: 'utm_source=ig&utm_campaign=verano&ref=AMIGO-7', ref: 'AMIGO-7' });
});

test('on /marcablanca the floating button opens the white-label chat, like the hero', async ({ page }) => {
  await page.goto('/marcablanca');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const float = page.getByRole('link', { name: /Escríbenos por WhatsApp/ });
  const hero = page
    .locator('.page-heading')
    .getByRole('link', { name: 'Coordinar una llamada por WhatsApp' });
  await expect(float).toHaveAttribute('href', (await hero.getAttribute('href')) ?? 'the hero has no link');
  await expect(float).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=.*marca%20blanca/);
  await expect(float).toHaveAttribute('target', '_blank');
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const path of ['/pagos', '/bienvenido?skipRedirect', '/mobile/bienvenida', '/test']) {
    test(`${path}: the reduced menu's one link is in sight, with no toggle, and no empty top bar`, async ({
      page,
    }) => {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      const menu = page.getByRole('navigation', { name: 'Menú principal' });
      await expect(menu.getByRole('link')).toHaveText(['Inicio']);
      await expect(menu.getByRole('link', { name: 'Inicio' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Inicio' })).toBeInViewport();
      await expect(page.getByRole('button', { name: /menú/ })).toHaveCount(0);
      await expect(page.locator('.top-bar')).toBeHidden();
      // A first visit: the header starts right below the cookie notice, unless the page places it.
      const noticeAbove = page.locator('.cookie-notice:not(.cookie-notice--in-page)');
      const top = (await noticeAbove.count())
        ? await noticeAbove.evaluate((el) => el.getBoundingClientRect().bottom)
        : 0;
      expect(await page.locator('.site-header').evaluate((el) => el.getBoundingClientRect().top)).toBe(top);
    });
  }

  test('the full menu opens from its toggle; the top bar keeps the country flags', async ({ page }) => {
    await page.goto('/caracteristicas');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await expect(menu.getByRole('link', { name: 'Inicio' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Abrir menú' });
    // Its icon is server HTML only (no icon code on the page): it survives hydration and re-renders.
    await expect(toggle.locator('svg')).toBeVisible();
    await toggle.click();
    await expect(menu.getByRole('link', { name: 'Inicio' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cerrar menú' }).locator('svg')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Elige tu país' }).getByRole('link')).toHaveCount(7);
    await expect(page.locator('.top-bar')).toBeVisible();
  });
});

/** The name of the country whose flag link is marked as the current one, with what marks it. */
async function markedCountries(page: Page) {
  const links = page.getByRole('navigation', { name: 'Elige tu país' }).getByRole('link');
  await expect(links).toHaveCount(7);
  return links.evaluateAll((all) =>
    all
      .filter((a) => a.getAttribute('aria-current') === 'true')
      .map((a) => {
        const flag = getComputedStyle(a.querySelector('.flag') as Element);
        return { name: a.getAttribute('title'), outline: `${flag.outlineStyle} ${flag.outlineWidth}` };
      }),
  );
}

test("the chosen country's flag is marked, for the eye and as aria-current", async ({ page, context }) => {
  await page.goto('/caracteristicas?cc=CL');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect.poll(() => markedCountries(page)).toEqual([{ name: 'Chile', outline: 'solid 2px' }]);

  // Remembered in the cc cookie: marked on the next visit without ?cc.
  await page.getByRole('link', { name: 'Perú' }).click();
  await expect(page).toHaveURL(/\?cc=PE$/);
  await page.goto('/caracteristicas');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect.poll(() => markedCountries(page)).toEqual([{ name: 'Perú', outline: 'solid 2px' }]);

  // Nothing chosen yet: no flag claims to be the visitor's country.
  await context.clearCookies();
  await page.goto('/caracteristicas');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  expect(await markedCountries(page)).toEqual([]);
});

test.describe('the cookie notice', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('is one line and its button above the header, at most 12 % of a 360 x 740 screen, on every page', async ({
    page,
  }) => {
    for (const path of [
      '/',
      '/caracteristicas',
      '/registro',
      '/pagos',
      '/blog',
      '/bienvenido?skipRedirect',
    ]) {
      await page.goto(path);
      const notice = page.getByRole('region', { name: 'Aviso de cookies' });
      const box = await notice.evaluate((el) => {
        const text = el.querySelector('p') as HTMLElement;
        const lineHeight = parseFloat(getComputedStyle(text).lineHeight);
        const header = document.querySelector('.site-header') as HTMLElement;
        return {
          height: el.getBoundingClientRect().height,
          lines: Math.round(text.getBoundingClientRect().height / lineHeight),
          belowIt: header.getBoundingClientRect().top - el.getBoundingClientRect().bottom,
        };
      });
      expect(box.height, path).toBeLessThanOrEqual(0.12 * 740);
      expect(box.lines, path).toBe(1);
      expect(box.belowIt, `${path}: the header follows the notice`).toBe(0);
      await expect(notice.getByRole('link', { name: 'Ver más' })).toHaveAttribute('href', '/privacidad');
      await expect(notice.getByRole('button', { name: 'Entendido' })).toBeVisible();
    }
  });

  test('a returning visitor never sees it, and nothing moves for it', async ({ page, context }) => {
    await trackLayoutShift(page);
    await page.goto('/');
    await context.addCookies([{ name: 'cookie_notice_ack', value: '1', url: page.url() }]);
    for (const path of ['/', '/caracteristicas', '/blog']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await expect(page.getByRole('region', { name: 'Aviso de cookies' })).toHaveCount(0);
      expect(await page.locator('.site-header').evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
      expect(await layoutShift(page), path).toBe(0);
    }
  });
});

test.describe('the five areas of /caracteristicas', () => {
  for (const width of [360, 600, 768, 800, 1024, 1280, 1600]) {
    test(`are balanced at ${width} px: three and two, or one column, never four and one`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/caracteristicas');
      const rows = await page
        .getByRole('region', { name: 'Áreas de gestión' })
        .getByRole('article')
        .evaluateAll((cards) => {
          const tops = cards.map((c) => Math.round(c.getBoundingClientRect().top));
          return [...new Set(tops)].map((top) => tops.filter((t) => t === top).length);
        });
      expect([[5], [3, 2], [1, 1, 1, 1, 1]]).toContainEqual(rows);
    });
  }
});
