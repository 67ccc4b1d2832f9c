/** The first seconds of a prerendered page, before its code runs (docs/first-seconds.md). */

/**
 * A page not hydrated this long after its first byte tells the visitor it did not finish loading,
 * and stops holding presses. On the slow phone of DESIGN.md section 6 (4× CPU, 1.6 Mbps, 150 ms
 * round trips) the largest page's JavaScript (100 KB gzip at most, bench/budgets.ts) arrives in
 * about a second and runs in well under one more: 8 s leaves room for a bad moment of the
 * network, and is about as long as a visitor waits on a button that does nothing.
 */
export const PAGE_LOAD_NOTICE_MS = 8000;

/**
 * The waits before each new try of a file a page needs to start a flow (the wizard's machine and
 * XState, step 1's rules) when its download failed: growing, so a connection that stays down is
 * asked five times in 15 s, not once per focus or keystroke; after the last one the page says the
 * file could not be downloaded and a reload tries again.
 */
export const STARTUP_RETRY_WAITS_MS: readonly number[] = [1000, 2000, 4000, 8000];

/**
 * Failed tries of the wizard's start-up files after which step 1 says so (the message of a missing
 * save file), while the tries go on: the second failure comes a second after the first, so a file
 * that keeps failing is reported within seconds of the page's load. A download that never answers
 * is reported PAGE_LOAD_NOTICE_MS after the wizard asked for it.
 */
export const STARTUP_FAILURES_BEFORE_NOTICE = 2;
