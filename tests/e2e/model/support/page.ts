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

/** Where a flow's browser table says the flow is placed, and what to name when it is not there. */
export interface Placement {
  /** The flow's folder name, as the messages name it. */
  flow: string;
  /** The route of the page that places the flow (src/content/pages.ts); null while no page does. */
  route: string | null;
  /** The part of the page the flow renders (its table's `scope`). */
  scope: string;
  /** The view a page renders to place it, with its file. */
  view: string;
  /** The table's file, where the route is written. */
  table: string;
}

/**
 * Opens the page that places a flow and waits until it shows the flow's part. A flow made by
 * `npm run flows:new` is on no page (`route` null): each of its browser paths fails here, saying
 * what to do, until a page renders its view and the table names that page; a route whose page does
 * not show the flow fails the same way. Never a skip: a flow the catalogue lists is either run in a
 * page or reported as not placed.
 */
export async function openPlacedFlow(page: Page, placement: Placement): Promise<void> {
  const { flow, route, scope, view, table } = placement;
  if (route === null)
    throw new Error(
      `El flujo «${flow}» todavía no está en ninguna página, así que sus caminos no pueden recorrerse en el navegador. Colócalo: que una página de src/pages/ (con su ruta en src/content/pages.ts) renderice ${view}, y escribe esa ruta en PLACED_ON de ${table}.`,
    );
  await openHydrated(page, route);
  await expect(
    page.locator(scope).first(),
    `La página ${route} no muestra el flujo «${flow}» (nada en ella coincide con ${scope}): que esa página renderice ${view}, o corrige PLACED_ON en ${table}.`,
  ).toBeAttached();
}
