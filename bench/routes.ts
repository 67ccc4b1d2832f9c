/**
 * npm run bench — Lighthouse (mobile preset, simulated throttling, system Chromium) over one
 * canonical path per page of the route table, /flujos/ and the floor page (bench/floor), served by
 * the real server on loopback. Prints the table of medians, writes every report and a summary to
 * bench-reports/, and exits 1 listing every broken budget (bench/budgets.ts). docs/performance.md.
 *
 * BENCH_RUNS (RUNS_PER_ROUTE, 5) runs per route, each in a fresh browser, judged on their medians
 * with no reruns; BENCH_ROUTES=/,/registro measures a subset (the floor always); BENCH_SKIP_BUILD=1
 * reuses dist/; BENCH_PORT (a free one) for the site, the next for the floor; BENCH_BASELINE_DIST,
 * another build's dist/client, measures each public route of it right after the same route of
 * this build (labelled "(baseline)", no budgets): a before/after under the same machine load.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { CPU_SLOWDOWN, INTERNAL_ROUTES, RUNS_PER_ROUTE } from './budgets';
import { PAGES, canonicalPath } from '../src/content/pages';
import { findChromium } from '../scripts/chromium';
import { gzipTransfers } from './lib/gzip-transfer';
import { CATEGORIES, killBrowsers, runLighthouse } from './lib/lighthouse';
import { startFloor, startSite, type RunningServer } from './lib/servers';
import {
  brokenBudgets,
  formatTable,
  formatTasks,
  metricsFromReport,
  summarizeRoute,
  taskText,
  type BenchRoute,
  type RunMetrics,
} from './lib/summary';

const ROOT = path.resolve(import.meta.dirname, '..');
const REPORTS_DIR = path.join(ROOT, 'bench-reports');
const FLOOR: BenchRoute = { path: '/', label: 'floor', kind: 'floor', noindex: false };

/**
 * Lighthouse tries a run this many times when it gives no figures at all (the browser failed to
 * record the trace: NO_NAVSTART and the like). A run that measured is never repeated.
 */
const ATTEMPTS = 2;

/**
 * Query strings measured with a path: the welcome page leaves for the registration host 2 s after
 * it loads unless told to stay (spec: skipRedirect), and that host is not on this machine.
 */
const MEASURED_QUERY: Readonly<Record<string, string>> = { '/bienvenido': '?skipRedirect' };

/** One canonical path per page (aliases render the same file), then the flow explorer. */
const ALL_ROUTES: readonly BenchRoute[] = [
  ...PAGES.filter((page) => page.paths.length > 0).map((page): BenchRoute => {
    const routePath = canonicalPath(page);
    const query = MEASURED_QUERY[routePath];
    return {
      path: routePath,
      ...(query ? { query } : {}),
      label: `${routePath}${query ?? ''}`,
      kind: 'public',
      noindex: page.noindex === true,
    };
  }),
  ...INTERNAL_ROUTES.map((p): BenchRoute => ({ path: p, label: p, kind: 'internal', noindex: true })),
];

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function readOptions() {
  const runsText = process.env.BENCH_RUNS?.trim() || String(RUNS_PER_ROUTE);
  const runs = Number(runsText);
  if (!/^\d+$/.test(runsText) || runs < 1 || runs > 20) fail(`BENCH_RUNS inválido: ${runsText} (1 a 20).`);
  const wanted = (process.env.BENCH_ROUTES ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  const unknown = wanted.filter((r) => !ALL_ROUTES.some((route) => route.path === r));
  if (unknown.length > 0) {
    fail(
      `BENCH_ROUTES: rutas desconocidas ${unknown.join(', ')}. Elige entre: ${ALL_ROUTES.map((r) => r.path).join(', ')}`,
    );
  }
  const routes = wanted.length > 0 ? ALL_ROUTES.filter((r) => wanted.includes(r.path)) : ALL_ROUTES;
  const portText = process.env.BENCH_PORT?.trim();
  const port = portText ? Number(portText) : undefined;
  if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65535)) {
    fail(`BENCH_PORT inválido: ${portText}.`);
  }
  const baselineText = process.env.BENCH_BASELINE_DIST?.trim();
  const baselineDist = baselineText ? path.resolve(baselineText) : undefined;
  if (baselineDist && !existsSync(path.join(baselineDist, 'routes-manifest.json'))) {
    fail(`BENCH_BASELINE_DIST: ${baselineDist} is not a built dist/client (no routes-manifest.json).`);
  }
  return { runs, routes, port, baselineDist, skipBuild: process.env.BENCH_SKIP_BUILD === '1' };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env });
  if (result.status !== 0) fail(`${command} ${args.join(' ')} failed (${result.status ?? result.signal})`);
}

function build(skip: boolean): void {
  const siteBuilt = existsSync(path.join(ROOT, 'dist/client/routes-manifest.json'));
  const floorBuilt = existsSync(path.join(ROOT, 'dist/floor/index.html'));
  if (skip) {
    if (!siteBuilt || !floorBuilt) fail('BENCH_SKIP_BUILD=1 but dist/client or dist/floor is missing.');
    return;
  }
  run('npm', ['run', 'build']);
  run('npx', ['vite', 'build', '--config', 'bench/floor/vite.config.ts']);
  run('npx', ['tsx', 'bench/floor/prerender.ts'], { ...process.env, NODE_ENV: 'production' });
  run('npx', ['tsx', 'scripts/precompress.ts', 'dist/floor']);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const slug = (route: BenchRoute) => {
  if (route.kind === 'floor') return 'floor';
  const name = route.path.replace(/^\/|\/$/g, '').replace(/\//g, '-') || 'home';
  return route.kind === 'baseline' ? `${name}-baseline` : name;
};

async function main(): Promise<number> {
  const options = readOptions();
  const chromium = findChromium();
  if (!chromium) fail('No Chromium found: set CHROMIUM_PATH or install Debian’s chromium package.');
  build(options.skipBuild);
  const loadBefore = loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

  rmSync(REPORTS_DIR, { recursive: true, force: true });
  mkdirSync(REPORTS_DIR, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'site-bench-'));
  const sitePort = options.port ?? (await freePort());
  const floorPort = options.port ? options.port + 1 : await freePort();
  const baselinePort = options.port ? options.port + 2 : await freePort();
  const servers: RunningServer[] = [];
  const stopServers = async () => {
    for (const server of servers.splice(0).reverse()) await server.stop();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killBrowsers();
      void stopServers().finally(() => process.exit(130));
    });
  }
  // Each public route of the baseline build right after the same route of this one.
  const measured = [
    FLOOR,
    ...options.routes.flatMap((route): BenchRoute[] =>
      options.baselineDist && route.kind === 'public'
        ? [route, { ...route, label: `${route.label} (baseline)`, kind: 'baseline' }]
        : [route],
    ),
  ];
  const runs = new Map<BenchRoute, RunMetrics[]>(measured.map((r) => [r, []]));
  const errors: string[] = [];
  const baselineErrors: string[] = [];
  let about = '';
  const summarize = () => {
    const floorRuns = runs.get(FLOOR) ?? [];
    if (floorRuns.length === 0) fail(`The floor page could not be measured:\n${errors.join('\n')}`);
    const floorLcp = summarizeRoute(FLOOR, floorRuns, 1).median.lcpMs;
    const summaries = measured
      .filter((route) => (runs.get(route) ?? []).length > 0)
      .map((route) => summarizeRoute(route, runs.get(route) ?? [], floorLcp));
    return { floorLcp, summaries };
  };
  try {
    const start = {
      site: () =>
        startSite(sitePort, { DB_FILE: path.join(dataDir, 'site.db'), FLOWS: 'on', LOG_LEVEL: 'warn' }),
      floor: () => startFloor(floorPort),
      baseline: () =>
        startSite(baselinePort, {
          DB_FILE: path.join(dataDir, 'baseline.db'),
          DIST_DIR: options.baselineDist ?? '',
          LOG_LEVEL: 'warn',
        }),
    };
    const running: Record<keyof typeof start, RunningServer | null> = {
      site: await start.site(),
      floor: await start.floor(),
      baseline: options.baselineDist ? await start.baseline() : null,
    };
    for (const server of Object.values(running)) if (server) servers.push(server);
    // A server that another process ended (on a shared machine) is started again, and said so.
    const serverOf = (route: BenchRoute) =>
      route.kind === 'floor' ? 'floor' : route.kind === 'baseline' ? 'baseline' : 'site';
    const ensureRunning = async (name: keyof typeof running) => {
      const ended = running[name]?.ended() ?? null;
      if (ended === null) return;
      process.stderr.write(`(the ${name} server had ended: ${ended}; starting it again) `);
      const restarted = await start[name]();
      running[name] = restarted;
      servers.push(restarted);
    };
    const urlOf = (route: BenchRoute) =>
      `${running[serverOf(route)]?.base ?? ''}${route.path}${route.query ?? ''}`;
    // One warm-up request each, so no run pays for a cold file cache.
    for (const route of measured) await fetch(urlOf(route)).then((res) => res.arrayBuffer());

    // Rounds over every route, so the floor's runs are spread over the session like the others'.
    const measureRound = async (round: number, total: number, routes: readonly BenchRoute[]) => {
      const load = loadavg()
        .map((l) => l.toFixed(2))
        .join(', ');
      process.stderr.write(`Round ${round}: load average ${load}\n`);
      for (const route of routes) {
        const url = urlOf(route);
        process.stderr.write(`[${round}/${total}] ${route.label} (${url})… `);
        const started = Date.now();
        for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
          try {
            await ensureRunning(serverOf(route));
            const { lhr, json, tasks } = await runLighthouse(url, chromium.path);
            writeFileSync(path.join(REPORTS_DIR, `${slug(route)}-${round}.json`), json);
            const requested = metricsFromReport(lhr).requests;
            const gzip = await gzipTransfers(requested, new URL(url).origin);
            const metrics = metricsFromReport(lhr, gzip, tasks);
            runs.get(route)?.push(metrics);
            about ||= `Lighthouse ${lhr.lighthouseVersion ?? '?'}, ${lhr.environment?.hostUserAgent ?? chromium.path}`;
            process.stderr.write(
              `${((Date.now() - started) / 1000).toFixed(0)} s: TBT ${Math.round(metrics.tbtMs)} ms, own task ${taskText(metrics.ownTask)}\n`,
            );
            break;
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            process.stderr.write(`failed: ${message}\n`);
            const failed = `${route.label}: run ${round} failed: ${message}`;
            // The baseline is a comparison, not this build: its failed runs are noted, not broken budgets.
            if (attempt === ATTEMPTS) (route.kind === 'baseline' ? baselineErrors : errors).push(failed);
            else process.stderr.write(`[${round}/${total}] ${route.label} again… `);
          }
        }
      }
    };

    for (let round = 1; round <= options.runs; round++) await measureRound(round, options.runs, measured);
  } finally {
    await stopServers();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const { floorLcp, summaries } = summarize();
  const broken = [...errors, ...summaries.flatMap(brokenBudgets)];
  const table = formatTable(summaries);
  const heading = `Lighthouse mobile preset, simulated throttling (${CPU_SLOWDOWN}x CPU); ${CATEGORIES.join(', ')}; a fresh browser per run, median per metric over ${options.runs} run(s), no reruns; ${about}.`;
  const notes = [
    'SEO: * = noindex route, scored without is-crawlable. JS/CSS: the files the load fetched, as gzip (bodies, as bench:size counts them).',
    `LCP x floor: median LCP over the floor page's (${Math.round(floorLcp)} ms).`,
    "own task: each run's longest task of the page's own scripts on the simulated phone, median of the runs; in: its script.",
    ...baselineErrors,
    `Machine load average before and after: ${loadBefore} / ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}.`,
    '',
    'Longest tasks (median run): of our scripts, and of anything (the page: parse, style, layout; Unattributable: the browser).',
    '',
    formatTasks(summaries),
  ];

  writeFileSync(
    path.join(REPORTS_DIR, 'summary.json'),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        about,
        runsPerRoute: options.runs,
        floorLcpMs: floorLcp,
        routes: summaries.map(({ route, median, seoBudgeted, lcpRatio, runs: r }) => ({
          route: route.label,
          kind: route.kind,
          noindex: route.noindex,
          median,
          seoBudgeted,
          lcpRatio,
          runs: r.map(({ requests: _requests, ...rest }) => rest),
        })),
        broken,
      },
      null,
      2,
    )}\n`,
  );
  const brokenText =
    broken.length > 0
      ? `${broken.length} budget(s) broken:\n${broken.map((b) => `- ${b}`).join('\n')}`
      : 'Every budget kept.';
  writeFileSync(
    path.join(REPORTS_DIR, 'summary.md'),
    `${heading}\n\n${table}\n\n${notes.join('\n')}\n\n${brokenText}\n`,
  );

  console.info(`\n${heading}\n\n${table}\n\n${notes.join('\n')}\n`);
  console.info(`Reports: ${path.relative(ROOT, REPORTS_DIR)}/`);
  if (broken.length > 0) {
    console.error(`\n${brokenText}`);
    return 1;
  }
  console.info(brokenText);
  return 0;
}

process.exit(await main());
