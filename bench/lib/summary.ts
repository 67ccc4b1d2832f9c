/**
 * The pure part of `npm run bench`: what one Lighthouse report says, the median of a route's
 * runs, the budgets it breaks, and the table. No I/O here (tests/unit/bench/summary.test.ts).
 */
import {
  FORBIDDEN_ON_LOAD,
  METRIC_BUDGETS,
  NOINDEX_EXEMPT_AUDIT,
  PERFORMANCE_NOISE_SCORE,
  SCORE_BUDGETS,
  jsBudgetFor,
} from '../budgets';

/** The few parts of a Lighthouse result (LHR) the benchmark reads. */
export interface LighthouseResult {
  runtimeError?: { code: string; message: string };
  finalDisplayedUrl?: string;
  runWarnings?: readonly string[];
  categories: Record<
    string,
    { score: number | null; auditRefs: readonly { id: string; weight: number }[] } | undefined
  >;
  audits: Record<
    string,
    | {
        score: number | null;
        numericValue?: number;
        details?: { items?: readonly Record<string, unknown>[] };
      }
    | undefined
  >;
}

/** A top-level main-thread task of the load, as the simulated phone runs it. */
export interface SimulatedTask {
  /** The script the task ran (Lighthouse's attribution), the page's URL, or 'Unattributable'. */
  url: string;
  startMs: number;
  /** On the simulated phone (the CPU slowdown applied). */
  durationMs: number;
  /** False for a task too short for the simulation to keep: its real time times the slowdown. */
  simulated: boolean;
  /** Its wall time in the real, unthrottled load: what the simulation multiplied. */
  realMs: number;
  /** The part of its real time spent compiling and running script (0 to 1). */
  scriptShare: number;
  /** The CPU time its thread had in the real, unthrottled load (the rest it waited). */
  cpuMs: number;
}

export interface RunMetrics {
  /** Category scores, 0-100 (null when Lighthouse could not score the category). */
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  /** SEO without the audit noindex pages fail on purpose. */
  seoExempt: number | null;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes transferred during the load, as gzip (see metricsFromReport). */
  jsBytes: number;
  cssBytes: number;
  /** Every URL the load requested. */
  requests: string[];
  /** The longest task of the page's own scripts (same origin), or null when none ran. */
  ownTask: SimulatedTask | null;
  /** The longest task of any kind (the page's parse and layout, the browser, our scripts). */
  anyTask: SimulatedTask | null;
}

/** 'baseline': a public route served from another build, measured beside it for comparison. */
type RouteKind = 'public' | 'internal' | 'floor' | 'baseline';

export interface BenchRoute {
  /** Path on its server. */
  path: string;
  /** Query string the measured URL adds to the path, if any. */
  query?: string;
  /** Name in the table: the path, or "floor". */
  label: string;
  kind: RouteKind;
  noindex: boolean;
}

const toScore = (score: number | null | undefined): number | null =>
  score === null || score === undefined ? null : Math.round(score * 100);

/**
 * A category's score recomputed as Lighthouse does (weighted mean of the weighted audits; the
 * report already gives not-applicable, manual and informative audits weight 0), without `exclude`.
 */
export function categoryScoreWithout(
  lhr: LighthouseResult,
  categoryId: string,
  exclude: readonly string[],
): number | null {
  const category = lhr.categories[categoryId];
  if (!category) return null;
  let sum = 0;
  let weight = 0;
  for (const ref of category.auditRefs) {
    if (ref.weight <= 0 || exclude.includes(ref.id)) continue;
    const score = lhr.audits[ref.id]?.score;
    if (score === null || score === undefined) return null;
    sum += score * ref.weight;
    weight += ref.weight;
  }
  return weight === 0 ? null : toScore(Math.round((sum / weight) * 100) / 100);
}

function numeric(lhr: LighthouseResult, auditId: string): number {
  const value = lhr.audits[auditId]?.numericValue;
  if (value === undefined || !Number.isFinite(value)) {
    throw new Error(`the report has no value for ${auditId}`);
  }
  return value;
}

function transferOf(lhr: LighthouseResult, resourceType: string): number {
  const items = lhr.audits['resource-summary']?.details?.items ?? [];
  const item = items.find((i) => i.resourceType === resourceType);
  return typeof item?.transferSize === 'number' ? item.transferSize : 0;
}

/** Lighthouse's request types behind the resource summary's 'script' and 'stylesheet'. */
const REQUEST_TYPE = { script: 'Script', stylesheet: 'Stylesheet' } as const;

/**
 * Bytes of one kind of resource the load fetched, each counted as `gzipTransfer` gives it (the
 * file gzip-compressed, as the server sends it) and otherwise as transferred.
 */
function gzipTransferOf(
  lhr: LighthouseResult,
  kind: keyof typeof REQUEST_TYPE,
  gzipTransfer: ReadonlyMap<string, number>,
): number {
  let total = 0;
  for (const item of lhr.audits['network-requests']?.details?.items ?? []) {
    if (item.resourceType !== REQUEST_TYPE[kind] || typeof item.url !== 'string') continue;
    const transferred = typeof item.transferSize === 'number' ? item.transferSize : 0;
    total += gzipTransfer.get(item.url) ?? transferred;
  }
  return total;
}

/**
 * The longest task of the page's own scripts, and the longest task of any kind. Ours: a task that
 * Lighthouse attributes to a script of the page's origin, or one it attributes to the page itself
 * (its inline scripts) or to nothing (module evaluation often carries no URL) whose time went
 * mostly to script: the page's parse, style and layout are the browser's, and a third party's
 * script is not ours.
 */
export function longestTasks(
  tasks: readonly SimulatedTask[],
  pageUrl: string,
): { ownTask: SimulatedTask | null; anyTask: SimulatedTask | null } {
  const origin = URL.canParse(pageUrl) ? new URL(pageUrl).origin : null;
  const isOurs = (task: SimulatedTask) => {
    const mostlyScript = task.scriptShare >= 0.5;
    if (!URL.canParse(task.url)) return task.url === 'Unattributable' && mostlyScript;
    if (origin === null || new URL(task.url).origin !== origin) return false;
    return task.url !== pageUrl || mostlyScript;
  };
  const longest = (list: readonly SimulatedTask[]) =>
    list.reduce<SimulatedTask | null>(
      (top, t) => (top === null || t.durationMs > top.durationMs ? t : top),
      null,
    );
  return { ownTask: longest(tasks.filter(isOurs)), anyTask: longest(tasks) };
}

/**
 * `gzipTransfer`, when given, holds what each same-site script and stylesheet weighs gzip-compressed
 * (gzip-transfer.ts): the site sends Brotli to browsers that take it, and the budgets are in gzip.
 * `tasks` are the run's main-thread tasks on the simulated phone (simulated-tasks.ts).
 */
export function metricsFromReport(
  lhr: LighthouseResult,
  gzipTransfer?: ReadonlyMap<string, number>,
  tasks: readonly SimulatedTask[] = [],
): RunMetrics {
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (lhr.finalDisplayedUrl?.startsWith('chrome-error:')) {
    throw new Error(`the page ended on an error page (${lhr.runWarnings?.join(' ') ?? ''})`);
  }
  const requests = (lhr.audits['network-requests']?.details?.items ?? [])
    .map((i) => i.url)
    .filter((url): url is string => typeof url === 'string');
  return {
    performance: toScore(lhr.categories.performance?.score),
    accessibility: toScore(lhr.categories.accessibility?.score),
    bestPractices: toScore(lhr.categories['best-practices']?.score),
    seo: toScore(lhr.categories.seo?.score),
    seoExempt: categoryScoreWithout(lhr, 'seo', [NOINDEX_EXEMPT_AUDIT]),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    jsBytes: gzipTransfer ? gzipTransferOf(lhr, 'script', gzipTransfer) : transferOf(lhr, 'script'),
    cssBytes: gzipTransfer ? gzipTransferOf(lhr, 'stylesheet', gzipTransfer) : transferOf(lhr, 'stylesheet'),
    requests,
    ...longestTasks(tasks, lhr.finalDisplayedUrl ?? ''),
  };
}

/** The median: the middle value, or the mean of the two middle values of an even count. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const scoreMedian = (values: readonly (number | null)[]): number | null =>
  values.some((v) => v === null) ? null : Math.round(median(values as number[]));

export interface RouteSummary {
  route: BenchRoute;
  runs: readonly RunMetrics[];
  /**
   * Medians per metric, each over all runs (not the values of one run); `ownTaskMs` is the median
   * of each run's longest task of the page's own scripts (0 in a run where none ran).
   */
  median: Omit<RunMetrics, 'requests' | 'seoExempt' | 'ownTask' | 'anyTask'> & { ownTaskMs: number };
  /** The run whose longest own task is the median one, with that task (null when none ran). */
  ownTask: SimulatedTask | null;
  /** The SEO score the budget reads: without `is-crawlable` on noindex routes. */
  seoBudgeted: number | null;
  /** Median LCP over the floor's median LCP. */
  lcpRatio: number;
}

export function summarizeRoute(
  route: BenchRoute,
  runs: readonly RunMetrics[],
  floorLcpMs: number,
): RouteSummary {
  const m = (pick: (r: RunMetrics) => number) => median(runs.map(pick));
  const lcpMs = m((r) => r.lcpMs);
  const ownTaskMs = m((r) => r.ownTask?.durationMs ?? 0);
  const byOwnTask = [...runs].sort((a, b) => (a.ownTask?.durationMs ?? 0) - (b.ownTask?.durationMs ?? 0));
  return {
    route,
    runs,
    ownTask: byOwnTask[Math.floor((byOwnTask.length - 1) / 2)]?.ownTask ?? null,
    median: {
      performance: scoreMedian(runs.map((r) => r.performance)),
      accessibility: scoreMedian(runs.map((r) => r.accessibility)),
      bestPractices: scoreMedian(runs.map((r) => r.bestPractices)),
      seo: scoreMedian(runs.map((r) => r.seo)),
      lcpMs,
      tbtMs: m((r) => r.tbtMs),
      cls: m((r) => r.cls),
      jsBytes: m((r) => r.jsBytes),
      cssBytes: m((r) => r.cssBytes),
      ownTaskMs,
    },
    seoBudgeted: scoreMedian(runs.map((r) => (route.noindex ? r.seoExempt : r.seo))),
    lcpRatio: lcpMs / floorLcpMs,
  };
}

/**
 * Performance passes when every run scores the budget, or when a single run scores
 * PERFORMANCE_NOISE_SCORE and the other runs (at least one) all score the budget.
 */
export function performancePasses(scores: readonly (number | null)[]): boolean {
  const budget = SCORE_BUDGETS.performance;
  if (scores.length === 0 || scores.some((s) => s === null)) return false;
  const below = scores.filter((s) => (s as number) < budget);
  if (below.length === 0) return true;
  return below.length === 1 && below[0] === PERFORMANCE_NOISE_SCORE && scores.length > 1;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const runList = (values: readonly (number | null)[]) => values.map((v) => v ?? 'n/a').join(', ');

/** Every budget the route breaks, one sentence each (empty when it keeps them all). */
export function brokenBudgets(summary: RouteSummary): string[] {
  const { route, runs, median: med } = summary;
  if (route.kind === 'floor' || route.kind === 'baseline') return [];
  const out: string[] = [];
  const name = route.label;
  const everyRun = (label: string, budget: number, values: readonly (number | null)[]) => {
    if (values.some((v) => v === null || v < budget)) {
      out.push(`${name}: ${label} ${runList(values)} (every run must score ${budget})`);
    }
  };
  if (route.kind === 'public') {
    const scores = runs.map((r) => r.performance);
    if (!performancePasses(scores)) {
      out.push(
        `${name}: performance ${runList(scores)} (budget ${SCORE_BUDGETS.performance}; one run of ${PERFORMANCE_NOISE_SCORE} passes when the others are ${SCORE_BUDGETS.performance})`,
      );
    }
  }
  everyRun(
    'accessibility',
    SCORE_BUDGETS.accessibility,
    runs.map((r) => r.accessibility),
  );
  everyRun(
    'best practices',
    SCORE_BUDGETS.bestPractices,
    runs.map((r) => r.bestPractices),
  );
  everyRun(
    route.noindex ? `SEO without ${NOINDEX_EXEMPT_AUDIT} (noindex)` : 'SEO',
    SCORE_BUDGETS.seo,
    runs.map((r) => (route.noindex ? r.seoExempt : r.seo)),
  );
  if (route.kind === 'public') {
    if (summary.lcpRatio > METRIC_BUDGETS.lcpOverFloor) {
      out.push(
        `${name}: LCP ${Math.round(med.lcpMs)} ms is ${summary.lcpRatio.toFixed(3)} x the floor's (budget ${METRIC_BUDGETS.lcpOverFloor.toFixed(2)} x)`,
      );
    }
    if (med.tbtMs > METRIC_BUDGETS.tbtMs) {
      out.push(`${name}: TBT ${Math.round(med.tbtMs)} ms (budget ${METRIC_BUDGETS.tbtMs} ms)`);
    }
    if (med.ownTaskMs > METRIC_BUDGETS.ownTaskMs) {
      out.push(
        `${name}: longest task of the page's scripts ${Math.round(med.ownTaskMs)} ms (budget ${METRIC_BUDGETS.ownTaskMs} ms; ${taskText(summary.ownTask)})`,
      );
    }
    const jsBudget = jsBudgetFor(route.path);
    if (med.jsBytes > jsBudget) {
      out.push(`${name}: JavaScript ${kb(med.jsBytes)} transferred (budget ${kb(jsBudget)})`);
    }
  }
  if (med.cls > METRIC_BUDGETS.cls) {
    out.push(`${name}: CLS ${med.cls.toFixed(3)} (budget ${METRIC_BUDGETS.cls})`);
  }
  for (const resource of FORBIDDEN_ON_LOAD) {
    if (resource.neededOn?.includes(route.path)) continue;
    const urls = [...new Set(runs.flatMap((r) => r.requests.filter((url) => resource.pattern.test(url))))];
    if (urls.length > 0) out.push(`${name}: ${resource.name} loaded with the page (${urls.join(', ')})`);
  }
  return out;
}

const COLUMNS = [
  'route',
  'perf',
  'a11y',
  'best pr.',
  'SEO',
  'LCP',
  'TBT',
  'CLS',
  'JS',
  'CSS',
  'LCP x floor',
  'own task',
  'in',
] as const;

/** A script's file name without its build hash (`index-DcP5HPox.js` is 'index'); a page is 'page /path'. */
export function scriptName(url: string): string {
  if (!URL.canParse(url)) return url;
  const { pathname } = new URL(url);
  const file = pathname.split('/').pop() ?? '';
  if (!file.endsWith('.js')) return `page ${pathname}`;
  return file.replace(/-[\w-]{8}\.js$/, '').replace(/\.js$/, '');
}

/**
 * '60 ms in index at 1661 ms (real 15.0 ms, CPU 7.5 ms)': on the simulated phone, then in the
 * real load (what the simulation multiplied, and how much of it the thread ran), or 'none'.
 * A task too short for the simulation has no simulated start.
 */
export function taskText(task: SimulatedTask | null): string {
  if (task === null) return 'none';
  const at = task.simulated ? ` at ${Math.round(task.startMs)} ms` : '';
  const real = `${task.simulated ? '' : 'not simulated, '}real ${task.realMs.toFixed(1)} ms, CPU ${task.cpuMs.toFixed(1)} ms`;
  return `${Math.round(task.durationMs)} ms in ${scriptName(task.url)}${at} (${real})`;
}

function cells(summary: RouteSummary): string[] {
  const { median: m, route } = summary;
  const score = (v: number | null) => (v === null ? 'n/a' : String(v));
  return [
    route.label,
    score(m.performance),
    score(m.accessibility),
    score(m.bestPractices),
    // The budgeted SEO score; a star marks a noindex route scored without is-crawlable.
    route.noindex ? `${score(summary.seoBudgeted)}*` : score(summary.seoBudgeted),
    `${Math.round(m.lcpMs)} ms`,
    `${Math.round(m.tbtMs)} ms`,
    m.cls.toFixed(3),
    kb(m.jsBytes),
    kb(m.cssBytes),
    summary.lcpRatio.toFixed(2),
    `${Math.round(m.ownTaskMs)} ms`,
    summary.ownTask ? scriptName(summary.ownTask.url) : '-',
  ];
}

/** A Markdown table, columns padded; numbers right-aligned. */
export function formatTable(summaries: readonly RouteSummary[]): string {
  const rows = summaries.map(cells);
  const widths = COLUMNS.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const left = (i: number) => i === 0 || i === COLUMNS.length - 1;
  const line = (row: readonly string[]) =>
    `| ${row.map((c, i) => (left(i) ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (left(i) ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(COLUMNS), rule, ...rows.map(line)].join('\n');
}

/** One line per route: the longest task of our scripts and of anything, each in its median run. */
export function formatTasks(summaries: readonly RouteSummary[]): string {
  return summaries
    .map((summary) => {
      const anyRuns = [...summary.runs].sort(
        (a, b) => (a.anyTask?.durationMs ?? 0) - (b.anyTask?.durationMs ?? 0),
      );
      const anyTask = anyRuns[Math.floor((anyRuns.length - 1) / 2)]?.anyTask ?? null;
      const ownRuns = summary.runs.map((r) => Math.round(r.ownTask?.durationMs ?? 0)).join(', ');
      return `- ${summary.route.label}: ours ${taskText(summary.ownTask)} (runs: ${ownRuns} ms); any ${taskText(anyTask)}`;
    })
    .join('\n');
}
