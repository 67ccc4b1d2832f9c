import { expect, test } from './support/test';
import { pauseClockBeforeLoad } from './support/page-load';
import { NOTIFICATION_DISPLAY_MS } from '../../src/domain/constants';

/**
 * Spec section 8, 'Missing widget plugin': when the home page's carousel script (the Swiper chunk)
 * cannot load, a danger notification '... plugin is missing' shows over the carousel for 10 s, the
 * layout does not move and the static track still scrolls with its buttons.
 */

test('a carousel whose Swiper chunk fails shows "Swiper plugin is missing" for 10 s', async ({
  page,
  hygiene,
}) => {
  hygiene.expectRequestFailure('/assets/swiper-carousel-');
  hygiene.expectConsole('No se pudo cargar el carrusel');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.route('**/assets/swiper-carousel-*.js', (route) => route.abort('failed'));
  await page.route('**/api/public/cotizaciones/USD/*', (route) =>
    route.fulfill({ contentType: 'text/plain', body: '950' }),
  );
  await pauseClockBeforeLoad(page);
  await page.goto('/?cc=AR');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

  const carousel = page.getByRole('region', { name: 'Testimonios de clientes' });
  const track = page.locator('.home-testimonials .swiper');
  await track.scrollIntoViewIfNeeded();
  const before = await track.boundingBox();
  const notice = carousel.getByRole('alert');
  await expect(notice).toHaveText('Swiper plugin is missing');
  await expect(notice).toHaveClass(/notification--danger/);
  // Shown over the carousel: nothing below it moved.
  expect(await track.boundingBox()).toEqual(before);
  await expect(track).not.toHaveClass(/swiper-initialized/);

  // The static track still scrolls with the buttons.
  const scroller = page.locator('.home-testimonials .swiper');
  const scrolled = () => scroller.evaluate((el) => el.scrollLeft);
  expect(await scrolled()).toBe(0);
  await carousel.getByRole('button', { name: 'Siguiente' }).click();
  await expect.poll(scrolled).toBeGreaterThan(0);

  // Hovering holds it; the full 10 s count again once the pointer leaves.
  await notice.hover();
  await page.clock.runFor(NOTIFICATION_DISPLAY_MS * 2);
  await expect(notice).toBeVisible();
  await page.mouse.move(0, 0);
  await page.clock.runFor(NOTIFICATION_DISPLAY_MS - 1);
  await expect(notice).toBeVisible();
  await page.clock.runFor(1);
  await expect(notice).toHaveCount(0);
});
