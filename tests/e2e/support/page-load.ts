import type { Page, Route } from '@playwright/test';
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
