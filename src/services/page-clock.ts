/**
 * The page's own moments, from the browser's performance timeline: spec delays count from them,
 * not from when a view's code happens to start (which can be seconds later on a slow phone).
 */

/** Milliseconds since the page started loading (the navigation); 0 outside a browser. */
export function msSincePageLoad(): number {
  return typeof performance === 'undefined' ? 0 : performance.now();
}

/**
 * Milliseconds since the page first painted its content (the prerendered HTML the visitor saw
 * first); 0 when it has not painted yet or the browser does not say.
 */
export function msSinceFirstPaint(): number {
  if (typeof performance === 'undefined') return 0;
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  return paint ? Math.max(0, performance.now() - paint.startTime) : 0;
}
