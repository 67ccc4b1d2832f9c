import { expect, test } from './support/test';
import { FIRST_SCREEN_FONT_STRIKES } from '../../bench/budgets';
import { PAGES } from '../../src/content/pages';
import { stayingUrl } from './support/exits';
import { BOLD_WEIGHT, TYPE_SCALE_STEPS } from '../support/type-scale';

/** Lighthouse's mobile screen, where the benchmark lays the page out. */
const PHONE = { width: 412, height: 823 };

const PATHS = PAGES.flatMap((page) => page.paths.slice(0, 1));

/**
 * The distinct font strikes (size, weight, style, family) of the text the browser draws in the
 * prerendered page: text in a part skipped by content-visibility, or not displayed, needs none yet.
 */
function strikesOnScreen(): string[] {
  const strikes = new Set<string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!node.textContent?.trim() || !element?.checkVisibility({ contentVisibilityAuto: true })) continue;
    const style = getComputedStyle(element);
    strikes.add(`${style.fontSize} ${style.fontWeight} ${style.fontStyle} ${style.fontFamily}`);
  }
  return [...strikes].sort();
}

test('each page draws its first screen with few font strikes, all from the type scale', async ({
  browser,
  hygiene,
}) => {
  // The prerendered HTML is what the first layout sees: the code changes nothing before it.
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  await hygiene.watch(context);
  const page = await context.newPage();
  for (const path of PATHS) {
    await page.goto(stayingUrl(path));
    // The scale's steps in pixels, as this page resolves them.
    const scalePx = new Set(
      await page.evaluate(
        (steps) =>
          steps.map((step) => {
            const probe = document.body.appendChild(document.createElement('span'));
            probe.style.fontSize = `var(--text-${step})`;
            const px = getComputedStyle(probe).fontSize;
            probe.remove();
            return px;
          }),
        [...TYPE_SCALE_STEPS],
      ),
    );
    // Every step resolves to a size of its own: an undefined step would fall back to the body's.
    expect(scalePx.size, path).toBe(TYPE_SCALE_STEPS.length);
    const strikes = await page.evaluate(strikesOnScreen);
    expect(strikes.length, `${path}:\n${strikes.join('\n')}`).toBeLessThanOrEqual(FIRST_SCREEN_FONT_STRIKES);
    for (const strike of strikes) {
      const [size, weight] = strike.split(' ');
      expect(scalePx.has(size ?? ''), `${path}: ${strike}`).toBe(true);
      expect(['400', BOLD_WEIGHT], `${path}: ${strike}`).toContain(weight);
      // The page's own font stack everywhere: a control left on the browser's font is a strike more.
      expect(strike, path).toContain('system-ui');
    }
  }
  await context.close();
});
