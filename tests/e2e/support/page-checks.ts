import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './test';

/** The viewports of the accessibility and visual checks: the spec's mobile width and a desktop. */
export const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
] as const;

const FLOATING = { whatsapp: '.whatsapp-float', strip: '.referral-banner' } as const;

/**
 * axe-core's builder for the page as it is now. A page without frames is checked in the page itself
 * (axe's legacy mode: one axe.run, the same rules on the same document); the default mode also opens
 * a blank page for every check to merge the frames' results, which costs more than the check itself
 * on a busy machine. A page with a frame keeps the default mode, which checks cross-origin frames too.
 */
export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1);
}

/** Zero axe violations of any impact (WCAG 2 A and AA rules and axe's best practices). */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const results = await axeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'best-practice']).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe: ${what}`).toEqual([]);
}

/** The page is not wider than the viewport: nothing scrolls sideways. */
export async function expectNoHorizontalScroll(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    const root = document.documentElement;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wide };
  });
  expect(
    overflow.scrollWidth,
    `horizontal scroll: ${what} (widest: ${overflow.wide.join(', ') || 'none found'})`,
  ).toBeLessThanOrEqual(overflow.clientWidth);
}

/**
 * The floating WhatsApp button covers none of the referral strip's controls (it stands in the
 * strip's right end), and neither hides an interactive element: each visible link, button and
 * field, brought into view the way keyboard focus brings it (nearest edge, honouring
 * scroll-padding), is the element found at its centre.
 */
export async function expectFloatingControlsClear(page: Page, what: string): Promise<void> {
  const report = await page.evaluate((selectors) => {
    const whatsapp = document.querySelector(selectors.whatsapp);
    const strip = document.querySelector(selectors.strip);
    const floating = [whatsapp, strip].filter((el): el is Element => el !== null);
    const problems: string[] = [];
    if (whatsapp && strip) {
      const a = whatsapp.getBoundingClientRect();
      for (const control of strip.querySelectorAll('a, button')) {
        const b = control.getBoundingClientRect();
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
          problems.push("the WhatsApp button overlaps the referral strip's button");
      }
    }
    if (floating.length === 0) return { problems, checked: 0 };
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const x0 = window.scrollX;
    const y0 = window.scrollY;
    let checked = 0;
    const candidates = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])',
    );
    for (const el of candidates) {
      if (floating.some((f) => f.contains(el))) continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = el.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) continue;
      el.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      checked += 1;
      const cover = floating.find((f) => hit !== null && f.contains(hit));
      if (cover)
        problems.push(
          `${describe(el)} is hidden by ${cover === whatsapp ? 'the WhatsApp button' : 'the referral strip'}`,
        );
    }
    window.scrollTo({ left: x0, top: y0, behavior: 'instant' });
    return { problems, checked };
  }, FLOATING);
  expect(report.problems, `floating controls: ${what}`).toEqual([]);
}

/**
 * Sums the page's layout shifts that follow no input (as CLS counts them) from its first paint on,
 * in every document the page opens. Call before the page's first goto; read with layoutShift.
 */
export async function trackLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) w.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift trackLayoutShift has summed in the current document. */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}
