import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/test';
import { PAGES } from '../../src/content/pages';
import { stayingUrl } from './support/exits';

// Canonical path of every page (aliases render the same page) plus the not-found page.
const NOT_FOUND = '/no-existe';
const PATHS = [...PAGES.flatMap((p) => p.paths.slice(0, 1)), NOT_FOUND];

for (const width of [360, 1280]) {
  test.describe(`axe at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 800 } });
    for (const path of PATHS) {
      test(`${path} has no accessibility violations`, async ({ page, hygiene }) => {
        if (path === NOT_FOUND) hygiene.expectRequestFailure(NOT_FOUND);
        await page.goto(stayingUrl(path));
        await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'best-practice'])
          .analyze();
        const summary = results.violations.map(
          (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
        expect(summary).toEqual([]);
      });
    }
  });
}
