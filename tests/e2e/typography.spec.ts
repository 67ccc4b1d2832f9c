import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { PAGES, canonicalPath } from '../../src/content/pages';
import { stayingUrl } from './support/exits';
import { installFakePayPal } from './support/fake-paypal';
import { afterNextFrame, drawnPartsHydrated } from './support/page-load';

/**
 * A number never parts from its '%', nor a currency sign or code from its figure, in the line
 * boxes the browser lays out (issue 27, item 4; tests/unit/content/typography.test.ts reads the
 * same rule in the source). Every route, at 360 and 1280 px, with the home page's
 * prices in pesos, US$ plus pesos, and soles, and the payment page's amounts.
 */

const PATHS = [
  ...PAGES.filter((p) => p.key !== 'notFound').map((p) => stayingUrl(canonicalPath(p))),
  '/?cc=CL',
  '/?cc=PE',
  '/pagos?cliente=almacen-don-jose&cliente=kiosco&cliente=verduleria&usd=100',
  '/no-existe',
];

/** Each figure with its '%', sign or code that a line end split, with the line tops it spans. */
async function splitFigures(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const space = '[\\s\\u00a0\\u202f]*';
    const codes = '(?:USD|ARS|CLP|COP|MXN|PEN|UYU)';
    const figure = '\\d[\\d.,]*';
    const joined = new RegExp(
      [
        `${figure}${space}%`,
        `(?:US\\$|\\$|S\\/)${space}${figure}`,
        `\\b${codes}${space}${figure}`,
        `${figure}${space}${codes}\\b`,
      ].join('|'),
      'g',
    );
    const split: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(joined)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)),
        );
        if (tops.size > 1) split.push(`${JSON.stringify(match[0])} in ${JSON.stringify(text.trim())}`);
      }
    }
    return split;
  });
}

/** Lays out every part of the page: the code-loaded ones near the end, skipped and hidden ones. */
async function layOutEverything(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  for (let i = 0; i < 30; i++) {
    const done = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await afterNextFrame(page);
    if (done) break;
  }
  await drawnPartsHydrated(page);
  await page.addStyleTag({
    content: '* { content-visibility: visible !important; } [hidden] { display: block !important; }',
  });
}

test.beforeEach(async ({ page }) => {
  await page.route('**/api/public/cotizaciones/USD/*', (route) =>
    route.fulfill({ contentType: 'text/plain', body: '950' }),
  );
});

test('the check finds a figure split from its % by a line end', async ({ page }) => {
  await page.goto('/privacidad');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.evaluate(() => {
    const probe = document.createElement('p');
    probe.style.cssText = 'width: 9ch; font: 16px monospace';
    probe.textContent = 'Hasta 100 % y US$ 1000';
    document.body.prepend(probe);
  });
  expect(await splitFigures(page)).toEqual([
    '"100 %" in "Hasta 100 % y US$ 1000"',
    '"US$ 1000" in "Hasta 100 % y US$ 1000"',
  ]);
});

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    for (const path of PATHS) {
      test(`${path}: no figure parted from its %, sign or code`, async ({ page, hygiene }) => {
        if (path.startsWith('/pagos')) await installFakePayPal(page);
        if (path === '/no-existe') hygiene.expectRequestFailure('/no-existe');
        await page.goto(path);
        await layOutEverything(page);
        expect(await splitFigures(page)).toEqual([]);
      });
    }
  });
}
