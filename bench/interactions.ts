/**
 * npm run bench:interactions — the wizard at /registro driven as a visitor on a slow phone would:
 * Chromium with its CPU slowed CPU_SLOWDOWN times (Emulation.setCPUThrottlingRate), a fresh browser
 * per run, the real server and its local API on loopback. It types every field of step 1, chooses
 * the country and each step's option, and presses 'Siguiente' and 'Atrás' through every step,
 * while the page records each interaction's event duration with the Event Timing API
 * (PerformanceObserver 'event' with durationThreshold 16, and 'first-input'). Prints the worst
 * interaction per step and per kind (the median over the runs of each run's worst, and the worst
 * of all), writes bench-reports/interactions/, and exits 1 when one is over INTERACTION_BUDGET_MS.
 *
 * BENCH_RUNS (RUNS_PER_ROUTE) runs; BENCH_SKIP_BUILD=1 reuses dist/client; BENCH_PORT (a free one);
 * BENCH_TRACE=1 writes a Chrome trace of each run beside the results. docs/performance.md.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CPU_SLOWDOWN, INTERACTION_BUDGET_MS, RUNS_PER_ROUTE } from './budgets';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium';
import { freePort } from '../scripts/free-port';
import {
  brokenInteractionBudgets,
  formatInteractionTable,
  interactionsOf,
  worstInteractions,
  type DrivenAction,
  type EventEntry,
  type Interaction,
  type InteractionKind,
  type WizardStep,
} from './lib/interactions';
import { startSite } from './lib/servers';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT_DIR = path.join(ROOT, 'bench-reports', 'interactions');

/**
 * A phone's screen (Lighthouse's mobile preset), a visitor who types about eight keys a second, and
 * a finger that rests on the glass for a moment: pressed and released in the same instant, the
 * press's frame would also wait for the click's handlers and the press would carry their time.
 */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
const KEY_DELAY_MS = 120;
const TAP_MS = 60;

/** What the visitor types: a valid Argentine lead. */
const CONTACT: readonly { label: string; text: string }[] = [
  { label: 'Nombre de tu negocio', text: 'Pizzeria Luis' },
  { label: 'Nombre', text: 'Luis' },
  { label: 'Apellido', text: 'Gómez' },
  { label: 'Número de WhatsApp', text: '11 2345-6789' },
  { label: 'E-mail (opcional)', text: 'luis@example.com' },
];

/** Runs in the page before its own scripts: keeps every Event Timing entry the browser reports. */
const OBSERVER_SCRIPT = `(() => {
  const kept = (window.__eventTimings = []);
  const keep = (list) => {
    for (const e of list.getEntries()) {
      kept.push({ name: e.name, interactionId: e.interactionId || 0, startTime: e.startTime, duration: e.duration,
        processingStart: e.processingStart, processingEnd: e.processingEnd });
    }
  };
  new PerformanceObserver(keep).observe({ type: 'event', durationThreshold: 16, buffered: true });
  new PerformanceObserver(keep).observe({ type: 'first-input', buffered: true });
})();`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function readOptions() {
  const runsText = process.env.BENCH_RUNS?.trim() || String(RUNS_PER_ROUTE);
  const runs = Number(runsText);
  if (!/^\d+$/.test(runsText) || runs < 1 || runs > 20) fail(`BENCH_RUNS inválido: ${runsText} (1 a 20).`);
  const portText = process.env.BENCH_PORT?.trim();
  const port = portText ? Number(portText) : undefined;
  if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) {
    fail(`BENCH_PORT inválido: ${portText}.`);
  }
  return {
    runs,
    port,
    skipBuild: process.env.BENCH_SKIP_BUILD === '1',
    trace: process.env.BENCH_TRACE === '1',
  };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

/** One pass through the wizard; returns the actions performed and the page's Event Timing entries. */
async function driveWizard(
  page: Page,
  base: string,
): Promise<{ actions: DrivenAction[]; entries: EventEntry[] }> {
  const actions: DrivenAction[] = [];
  const now = () => page.evaluate(() => performance.now());
  const act = async (
    step: WizardStep,
    kind: InteractionKind,
    what: string,
    perform: () => Promise<void>,
  ): Promise<void> => {
    const current = await page.locator('.wizard-card').getAttribute('data-step');
    if (current !== step) throw new Error(`expected step ${step} before ${kind} ${what}, found ${current}`);
    const from = await now();
    await perform();
    actions.push({ step, kind, what, from, to: await now() });
  };
  const shows = (step: WizardStep) => page.locator(`.wizard-card[data-step="${step}"]`).waitFor();
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const press = (step: WizardStep, name: 'Siguiente' | 'Atrás', next: WizardStep) =>
    act(step, name, name, async () => {
      await button(name).click({ delay: TAP_MS });
      await shows(next);
    });
  const choose = (step: WizardStep, index: number) =>
    act(step, 'choosing', `option ${index + 1}`, async () => {
      const option = page.locator('.wizard-choice').nth(index);
      await option.locator('label').click({ delay: TAP_MS });
      await option.locator('input').waitFor({ state: 'attached' });
      if (!(await option.locator('input').isChecked()))
        throw new Error(`option ${index + 1} of ${step} not chosen`);
    });

  await page.goto(`${base}/registro`);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });

  for (const [index, field] of CONTACT.entries()) {
    const input = page.getByLabel(field.label, { exact: true });
    await act('contact', 'typing', field.label, async () => {
      await input.click({ delay: TAP_MS });
      await input.pressSequentially(field.text, { delay: KEY_DELAY_MS });
      if ((await input.inputValue()) !== field.text) throw new Error(`${field.label} did not keep the text`);
    });
    // The country comes after the last name: Tab to the list and a key picks Argentina, as on a keyboard.
    if (index === 2) {
      await act('contact', 'choosing', 'País', async () => {
        await page.keyboard.press('Tab', { delay: KEY_DELAY_MS });
        await page.keyboard.press('A', { delay: KEY_DELAY_MS });
        if ((await page.getByLabel('País').inputValue()) !== 'AR')
          throw new Error('País did not take Argentina');
      });
    }
  }
  await press('contact', 'Siguiente', 'situation');
  await choose('situation', 0);
  await press('situation', 'Siguiente', 'category');
  await choose('category', 0);
  await press('category', 'Atrás', 'situation');
  await press('situation', 'Siguiente', 'category');
  await choose('category', 1);
  await press('category', 'Siguiente', 'sector');
  await choose('sector', 0);
  await press('sector', 'Atrás', 'category');
  await press('category', 'Siguiente', 'sector');
  await choose('sector', 1);
  await press('sector', 'Siguiente', 'thanks');
  // The last paint's entries arrive a frame after it.
  await page.waitForTimeout(1000);
  const entries = await page.evaluate(
    () => (window as unknown as { __eventTimings: EventEntry[] }).__eventTimings,
  );
  return { actions, entries };
}

async function oneRun(chromiumPath: string, base: string, tracePath: string | null) {
  const browser: Browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ ...PHONE, locale: 'es-AR' });
    await context.addInitScript(OBSERVER_SCRIPT);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    if (tracePath) await browser.startTracing(page, { path: tracePath, screenshots: false });
    try {
      return await driveWizard(page, base);
    } finally {
      if (tracePath) await browser.stopTracing();
    }
  } finally {
    await browser.close();
  }
}

async function main(): Promise<number> {
  const options = readOptions();
  const found = findChromium();
  if (!found) fail('No Chromium found: set CHROMIUM_PATH or install Debian’s chromium package.');
  if (options.skipBuild) {
    if (!existsSync(path.join(ROOT, 'dist/client/routes-manifest.json'))) {
      fail('BENCH_SKIP_BUILD=1 but dist/client is missing.');
    }
  } else {
    const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) fail(`npm run build failed (${built.status ?? built.signal})`);
  }
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'site-bench-interactions-'));
  const loadBefore = load();
  const port = options.port ?? (await freePort());
  const startServer = () => startSite(port, { DB_FILE: path.join(dataDir, 'site.db'), LOG_LEVEL: 'warn' });
  let site = await startServer();
  const runs: Interaction[][] = [];
  let performed: DrivenAction[] = [];
  const errors: string[] = [];
  try {
    for (let run = 1; run <= options.runs; run++) {
      process.stderr.write(`[${run}/${options.runs}] /registro at ${CPU_SLOWDOWN}x CPU (load ${load()})… `);
      const started = Date.now();
      try {
        // A server that another process ended (on a shared machine) is started again, and said so.
        const ended = site.ended();
        if (ended !== null) {
          process.stderr.write(`(the server had ended: ${ended}; starting it again) `);
          site = await startServer();
        }
        const tracePath = options.trace ? path.join(OUT_DIR, `run-${run}.trace.json`) : null;
        const { actions, entries } = await oneRun(found.path, site.base, tracePath);
        const interactions = interactionsOf(entries, actions);
        runs.push(interactions);
        performed = actions;
        writeFileSync(
          path.join(OUT_DIR, `run-${run}.json`),
          `${JSON.stringify({ actions, entries }, null, 2)}\n`,
        );
        const worst = Math.max(0, ...interactions.map((i) => i.durationMs));
        process.stderr.write(`${((Date.now() - started) / 1000).toFixed(0)} s, worst ${worst} ms\n`);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        process.stderr.write(`failed: ${message}\n`);
        errors.push(`run ${run} failed: ${message}`);
      }
    }
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (runs.length === 0) fail(`No run finished:\n${errors.join('\n')}`);

  const { byKind, byStep } = worstInteractions(runs, performed);
  const table = formatInteractionTable(byStep, byKind);
  const broken = [...errors, ...brokenInteractionBudgets(byKind)];
  const heading = `The wizard at /registro, Chromium at ${CPU_SLOWDOWN}x CPU, a fresh browser per run, ${runs.length} run(s); event duration (Event Timing API, entries of 16 ms and more) of each run's worst interaction per step and kind: their median, each run's, and the worst of all (delay: waiting for the main thread; handlers; paint: to the next frame).`;
  const notes = `Budget ${INTERACTION_BUDGET_MS} ms (bench/budgets.ts). Machine load average before and after: ${loadBefore} / ${load()}.`;
  const brokenText =
    broken.length > 0
      ? `${broken.length} budget(s) broken:\n${broken.map((b) => `- ${b}`).join('\n')}`
      : 'Every interaction within its budget.';
  writeFileSync(
    path.join(OUT_DIR, 'summary.json'),
    `${JSON.stringify({ date: new Date().toISOString(), cpuSlowdown: CPU_SLOWDOWN, byStep, byKind, broken }, null, 2)}\n`,
  );
  writeFileSync(path.join(OUT_DIR, 'summary.md'), `${heading}\n\n${table}\n\n${notes}\n\n${brokenText}\n`);
  console.info(`\n${heading}\n\n${table}\n\n${notes}\n`);
  console.info(`Results: ${path.relative(ROOT, OUT_DIR)}/`);
  if (broken.length > 0) {
    console.error(`\n${brokenText}`);
    return 1;
  }
  console.info(brokenText);
  return 0;
}

process.exit(await main());
