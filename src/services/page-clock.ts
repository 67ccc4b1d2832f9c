import { FIRST_PAINT_KEY } from '../boot/boot-script';

/**
 * The page's own moments, from the browser's performance timeline: spec delays count from them,
 * not from when a view's code happens to start (which can be seconds later on a slow phone).
 */

/** Milliseconds since the page started loading (the navigation); 0 outside a browser. */
export function msSincePageLoad(): number {
  return typeof performance === 'undefined' ? 0 : performance.now();
}

/**
 * Milliseconds since the page first painted (the prerendered HTML the visitor saw first), as the
 * boot script noted it; 0 when it did not (a page opened in a background tab starts its code
 * before any paint).
 */
export function msSinceFirstPaint(): number {
  if (typeof performance === 'undefined') return 0;
  const paintedAt: unknown = (self as unknown as Record<string, unknown>)[FIRST_PAINT_KEY];
  return typeof paintedAt === 'number' ? Math.max(0, performance.now() - paintedAt) : 0;
}

/**
 * Runs `run` once the page has loaded and the browser is idle, or `longestWaitMs` after the load
 * when it never is: work the visitor did not ask for waits for the page's own. A browser without
 * idle callbacks waits the whole time.
 */
export function whenLoadedAndIdle(run: () => void, longestWaitMs: number): void {
  const whenIdle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(run, { timeout: longestWaitMs })
      : setTimeout(run, longestWaitMs);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
