import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { SMOOTH_SCROLL_MS } from '../../src/domain/constants';

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
/** Where the section's top lands when scrolled to (the page may be too short to bring it to the top). */
const targetOf = (page: Page, id: string) =>
  page.evaluate((sectionId) => {
    const el = document.getElementById(sectionId);
    if (!el) throw new Error(`no #${sectionId}`);
    const top = el.getBoundingClientRect().top + window.scrollY;
    return Math.round(Math.min(top, document.documentElement.scrollHeight - window.innerHeight));
  }, id);

async function openHome(page: Page) {
  await page.clock.install();
  await page.goto('/?cc=AR');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.locator('#planes')).toBeAttached();
  await expect(page.locator('#faq')).toBeAttached();
  // From here on, time moves only when the test says so.
  await page.clock.pauseAt(Date.now() + 60_000);
}

test('a menu anchor scrolls to its section over 1500 ms and moves the focus there', async ({ page }) => {
  await openHome(page);
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  const link = menu.getByRole('link', { name: 'Planes & Precios' });
  await expect(link).toHaveAttribute('href', '#planes');

  expect(await scrollY(page)).toBe(0);
  await link.click();
  await expect(page).toHaveURL(/#planes$/);
  await expect(page.locator('#planes')).toBeFocused();
  const target = await targetOf(page, 'planes');
  expect(target).toBeGreaterThan(1000);

  await page.clock.runFor(SMOOTH_SCROLL_MS / 4);
  const quarter = await scrollY(page);
  await page.clock.runFor(SMOOTH_SCROLL_MS / 4);
  const half = await scrollY(page);
  await page.clock.runFor(SMOOTH_SCROLL_MS / 2 - 150);
  const nearlyDone = await scrollY(page);
  expect(quarter).toBeGreaterThan(0);
  expect(half).toBeGreaterThan(quarter);
  expect(nearlyDone).toBeGreaterThan(half);
  expect(nearlyDone).toBeLessThan(target);
  // Halfway in time is about halfway in distance (ease in and out).
  expect(Math.abs(half - target / 2)).toBeLessThan(target * 0.1);

  await page.clock.runFor(200);
  expect(await scrollY(page)).toBe(await targetOf(page, 'planes'));
});

test("the hero's 'Más información' link and the keyboard skip link scroll the same way", async ({ page }) => {
  await openHome(page);
  await page.getByRole('link', { name: 'Más información' }).click();
  await page.clock.runFor(SMOOTH_SCROLL_MS / 2);
  const half = await scrollY(page);
  expect(half).toBeGreaterThan(0);
  expect(half).toBeLessThan(await targetOf(page, 'beneficios'));
  await page.clock.runFor(SMOOTH_SCROLL_MS / 2 + 50);
  expect(await scrollY(page)).toBe(await targetOf(page, 'beneficios'));
  await expect(page).toHaveURL(/#beneficios$/);

  // Focusing the skip link (at the top of the page) brings the page back to the top.
  await page.getByRole('link', { name: 'Saltar al contenido' }).focus();
  const start = await scrollY(page);
  const main = await targetOf(page, 'contenido');
  expect(main).toBeGreaterThan(start + 20);
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await page.clock.runFor(SMOOTH_SCROLL_MS / 2);
  const midway = await scrollY(page);
  expect(midway).toBeGreaterThan(start);
  expect(midway).toBeLessThan(main);
  await page.clock.runFor(SMOOTH_SCROLL_MS / 2 + 50);
  expect(await scrollY(page)).toBe(main);
  await expect(page).toHaveURL(/#contenido$/);
});

test('under prefers-reduced-motion the jump is instant', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openHome(page);
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Preguntas Frecuentes' })
    .click();
  // No animation: the page is already far down, past every section above the plans.
  expect(await scrollY(page)).toBeGreaterThan(await targetOf(page, 'planes'));
  // The sections it passed take their real height as they are drawn; the jump follows the target
  // for a few frames (a twentieth of the smooth scroll's time).
  await page.clock.runFor(SMOOTH_SCROLL_MS / 20);
  expect(await scrollY(page)).toBe(await targetOf(page, 'faq'));
  await expect(page.locator('#faq')).toBeFocused();
  await expect(page).toHaveURL(/#faq$/);
});

test('the visitor scrolling with the wheel stops the animation', async ({ page }) => {
  await openHome(page);
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Preguntas Frecuentes' })
    .click();
  await page.clock.runFor(SMOOTH_SCROLL_MS / 3);
  await page.mouse.move(200, 300);
  await page.mouse.wheel(0, -100);
  // The wheel reaches the page when it can: on a busy machine, after a few more frames. From then
  // on the page no longer moves by itself.
  await expect
    .poll(async () => {
      const before = await scrollY(page);
      await page.clock.runFor(50);
      return Math.abs((await scrollY(page)) - before);
    })
    .toBeLessThan(5);
  const stopped = await scrollY(page);
  await page.clock.runFor(SMOOTH_SCROLL_MS);
  expect(Math.abs((await scrollY(page)) - stopped)).toBeLessThan(150);
  // Stopped on the way, far from where the animation was going.
  expect(await scrollY(page)).toBeLessThan((await targetOf(page, 'faq')) - 500);
});

test('on other pages the menu opens the home page at the section', async ({ page }) => {
  await page.goto('/caracteristicas');
  const link = page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Planes & Precios' });
  await expect(link).toHaveAttribute('href', '/#planes');
  await link.click();
  await expect(page).toHaveURL(/\/#planes$/);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tu tienda online con 0 % de comisión');
});
