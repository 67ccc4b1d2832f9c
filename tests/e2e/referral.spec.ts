import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { layoutShift, trackLayoutShift } from './support/page-checks';
import { holdScripts, hydrated, pauseClockBeforeLoad } from './support/page-load';
import { REFERRAL_STORAGE_KEY } from '../../src/domain/constants';

const banner = (page: Page) => page.getByRole('region', { name: 'Descuento por referido' });
const storedCode = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), REFERRAL_STORAGE_KEY);

/** Records any dialog a hostile code might open; none may appear. */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  return dialogs;
}

test('a code with accents and an underscore shows in the banner as text and gives the discount', async ({
  page,
}) => {
  await page.goto('/?cc=AR&ref=Ñandú_2024');
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).locator('p')).toHaveText('¡Ñandú_2024 TE REGALA UN GRAN DESCUENTO!');
  await expect(page.getByText('25 % de descuento con el código Ñandú_2024')).toBeVisible();
  expect(await storedCode(page)).toBe('Ñandú_2024');

  // Kept for the visit: another page without ?ref still has it.
  await page.goto('/?cc=AR');
  await expect(banner(page)).toContainText('¡Ñandú_2024 TE REGALA');
});

test('an accent sent as a combining mark is the same code', async ({ page }) => {
  await page.goto('/?cc=AR&ref=N%CC%83andu%CC%81_2024');
  await expect(banner(page).locator('p')).toHaveText('¡Ñandú_2024 TE REGALA UN GRAN DESCUENTO!');
  expect(await storedCode(page)).toBe('Ñandú_2024');
});

test('32 accented letters are accepted, 33 are ignored', async ({ page }) => {
  await page.goto(`/?cc=AR&ref=${'á'.repeat(32)}`);
  await expect(banner(page)).toContainText(`¡${'á'.repeat(32)} TE REGALA`);
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(`/?cc=AR&ref=${'á'.repeat(33)}`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.locator('#planes')).toBeAttached();
  await expect(page.locator('[data-referral-banner]')).toHaveCount(0);
  expect(await storedCode(page)).toBeNull();
});

test('a hostile code is ignored without an error and never becomes markup', async ({ page }) => {
  const dialogs = watchDialogs(page);
  for (const ref of [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '"><svg onload=alert(1)>',
    'javascript:alert(1)',
    'Ñandú 2024',
  ]) {
    await page.goto(`/?cc=AR&ref=${encodeURIComponent(ref)}`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.locator('#planes')).toBeAttached();
    await expect(page.locator('[data-referral-banner]')).toHaveCount(0);
    await expect(page.getByText(/descuento con el código/)).toHaveCount(0);
    expect(await storedCode(page)).toBeNull();
    expect(await page.locator('main img[src="x"], main svg[onload]').count()).toBe(0);
  }
  // An ignored ?ref does not drop a good code kept earlier in the visit.
  await page.goto('/?cc=AR&ref=Peña-7');
  await expect(banner(page)).toBeVisible();
  await page.goto(`/?cc=AR&ref=${encodeURIComponent('<script>alert(1)</script>')}`);
  await expect(banner(page)).toContainText('¡Peña-7 TE REGALA');
  expect(dialogs).toEqual([]);
});

test.describe('on a phone, on a first visit', () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });

  /** Every header, cookie-notice and strip control, and the hero's, that something else covers. */
  const coveredControls = (page: Page) =>
    page.evaluate(() =>
      [
        ...document.querySelectorAll<HTMLElement>(
          '.site-header a, .site-header button, .cookie-notice a, .cookie-notice button, .referral-banner button, main a.btn',
        ),
      ]
        .filter((el) => el.checkVisibility())
        .filter((el) => {
          const r = el.getBoundingClientRect();
          if (r.bottom <= 0 || r.top >= innerHeight) return false;
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return !hit || !el.contains(hit);
        })
        .map((el) => el.getAttribute('aria-label') ?? el.getAttribute('title') ?? el.textContent),
    );

  test('the strip has its room under the header from the first paint, covers nothing, and moves nothing as it comes and goes', async ({
    page,
  }) => {
    await trackLayoutShift(page);
    await pauseClockBeforeLoad(page);
    const scripts = await holdScripts(page);
    await page.goto('/?cc=AR&ref=AMIGO25');
    await scripts.requested();
    // Before any code runs, the room is kept right under the header, and the hero starts below it.
    const slot = page.locator('.referral-slot');
    const header = await page.locator('.site-header').boundingBox();
    const room = await slot.boundingBox();
    expect(room?.y).toBeCloseTo((header?.y ?? 0) + (header?.height ?? 0), 0);
    expect(room?.height).toBeGreaterThanOrEqual(56);
    const cta = page.getByRole('link', { name: 'Comenzar Ahora' }).first();
    const ctaBefore = await cta.boundingBox();

    scripts.release();
    await hydrated(page);
    const state = page.locator('[data-referral-banner]');
    for (let i = 0; i < 100 && (await state.count()) === 0; i++) await page.clock.runFor(50);
    await page.clock.runFor(500);
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).locator('p')).toHaveText('¡AMIGO25 TE REGALA UN GRAN DESCUENTO!');
    // The strip fills its room: nothing below it moved, and nothing covers a control.
    expect(await banner(page).boundingBox()).toEqual(room);
    expect(await cta.boundingBox()).toEqual(ctaBefore);
    expect(await coveredControls(page)).toEqual([]);

    await page.clock.runFor(12_000);
    await expect(banner(page)).toHaveCount(0);
    await expect(state).toHaveAttribute('data-referral-banner', 'dismissed');
    // Hidden while in view, the strip leaves its room empty rather than pull the page up.
    expect(await slot.boundingBox()).toEqual(room);
    expect(await cta.boundingBox()).toEqual(ctaBefore);

    // Scrolled past, the room goes, and what the visitor sees stays where it was.
    await page.mouse.wheel(0, 400);
    await expect.poll(() => slot.evaluate((el) => el.getBoundingClientRect().bottom)).toBeLessThan(0);
    const seen = page.locator('.hero-actions a').first();
    const seenBefore = await seen.boundingBox();
    await page.clock.runFor(1_000);
    await expect.poll(() => slot.evaluate((el) => el.getBoundingClientRect().height)).toBe(0);
    expect(await seen.boundingBox()).toEqual(seenBefore);
    expect(await layoutShift(page)).toBe(0);
  });

  test('a code kept from earlier in the visit keeps the room too, and without a code there is none', async ({
    page,
  }) => {
    await page.goto('/?cc=AR&ref=AMIGO25');
    await hydrated(page);
    await trackLayoutShift(page);
    await page.goto('/?cc=AR');
    expect(
      await page.locator('.referral-slot').evaluate((el) => el.getBoundingClientRect().height),
    ).toBeGreaterThan(0);
    await expect(banner(page)).toBeVisible();
    expect(await layoutShift(page)).toBe(0);

    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/?cc=AR');
    await hydrated(page);
    expect(await page.locator('.referral-slot').evaluate((el) => el.getBoundingClientRect().height)).toBe(0);
  });
});
