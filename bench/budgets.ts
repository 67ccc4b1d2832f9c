/**
 * The performance budgets of DESIGN.md section 6, read by `npm run bench` (Lighthouse) and
 * `npm run bench:size` (initial JavaScript of the build). The one home for these numbers.
 */

const KB = 1024;

/** Lighthouse category scores, 0-100. */
export const SCORE_BUDGETS = {
  /** On every public route; one run at PERFORMANCE_NOISE_SCORE passes when every other run is 100. */
  performance: 100,
  /** Everywhere. */
  accessibility: 100,
  bestPractices: 100,
  /** On indexable routes; noindex routes are scored without the `is-crawlable` audit. */
  seo: 100,
} as const;

/** The score machine noise may give one run of a route whose other runs are all 100. */
export const PERFORMANCE_NOISE_SCORE = 99;

/** The SEO audit a noindex page fails on purpose: left out of its SEO score. */
export const NOINDEX_EXEMPT_AUDIT = 'is-crawlable';

/**
 * Lighthouse runs per route, each in a fresh browser, one at a time. Every budget is judged on the
 * medians of these runs (the category scores on each run), and no route is measured again because
 * it broke one: a regression that shows in only some runs still moves the median of five.
 */
export const RUNS_PER_ROUTE = 5;

/**
 * The phone profile's CPU: Lighthouse's simulated throttling runs every task this many times
 * slower, and the interaction benchmark slows Chromium's CPU as much (Emulation.setCPUThrottlingRate).
 */
export const CPU_SLOWDOWN = 4;

export const METRIC_BUDGETS = {
  /** Largest contentful paint at most this many times the floor page's, measured in the same run. */
  lcpOverFloor: 1.1,
  /** Total blocking time, milliseconds. */
  tbtMs: 50,
  /**
   * The longest main-thread task of the page's own scripts on the simulated phone (median of the
   * runs), milliseconds: a task of 50 ms and more is a long task, and a tap during it waits.
   */
  ownTaskMs: 50,
  /** Cumulative layout shift. */
  cls: 0.01,
} as const;

/** JavaScript transferred during the load, gzip bytes: the home page and every other page. */
export const JS_BUDGET_BYTES = {
  home: 90 * KB,
  other: 100 * KB,
} as const;

/**
 * A page's response must arrive in the first round trip of a new connection: ten TCP segments of
 * 1460 bytes (the initial congestion window that Lighthouse's simulation and most servers use). One
 * byte more costs a whole round trip (150 ms on the mobile profile) before the first paint. The
 * window holds the headers too: the page's own Content-Security-Policy (its length depends on the
 * third parties it allows) and the rest, which tests/api/static-site.test.ts holds to
 * PAGE_OTHER_HEADER_BYTES. The Brotli body gets what is left. The sizes measured:
 * docs/performance.md, "Measurements behind the code".
 */
const FIRST_ROUND_TRIP_BYTES = 10 * 1460;
export const PAGE_OTHER_HEADER_BYTES = 700;

/** The Brotli body a page may have, given the bytes of its Content-Security-Policy header line. */
export function pageHtmlBudget(cspHeaderBytes: number): number {
  return FIRST_ROUND_TRIP_BYTES - PAGE_OTHER_HEADER_BYTES - cspHeaderBytes;
}

/** Paths that render the home page: they get the home page's JavaScript budget. */
const HOME_PATHS: readonly string[] = ['/', '/gastronomicos', '/gastronomicos.html'];

export function jsBudgetFor(routePath: string): number {
  return HOME_PATHS.includes(routePath) ? JS_BUDGET_BYTES.home : JS_BUDGET_BYTES.other;
}

export interface ForbiddenResource {
  name: string;
  /** Matched against the URL of every request of a plain page load. */
  pattern: RegExp;
  /** Routes whose plain load needs it. */
  neededOn?: readonly string[];
}

/** What a plain page load must never request: each waits for the visitor's action. */
export const FORBIDDEN_ON_LOAD: readonly ForbiddenResource[] = [
  { name: 'PayPal SDK', pattern: /(^|\.|\/\/)paypal(objects)?\.com\//i },
  { name: 'bot check (reCAPTCHA)', pattern: /\/recaptcha\/|\brecaptcha__/i },
  { name: 'video player', pattern: /youtube(-nocookie)?\.com\/|ytimg\.com\/|\.(mp4|webm)(\?|$)/i },
  // The welcome page sends the Lead and Purchase events on arrival (spec: advertising events).
  {
    name: 'Meta pixel',
    pattern: /connect\.facebook\.net\/|facebook\.com\/tr[/?]/i,
    neededOn: ['/bienvenido'],
  },
  { name: 'Swiper (carousels)', pattern: /\/assets\/[^/?]*swiper[^/?]*\.(js|css)(\?|$)/i },
];

/**
 * Routes measured but not public (the flow explorer for the product owners): held to the
 * accessibility, best-practices, SEO, layout-shift and forbidden-resource budgets only.
 */
export const INTERNAL_ROUTES: readonly string[] = ['/flujos/'];

/**
 * Font strikes (a size with a weight and style) in the text a page draws at first, on Lighthouse's
 * phone screen. Chromium on Linux asks the browser process for each strike synchronously during
 * the first layout: the home page's strikes made most of its layout time (docs/performance.md,
 * point 10).
 * Held by tests/e2e/type-scale.spec.ts; the sizes come from the type scale in styles.css.
 */
export const FIRST_SCREEN_FONT_STRIKES = 6;

/**
 * The wizard's interactions at /registro (typing, choosing, 'Siguiente', 'Atrás') at CPU_SLOWDOWN:
 * the longest event duration of each (Event Timing API), milliseconds. `npm run bench:interactions`.
 */
export const INTERACTION_BUDGET_MS = 100;
