import type { Page, Route } from '@playwright/test';
import { EARLY_PRESSES_KEY } from '../../../src/boot/early-presses';
import { expect } from './test';

/**
 * The conditions of a page's first seconds that the specs set up: its scripts held at the network
 * (the window between the first paint and hydration, as long as a test needs), and a browser that
 * blocks storage (a private mode, cookies off).
 */

/** Where the specs' paused page clocks stand: a Monday morning. */
const PAUSED_AT = new Date('2026-03-02T10:00:01Z');

/**
 * Pauses the page clock before the page loads: the page starts with Date.now() at PAUSED_AT and
 * performance.now() at 0 (the page's own clock, from which the spec's delays count), and its time
 * moves only when the test runs it (page.clock.runFor). An install() before the pause would let each
 * new page's clock run, from its first moment, for as long as the two calls took to reach the
 * browser: on a busy machine, enough of a spec's delay for a step to land on the wrong side of it.
 */
export async function pauseClockBeforeLoad(page: Page): Promise<void> {
  await page.clock.pauseAt(PAUSED_AT);
}

/** Every script of the site (the entry and the page's chunks). */
const SITE_SCRIPTS = /\/assets\/.*\.js$/;

/** Holds every script of the site until `release()`. */
export async function holdScripts(page: Page) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route(SITE_SCRIPTS, async (route: Route) => {
    held.push(route.request().url());
    await released;
    await route.continue().catch(() => {});
  });
  return {
    release,
    /** Resolves once the boot script has asked for the entry (the page has painted). */
    requested: () => expect.poll(() => held.length).toBeGreaterThan(0),
    /** Stops holding for the page's next loads (a reload). */
    stop: () => page.unroute(SITE_SCRIPTS),
  };
}

/** Resolves once the page reports that it has hydrated. */
export const hydrated = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

/** Every load of the page finds local and session storage blocked: reading either throws. */
export async function blockStorage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    for (const name of ['localStorage', 'sessionStorage'])
      Object.defineProperty(window, name, {
        configurable: true,
        get() {
          throw new DOMException('El almacenamiento está bloqueado.', 'SecurityError');
        },
      });
  });
}

/**
 * Resolves once the page has drawn a frame after this call and run the tasks that frame queued:
 * what a scroll brought near the viewport has been seen by its IntersectionObserver, and the code
 * it wants has been asked for. A page that navigates meanwhile (a reload the scroll set off) ends
 * the wait too.
 */
export async function afterNextFrame(page: Page): Promise<void> {
  await page
    .evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve))),
        ),
    )
    .catch((error: unknown) => {
      if (!String(error).includes('Execution context was destroyed')) throw error;
    });
}

/**
 * Resolves once every part of the page that is drawn has its code (src/ui/lazy-region.ts): after a
 * scroll through the whole page, each of them has come near the viewport and wanted it. A part the
 * page does not draw (display: none at this width) never comes near, and is not waited for.
 */
export async function drawnPartsHydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    (key) => {
      type Part = { contains(control: Element): boolean };
      const presses = (self as unknown as Record<string, { parts: Part[] } | undefined>)[key];
      const drawn = [...document.body.querySelectorAll('*')].filter((el) => el.getClientRects().length > 0);
      return (presses?.parts ?? []).every((part) => !drawn.some((el) => part.contains(el)));
    },
    EARLY_PRESSES_KEY,
    { polling: 100 },
  );
}

/**
 * Resolves once nothing the page has already asked for can still move it: its fonts, the images in
 * the viewport, no part of it busy (aria-busy: the prices while their
 * rate is on its way), and a frame drawn after them (the browser reports a layout shift with the
 * frame that made it).
 */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(async () => {
    await document.fonts.ready;
    const inView = [...document.images].filter((img) => {
      const box = img.getBoundingClientRect();
      return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
    });
    await Promise.all(
      inView
        .filter((img) => !img.complete)
        .map(
          (img) =>
            new Promise((resolve) => {
              img.addEventListener('load', resolve, { once: true });
              img.addEventListener('error', resolve, { once: true });
            }),
        ),
    );
  });
  await afterNextFrame(page);
}
