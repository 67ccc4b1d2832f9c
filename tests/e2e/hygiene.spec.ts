import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

/**
 * The hygiene fixture itself: each `test.fail()` below passes only because the fixture fails
 * the test; the others show what a test may declare.
 */
const PAGE = '/privacidad';
const FOREIGN = 'https://tracker.example.net/pixel.png';

async function openPage(page: Page) {
  await page.goto(PAGE);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

const loadImage = (page: Page, src: string) =>
  page.evaluate(
    (url) =>
      new Promise<void>((resolve) => {
        const img = document.createElement('img');
        img.onload = img.onerror = () => resolve();
        img.src = url;
        document.body.append(img);
      }),
    src,
  );

test.describe('fails the test on', () => {
  test('an unexpected console error', async ({ page }) => {
    test.fail();
    await openPage(page);
    await page.evaluate(() => console.error('algo salió mal'));
  });

  test('an unexpected console warning', async ({ page }) => {
    test.fail();
    await openPage(page);
    await page.evaluate(() => console.warn('cuidado'));
  });

  test('an uncaught page error', async ({ page }) => {
    test.fail();
    await openPage(page);
    const thrown = page.waitForEvent('pageerror');
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('sin capturar');
      });
    });
    await thrown;
  });

  test('a 404 from the own origin', async ({ page }) => {
    test.fail();
    await openPage(page);
    await loadImage(page, '/no-hay-imagen.png');
  });

  test('a failed request to the own origin', async ({ page }) => {
    test.fail();
    await page.route('**/no-hay-estilo.css', (route) => route.abort('failed'));
    await openPage(page);
    await loadImage(page, '/no-hay-estilo.css');
  });

  test('a request leaving the machine that no route stubbed', async ({ page }) => {
    test.fail();
    await openPage(page);
    await loadImage(page, FOREIGN);
  });

  test('a navigation to a foreign site', async ({ page }) => {
    test.fail();
    await page.goto('https://www.example.org/').catch(() => undefined);
  });
});

test.describe('lets a test declare', () => {
  test.use({ expectedConsole: [/^esperado por test\.use/] });

  test('a console message by pattern, with test.use or in the test', async ({ page, hygiene }) => {
    await openPage(page);
    hygiene.expectConsole('esperado en el test');
    await page.evaluate(() => {
      console.error('esperado por test.use');
      console.warn('esperado en el test');
    });
    await expect
      .poll(() => hygiene.messages)
      .toEqual(['error: esperado por test.use', 'warning: esperado en el test']);
  });

  test('a failing own request, by URL', async ({ page, hygiene }) => {
    hygiene.expectRequestFailure('/no-hay-imagen.png');
    await openPage(page);
    await loadImage(page, '/no-hay-imagen.png');
  });

  test('a third party stubbed with page.route, which wins over the catch-all', async ({ page }) => {
    let served = 0;
    await page.route(FOREIGN, (route) => {
      served += 1;
      return route.fulfill({ status: 204 });
    });
    await openPage(page);
    await loadImage(page, FOREIGN);
    expect(served).toBe(1);
  });
});
