/**
 * What the browser model run leaves for the flow explorer (docs/testing.md, "Flow explorer
 * artifacts"): the screenshots of each state, taken into this run's folder (./results.ts puts them
 * in place when the run ends) when FLOWS_SCREENS=1 (`npm run flows:screens` sets it), with axe and
 * the sideways-scroll check on the same page in every run.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PARTS_DIR, runId } from './results';
import { withDueTimers } from './page';

export { finishRun, mergeParts, pathsFor, writePart } from './results';

export const SCREEN_WIDTHS = [360, 1280] as const;
const SCREEN_HEIGHT = 800;

/**
 * Whether this run takes the explorer's screenshots. They are QA's pictures, not a check: `npm test`
 * leaves them out unless asked, and `npm run flows:screens` takes them.
 */
export const TAKE_SCREENS = /^(1|true|on|yes)$/i.test(process.env.FLOWS_SCREENS ?? '');

/**
 * axe (wcag2a, wcag2aa, best-practice) on the page as it is: the violations, one line each. Run in
 * the page itself when it has no frame (axe's legacy mode, as tests/e2e/support/page-checks.ts
 * explains): the default mode's blank page per check would cost more than the check.
 */
export async function axeViolations(page: Page, scope?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page })
    .setLegacyMode(page.frames().length === 1)
    .withTags(['wcag2a', 'wcag2aa', 'best-practice']);
  if (scope) builder = builder.include(scope);
  const results = await builder.analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Whether the page scrolls sideways. */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.scrollingElement ?? document.documentElement;
    return el.scrollWidth > el.clientWidth;
  });
}

/**
 * At each width: axe with zero violations in the part of the page the machine renders and, at
 * 360 px, no horizontal scrolling, for the states first reached at this step; with TAKE_SCREENS,
 * also the screenshot of the page (one picture per state id; states entered together show the same
 * page), noted in `shots` before it is taken. Then the viewport the test had.
 */
export async function inspectStates(
  page: Page,
  machineId: string,
  stateIds: readonly string[],
  scope: string,
  shots: string[],
): Promise<void> {
  if (stateIds.length === 0) return;
  const original = page.viewportSize();
  // This run's own folder: finishRun puts it in place of the machine's earlier screenshots.
  const dir = path.join(PARTS_DIR, runId(), 'screens', machineId);
  if (TAKE_SCREENS) {
    mkdirSync(dir, { recursive: true });
    shots.push(...stateIds);
  }
  const label = stateIds.join(', ');
  try {
    for (const width of SCREEN_WIDTHS) {
      await page.setViewportSize({ width, height: SCREEN_HEIGHT });
      if (TAKE_SCREENS) {
        const png = await page.screenshot();
        for (const id of stateIds) writeFileSync(path.join(dir, `${id}-${width}.png`), png);
      }
      expect(
        await withDueTimers(page, () => axeViolations(page, scope)),
        `axe in ${label} at ${width} px`,
      ).toEqual([]);
      if (width === 360)
        expect(await scrollsSideways(page), `${label} scrolls sideways at 360 px`).toBe(false);
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
}
