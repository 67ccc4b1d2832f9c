import { PAGES } from '../../src/content/pages';
import { stayingUrl } from './support/exits';
import {
  VIEWPORTS,
  expectFloatingControlsClear,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
} from './support/page-checks';
import { expect, test } from './support/test';

/**
 * Every route of the route table (its canonical path: aliases render the same page) and the
 * not-found page, at 360 and 1280 px, as a first visit sees it (cookie strip shown): no axe
 * violation of any impact, no sideways scroll, and the floating WhatsApp button and cookie strip
 * clear of each other and of every interactive element.
 */
// A page load and a whole-page axe run, which alone is slow on a busy machine
// (docs/performance.md, "Measurements behind the code").
test.describe.configure({ timeout: 60_000 });
const NOT_FOUND = '/no-existe';
const PATHS = [...PAGES.flatMap((p) => p.paths.slice(0, 1)), NOT_FOUND];

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const path of PATHS) {
      test(`${path}: axe, no horizontal scroll, nothing under the floating controls`, async ({
        page,
        hygiene,
      }) => {
        if (path === NOT_FOUND) hygiene.expectRequestFailure(NOT_FOUND);
        // The home page is the longest: axe and the floating-controls walk take longest there.
        if (path === '/') test.slow();
        await page.goto(stayingUrl(path));
        await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
        await expect(page.getByRole('region', { name: 'Aviso de cookies' })).toBeVisible();
        const what = `${path} at ${viewport.width} px`;
        await expectNoAxeViolations(page, what);
        await expectNoHorizontalScroll(page, what);
        await expectFloatingControlsClear(page, what);
      });
    }
  });
}
