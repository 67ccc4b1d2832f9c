import { describe, expect, it } from 'vitest';
import { JS_BUDGET_BYTES, jsBudgetFor } from '../../../bench/budgets';
import {
  brokenBudgets,
  categoryScoreWithout,
  formatTable,
  formatTasks,
  longestTasks,
  median,
  metricsFromReport,
  performancePasses,
  scriptName,
  summarizeRoute,
  taskText,
  type BenchRoute,
  type LighthouseResult,
  type RunMetrics,
  type SimulatedTask,
} from '../../../bench/lib/summary';

const HOME: BenchRoute = { path: '/', label: '/', kind: 'public', noindex: false };
const PAGOS: BenchRoute = { path: '/pagos', label: '/pagos', kind: 'public', noindex: true };
const FLUJOS: BenchRoute = { path: '/flujos/', label: '/flujos/', kind: 'internal', noindex: true };
const FLOOR: BenchRoute = { path: '/', label: 'floor', kind: 'floor', noindex: false };

const PAGE = 'http://127.0.0.1:4183/blog';
const ENTRY = 'http://127.0.0.1:4183/assets/index-DcP5HPox.js';

function task(url: string, durationMs: number, startMs = 1000, scriptShare = 0.9): SimulatedTask {
  return { url, durationMs, startMs, simulated: true, realMs: durationMs / 4, scriptShare, cpuMs: 5 };
}

function run(over: Partial<RunMetrics> = {}): RunMetrics {
  return {
    performance: 100,
    accessibility: 100,
    bestPractices: 100,
    seo: 100,
    seoExempt: 100,
    lcpMs: 1000,
    tbtMs: 0,
    cls: 0,
    jsBytes: 70 * 1024,
    cssBytes: 5 * 1024,
    requests: ['http://127.0.0.1/assets/index-abc.js'],
    ownTask: null,
    anyTask: null,
    ...over,
  };
}

/** A report whose SEO category fails only is-crawlable (as a noindex page does). */
function report(): LighthouseResult {
  return {
    categories: {
      performance: { score: 0.99, auditRefs: [] },
      accessibility: { score: 1, auditRefs: [] },
      'best-practices': { score: 1, auditRefs: [] },
      seo: {
        score: 0.69,
        auditRefs: [
          { id: 'is-crawlable', weight: 4.043 },
          { id: 'document-title', weight: 1 },
          { id: 'meta-description', weight: 1 },
          { id: 'hreflang', weight: 0 },
        ],
      },
    },
    audits: {
      'is-crawlable': { score: 0 },
      'document-title': { score: 1 },
      'meta-description': { score: 1 },
      hreflang: { score: null },
      'largest-contentful-paint': { score: 1, numericValue: 1234.5 },
      'total-blocking-time': { score: 1, numericValue: 12 },
      'cumulative-layout-shift': { score: 1, numericValue: 0.002 },
      'resource-summary': {
        score: null,
        details: {
          items: [
            { resourceType: 'total', transferSize: 99999 },
            { resourceType: 'script', transferSize: 70000 },
            { resourceType: 'stylesheet', transferSize: 4000 },
          ],
        },
      },
      'network-requests': {
        score: null,
        details: { items: [{ url: 'http://127.0.0.1/' }, { url: 'http://127.0.0.1/assets/a.js' }] },
      },
    },
  };
}

describe('reading a Lighthouse report', () => {
  it('takes the scores, the metrics, the script and stylesheet bytes and every requested URL', () => {
    expect(metricsFromReport(report())).toEqual({
      performance: 99,
      accessibility: 100,
      bestPractices: 100,
      seo: 69,
      seoExempt: 100,
      lcpMs: 1234.5,
      tbtMs: 12,
      cls: 0.002,
      jsBytes: 70000,
      cssBytes: 4000,
      requests: ['http://127.0.0.1/', 'http://127.0.0.1/assets/a.js'],
      ownTask: null,
      anyTask: null,
    });
  });

  it('counts same-site scripts and stylesheets as gzip transfers when their sizes are given', () => {
    const lhr = report();
    lhr.audits['network-requests'] = {
      score: null,
      details: {
        items: [
          { url: 'http://127.0.0.1/', resourceType: 'Document', transferSize: 12000 },
          { url: 'http://127.0.0.1/assets/a.js', resourceType: 'Script', transferSize: 50000 },
          { url: 'http://127.0.0.1/assets/b.js', resourceType: 'Script', transferSize: 9000 },
          { url: 'http://127.0.0.1/assets/c.css', resourceType: 'Stylesheet', transferSize: 1500 },
        ],
      },
    };
    const gzip = new Map([
      ['http://127.0.0.1/assets/a.js', 56000],
      ['http://127.0.0.1/assets/c.css', 1700],
    ]);
    const metrics = metricsFromReport(lhr, gzip);
    // b.js has no gzip figure: it counts as transferred.
    expect(metrics.jsBytes).toBe(56000 + 9000);
    expect(metrics.cssBytes).toBe(1700);
  });

  it('scores SEO without is-crawlable as the weighted mean of the other weighted audits', () => {
    const lhr = report();
    (lhr.audits['meta-description'] as { score: number }).score = 0;
    expect(categoryScoreWithout(lhr, 'seo', ['is-crawlable'])).toBe(50);
    expect(categoryScoreWithout(lhr, 'seo', [])).toBe(17);
  });

  it('refuses a report whose page ended on the browser error page', () => {
    expect(() =>
      metricsFromReport({ ...report(), finalDisplayedUrl: 'chrome-error://chromewebdata/' }),
    ).toThrow(/error page/);
  });

  it('refuses a report that failed to load the page', () => {
    expect(() =>
      metricsFromReport({ ...report(), runtimeError: { code: 'NO_FCP', message: 'no paint' } }),
    ).toThrow(/NO_FCP/);
  });
});

describe('median', () => {
  it('is the middle value of an odd count, whatever the order', () => {
    expect(median([3000, 1000, 2000])).toBe(2000);
  });
  it('is the mean of the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
  it('summarizes each metric by its own median, not the values of one run', () => {
    const s = summarizeRoute(
      HOME,
      [
        run({ performance: 100, lcpMs: 3000, tbtMs: 0 }),
        run({ performance: 98, lcpMs: 1000, tbtMs: 90 }),
        run({ performance: 99, lcpMs: 2000, tbtMs: 30 }),
      ],
      1000,
    );
    expect(s.median).toMatchObject({ performance: 99, lcpMs: 2000, tbtMs: 30 });
    expect(s.lcpRatio).toBe(2);
  });
});

describe('performance budget', () => {
  it('passes when every run scores 100', () => {
    expect(performancePasses([100, 100, 100])).toBe(true);
  });
  it('lets a single 99 pass when the other runs are 100', () => {
    expect(performancePasses([100, 99, 100])).toBe(true);
  });
  it('fails two runs of 99, a 98, or a lone run of 99', () => {
    expect(performancePasses([99, 99, 100])).toBe(false);
    expect(performancePasses([100, 98, 100])).toBe(false);
    expect(performancePasses([99])).toBe(false);
  });
});

describe('broken budgets', () => {
  const summary = (route: BenchRoute, runs: RunMetrics[], floorLcp = 1000) =>
    summarizeRoute(route, runs, floorLcp);

  it('lists nothing for a route within every budget', () => {
    expect(brokenBudgets(summary(HOME, [run(), run({ performance: 99 }), run()]))).toEqual([]);
  });

  it('names each broken budget with its figure', () => {
    const broken = brokenBudgets(
      summary(HOME, [run({ performance: 97, lcpMs: 1200, tbtMs: 80, cls: 0.05, jsBytes: 91 * 1024 })]),
    );
    expect(broken).toEqual([
      '/: performance 97 (budget 100; one run of 99 passes when the others are 100)',
      "/: LCP 1200 ms is 1.200 x the floor's (budget 1.10 x)",
      '/: TBT 80 ms (budget 50 ms)',
      '/: JavaScript 91.0 KB transferred (budget 90.0 KB)',
      '/: CLS 0.050 (budget 0.01)',
    ]);
  });

  it('holds the home page to 90 KB of JavaScript and other pages to 100 KB', () => {
    expect(jsBudgetFor('/')).toBe(JS_BUDGET_BYTES.home);
    expect(jsBudgetFor('/registro')).toBe(JS_BUDGET_BYTES.other);
    const registro = { ...HOME, path: '/registro', label: '/registro' };
    expect(brokenBudgets(summary(registro, [run({ jsBytes: 95 * 1024 })]))).toEqual([]);
  });

  it('scores a noindex page without is-crawlable, and an indexable page with it', () => {
    const crawlBlocked = run({ seo: 69, seoExempt: 100 });
    expect(brokenBudgets(summary(PAGOS, [crawlBlocked]))).toEqual([]);
    expect(brokenBudgets(summary(HOME, [crawlBlocked]))).toEqual(['/: SEO 69 (every run must score 100)']);
    expect(brokenBudgets(summary(PAGOS, [run({ seo: 60, seoExempt: 92 })]))).toEqual([
      '/pagos: SEO without is-crawlable (noindex) 92 (every run must score 100)',
    ]);
  });

  it('asks accessibility and best practices of 100 in every run', () => {
    expect(brokenBudgets(summary(HOME, [run(), run({ accessibility: 96 }), run()]))).toEqual([
      '/: accessibility 100, 96, 100 (every run must score 100)',
    ]);
  });

  it('flags the third parties and lazy chunks a plain load must not request', () => {
    const loaded = run({
      requests: [
        'https://www.paypal.com/sdk/js?client-id=x',
        'https://www.google.com/recaptcha/api.js?render=explicit',
        'https://www.youtube-nocookie.com/embed/abc',
        'https://connect.facebook.net/en_US/fbevents.js',
        'http://127.0.0.1:4183/assets/swiper-carousel-DPf3D8td.js',
      ],
    });
    expect(brokenBudgets(summary(HOME, [loaded]))).toEqual([
      '/: PayPal SDK loaded with the page (https://www.paypal.com/sdk/js?client-id=x)',
      '/: bot check (reCAPTCHA) loaded with the page (https://www.google.com/recaptcha/api.js?render=explicit)',
      '/: video player loaded with the page (https://www.youtube-nocookie.com/embed/abc)',
      '/: Meta pixel loaded with the page (https://connect.facebook.net/en_US/fbevents.js)',
      '/: Swiper (carousels) loaded with the page (http://127.0.0.1:4183/assets/swiper-carousel-DPf3D8td.js)',
    ]);
  });

  it('allows the pixel on the welcome page, which sends conversion events on arrival, and nowhere else', () => {
    const pixel = run({ requests: ['https://connect.facebook.net/en_US/fbevents.js'] });
    const welcome: BenchRoute = { ...PAGOS, path: '/bienvenido', label: '/bienvenido?skipRedirect' };
    expect(brokenBudgets(summary(welcome, [pixel]))).toEqual([]);
    expect(brokenBudgets(summary(PAGOS, [pixel]))).toEqual([
      '/pagos: Meta pixel loaded with the page (https://connect.facebook.net/en_US/fbevents.js)',
    ]);
  });

  it('holds the internal flow explorer to every budget but the speed ones', () => {
    const slow = run({ performance: 60, lcpMs: 5000, tbtMs: 900, jsBytes: 400 * 1024, seo: 69 });
    expect(brokenBudgets(summary(FLUJOS, [slow]))).toEqual([]);
    expect(brokenBudgets(summary(FLUJOS, [run({ cls: 0.2, bestPractices: 92 })]))).toEqual([
      '/flujos/: best practices 92 (every run must score 100)',
      '/flujos/: CLS 0.200 (budget 0.01)',
    ]);
  });

  it('holds the floor page to nothing: it is the yardstick', () => {
    expect(brokenBudgets(summary(FLOOR, [run({ performance: 50 })]))).toEqual([]);
  });
});

describe('the table', () => {
  it('prints one aligned Markdown row per route, the noindex SEO starred', () => {
    const table = formatTable([
      summarizeRoute(FLOOR, [run({ lcpMs: 1463 })], 1463),
      summarizeRoute(
        PAGOS,
        [run({ lcpMs: 1600.4, tbtMs: 12.6, cls: 0.0004, seo: 69, ownTask: task(ENTRY, 41.6) })],
        1463,
      ),
    ]);
    expect(table.split('\n')).toEqual([
      '| route  | perf | a11y | best pr. |  SEO |     LCP |   TBT |   CLS |      JS |    CSS | LCP x floor | own task | in    |',
      '|--------|-----:|-----:|---------:|-----:|--------:|------:|------:|--------:|-------:|------------:|---------:|-------|',
      '| floor  |  100 |  100 |      100 |  100 | 1463 ms |  0 ms | 0.000 | 70.0 KB | 5.0 KB |        1.00 |     0 ms | -     |',
      '| /pagos |  100 |  100 |      100 | 100* | 1600 ms | 13 ms | 0.000 | 70.0 KB | 5.0 KB |        1.09 |    42 ms | index |',
    ]);
  });
});

describe('the longest tasks', () => {
  const tasks = [
    task('Unattributable', 139, 639, 0),
    task(PAGE, 71, 868, 0.1),
    task(ENTRY, 97, 1531),
    task('http://127.0.0.1:4183/assets/blog-DyVtsODm.js', 20, 1700),
    task('https://www.google.com/recaptcha/api.js', 300, 2000),
  ];

  it("takes the longest of the page's own scripts, not the browser's parse and layout nor a third party", () => {
    expect(longestTasks(tasks, PAGE)).toEqual({
      ownTask: task(ENTRY, 97, 1531),
      anyTask: task('https://www.google.com/recaptcha/api.js', 300, 2000),
    });
  });

  it('counts as ours a module evaluation Lighthouse attributes to nothing, and the inline scripts', () => {
    expect(longestTasks([...tasks, task('Unattributable', 111, 794, 0.76)], PAGE).ownTask).toEqual(
      task('Unattributable', 111, 794, 0.76),
    );
    expect(longestTasks([...tasks, task(PAGE, 120, 760, 0.6)], PAGE).ownTask).toEqual(
      task(PAGE, 120, 760, 0.6),
    );
  });

  it('has no own task when no script of the page ran', () => {
    expect(
      longestTasks([task('Unattributable', 139, 600, 0), task(PAGE, 20, 700, 0.2)], PAGE).ownTask,
    ).toBeNull();
    expect(longestTasks([], PAGE)).toEqual({ ownTask: null, anyTask: null });
  });

  it('reads them from the run with the report', () => {
    const metrics = metricsFromReport({ ...report(), finalDisplayedUrl: PAGE }, undefined, tasks);
    expect(metrics.ownTask).toEqual(task(ENTRY, 97, 1531));
  });

  it("judges a route on the median of each run's longest own task, and names that run's script", () => {
    const runs = [40, 97, 52, 30, 45].map((ms) => run({ ownTask: task(ENTRY, ms) }));
    const summary = summarizeRoute(HOME, runs, 1000);
    expect(summary.median.ownTaskMs).toBe(45);
    expect(summary.ownTask).toEqual(task(ENTRY, 45));
    expect(brokenBudgets(summary)).toEqual([]);
    const slow = summarizeRoute(
      HOME,
      [run({ ownTask: task(ENTRY, 97, 1531) }), run(), run({ ownTask: task(ENTRY, 60) })],
      1000,
    );
    expect(brokenBudgets(slow)).toEqual([
      "/: longest task of the page's scripts 60 ms (budget 50 ms; 60 ms in index at 1000 ms (real 15.0 ms, CPU 5.0 ms))",
    ]);
  });

  it('names scripts without their build hash, and the page by its path', () => {
    expect(scriptName(ENTRY)).toBe('index');
    expect(scriptName('http://127.0.0.1:4183/assets/blog-post-estrategias-ventas-7PdJibF-.js')).toBe(
      'blog-post-estrategias-ventas',
    );
    expect(scriptName(PAGE)).toBe('page /blog');
    expect(scriptName('Unattributable')).toBe('Unattributable');
  });

  it('lists each route with its own and overall longest task', () => {
    const runs = [run({ ownTask: task(ENTRY, 97, 1531), anyTask: task('Unattributable', 139, 639, 0) })];
    expect(formatTasks([summarizeRoute(HOME, runs, 1000)])).toBe(
      '- /: ours 97 ms in index at 1531 ms (real 24.3 ms, CPU 5.0 ms) (runs: 97 ms); any 139 ms in Unattributable at 639 ms (real 34.8 ms, CPU 5.0 ms)',
    );
  });

  it('says when a task was too short for the simulation', () => {
    expect(taskText({ ...task(ENTRY, 38), simulated: false })).toBe(
      '38 ms in index (not simulated, real 9.5 ms, CPU 5.0 ms)',
    );
  });
});
