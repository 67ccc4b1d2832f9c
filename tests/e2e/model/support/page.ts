import { expect, type Page } from '@playwright/test';

/** A fixed start for the page clock: installed before the page loads, paused until a step moves it. */
const CLOCK_START = new Date('2026-03-02T10:00:00Z');

const paused = new WeakSet<Page>();

/**
 * Installs the page clock, paused, so delays fire only when a path's step says so. Only pauseAt: an
 * install() before it would let the page's clock run from its first moment for as long as the two
 * calls took to reach the browser.
 */
export async function pausedClock(page: Page): Promise<void> {
  await page.clock.pauseAt(new Date(CLOCK_START.getTime() + 1000));
  paused.add(page);
}

const TIMER_NAMES = [
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'requestAnimationFrame',
  'cancelAnimationFrame',
] as const;

/** Puts the browser's own timers back while `on`, the paused clock's fakes otherwise. */
function swapTimers(page: Page, on: boolean): Promise<void> {
  return page.evaluate(
    ([names, real]) => {
      const w = window as unknown as Record<string, unknown> & {
        __pwClock?: { builtins: Record<string, unknown> };
        __modelFakeTimers?: Record<string, unknown>;
      };
      if (!w.__pwClock) return;
      if (real) {
        w.__modelFakeTimers = Object.fromEntries(names.map((n) => [n, w[n]]));
        for (const n of names) w[n] = w.__pwClock.builtins[n];
      } else if (w.__modelFakeTimers) {
        for (const n of names) w[n] = w.__modelFakeTimers[n];
        delete w.__modelFakeTimers;
      }
    },
    [TIMER_NAMES, on] as const,
  );
}

/**
 * Runs `work` (axe, which queues its checks with setTimeout) on a page whose clock is paused, with
 * the browser's own timers meanwhile: the page's delays stay where the path left them.
 */
export async function withDueTimers<T>(page: Page, work: () => Promise<T>): Promise<T> {
  if (!paused.has(page)) return work();
  await swapTimers(page, true);
  try {
    return await work();
  } finally {
    await swapTimers(page, false);
  }
}

/** Opens a path of the site and waits until the page has hydrated. */
export async function openHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

/** What the browser fires when a page comes back from the back/forward cache. */
export async function returnFromCache(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
}
