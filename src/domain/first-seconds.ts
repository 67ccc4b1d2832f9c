/** The first seconds of a prerendered page, before its code runs (docs/first-seconds.md). */

/**
 * A page not hydrated this long after its first byte tells the visitor it did not finish loading,
 * and stops holding presses. On the slow phone of DESIGN.md section 6 (4× CPU, 1.6 Mbps, 150 ms
 * round trips) the largest page's JavaScript (100 KB gzip at most, bench/budgets.ts) arrives in
 * about a second and runs in well under one more: 8 s leaves room for a bad moment of the
 * network, and is about as long as a visitor waits on a button that does nothing.
 */
export const PAGE_LOAD_NOTICE_MS = 8000;
