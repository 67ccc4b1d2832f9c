import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { layoutShift, trackLayoutShift } from './support/page-checks';
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
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('the strip lies at the bottom of the screen, covers no control, and moves nothing as it comes and goes', async ({
    page,
  }) => {
    await trackLayoutShift(page);
    await page.clock.install({ time: new Date('2026-03-02T10:00:00Z') });
    await page.clock.pauseAt(new Date('2026-03-02T10:00:01Z'));
    await page.goto('/?cc=AR&ref=AMIGO25');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const slot = page.locator('[data-referral-banner]');
    for (let i = 0; i < 100 && (await slot.count()) === 0; i++) await page.clock.runFor(50);
    const float = page.getByRole('link', { name: /Escríbenos por WhatsApp/ });
    await expect(float).toBeVisible();
    const floatBefore = await float.boundingBox();

    await page.clock.runFor(500);
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).locator('p')).toHaveText('¡AMIGO25 TE REGALA UN GRAN DESCUENTO!');
    const strip = await banner(page).boundingBox();
    expect((strip?.y ?? 0) + (strip?.height ?? 0)).toBeCloseTo(740, 0);
    expect(strip?.height).toBeLessThanOrEqual(96);
    // The floating button keeps its place, beside the strip's text and button.
    expect(await float.boundingBox()).toEqual(floatBefore);
    // The header's controls, the cookie notice and the strip's own button are pressed where they show.
    const covered = await page.evaluate(() =>
      [
        ...document.querySelectorAll<HTMLElement>(
          '.site-header a, .site-header button, .cookie-notice a, .cookie-notice button, .referral-banner button',
        ),
      ]
        .filter((el) => el.checkVisibility())
        .filter((el) => {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return !hit || !el.contains(hit);
        })
        .map((el) => el.getAttribute('aria-label') ?? el.getAttribute('title') ?? el.textContent),
    );
    expect(covered).toEqual([]);

    await page.clock.runFor(12_000);
    await expect(banner(page)).toHaveCount(0);
    await expect(slot).toHaveAttribute('data-referral-banner', 'dismissed');
    expect(await float.boundingBox()).toEqual(floatBefore);
    expect(await layoutShift(page)).toBe(0);
  });
});
