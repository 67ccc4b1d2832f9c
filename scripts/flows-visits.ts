/**
 * `npm run flows:visits -- 200`: that many visits through the real pages in Chromium, so the flow
 * explorer's 'Visitantes reales' shows counts made by the real recorder, endpoint and storage
 * (issue #40), not invented numbers. Each visit is a new visitor (a fresh browser context, a
 * phone's screen and user agent) whose choices come from a seeded random generator: a campaign
 * link or none, the home page's prices first or not, a wrong e-mail that is refused, back steps,
 * and leaving at any step. The visits go to a server this script starts from the build (`npm run
 * build` first when there is none) on the same database as `npm start` (DB_FILE or DATABASE_URL),
 * with its rate limits off; the prospects they leave are named 'Visita de prueba N'.
 *
 *   npm run flows:visits -- 200            200 visits, seed 1
 *   npm run flows:visits -- 50 --seed 7    another set of choices
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { pathToFileURL } from 'node:url';
import { chromium, devices, type Browser, type Page } from '@playwright/test';
import { flowVersions } from '@tienda/flow-workbench/behaviour';
import { visitsSummary } from '@tienda/flow-workbench/generators';
import { flows } from '../src/flows/catalogue';
import { REGISTRATION_COPY as COPY } from '../src/flows/registration/copy';
import { CHROMIUM_ARGS, findChromium } from './chromium';

/** A phone like most prospects': Chromium's own user agent would be counted as a bot and dropped. */
const PHONE = devices['Pixel 7'];

/** How often a visit does each thing, out of 1. */
export const VISIT_ODDS = {
  campaign: 0.5,
  homeFirst: 0.3,
  chooseCountry: 0.5,
  leaveAtStep: 0.15,
  wrongEmailFirst: 0.15,
  backStep: 0.1,
  openDemo: 0.3,
} as const;

const CAMPAIGNS = [
  '?utm_source=facebook&utm_medium=cpc&utm_campaign=tiendas-2026',
  '?utm_source=instagram&utm_medium=social&utm_campaign=gastronomia',
  '?utm_source=google&utm_medium=cpc&utm_campaign=comercios',
  '?fbclid=IwAR0visitas',
] as const;

/** A phone number per country that the wizard accepts, typed without the prefix. */
const PHONES = [
  ['Argentina (+549)', '11 2345-6789'],
  ['México (+52)', '55 1234 5678'],
  ['Colombia (+57)', '300 123 4567'],
  ['Perú (+51)', '912 345 678'],
  ['Chile (+56)', '9 1234 5678'],
] as const;

/** mulberry32: small, seedable, and the same visits for the same seed on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface VisitReport {
  /** The last wizard step the visitor saw (0: never opened the wizard). */
  reachedStep: number;
  left: boolean;
}

/**
 * The browser's own user agent: a beacon sent as a page is left goes out from the browser, not
 * the page, so a page-level override would not reach it.
 */
export const VISITOR_BROWSER_ARGS = [...CHROMIUM_ARGS, `--user-agent=${PHONE.userAgent}`];

/** Leaves the page the way a visitor does: the page is hidden and unloaded, and its beacon goes. */
export async function leavePage(page: Page): Promise<void> {
  await page.goto('about:blank');
  // The browser sends the beacon after the page is gone; closing its context at once could cancel it.
  await page.waitForTimeout(250);
}

/** Waits until the page's recorder has loaded (it loads once the page is idle). */
export async function waitForRecorder(page: Page): Promise<void> {
  await page.waitForFunction(
    () => performance.getEntriesByType('resource').some((e) => /\/flow-recorder-[\w-]+\.js$/.test(e.name)),
    undefined,
    { timeout: 15_000 },
  );
  // The module has arrived; it starts in the same task as it runs.
  await page.waitForTimeout(100);
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

async function chooseOne(page: Page, random: () => number): Promise<void> {
  const options = page.getByRole('radio');
  const count = await options.count();
  await options.nth(Math.floor(random() * count)).check();
}

/** One visitor: what they do is drawn from `random`. */
export async function visit(page: Page, n: number, random: () => number): Promise<VisitReport> {
  const odds = (p: number) => random() < p;
  const query = odds(VISIT_ODDS.campaign) ? CAMPAIGNS[Math.floor(random() * CAMPAIGNS.length)]! : '';
  if (odds(VISIT_ODDS.homeFirst)) {
    await page.goto(`/${query}`);
    await page.locator('#planes').scrollIntoViewIfNeeded();
    const country = page.locator('#planes select');
    if (odds(VISIT_ODDS.chooseCountry) && (await country.count()) > 0) {
      await country.first().waitFor();
      await page.waitForFunction(
        () => !document.querySelector<HTMLSelectElement>('#planes select')?.disabled,
      );
      const values = await country
        .first()
        .locator('option')
        .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value).filter(Boolean));
      if (values.length > 0)
        await country.first().selectOption(values[Math.floor(random() * values.length)]!);
    }
    await waitForRecorder(page);
  }
  await page.goto(`/registro${query}`);
  await heading(page, COPY.contacto.titulo).waitFor();
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await waitForRecorder(page);
  const leave = async (step: number) => ({ reachedStep: step, left: true });

  if (odds(VISIT_ODDS.leaveAtStep)) return leave(1);
  const [country, phone] = PHONES[Math.floor(random() * PHONES.length)]!;
  await page.getByLabel(COPY.contacto.nombreEmpresa).fill(`Visita de prueba ${n}`);
  await page.getByLabel(COPY.contacto.nombre, { exact: true }).fill('Prueba');
  await page.getByLabel(COPY.contacto.apellido).fill('Visitas');
  await page.getByLabel(COPY.contacto.pais).selectOption({ label: country });
  await page.getByLabel(COPY.contacto.whatsapp).fill(phone);
  const email = page.getByLabel(`${COPY.contacto.email}${COPY.contacto.opcional}`);
  const next = page.getByRole('button', { name: COPY.siguiente });
  if (odds(VISIT_ODDS.wrongEmailFirst)) {
    await email.fill('visita@');
    await next.click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    if (odds(VISIT_ODDS.leaveAtStep)) return leave(1);
  }
  await email.fill(`visita${n}@ejemplo.com`);
  await next.click();

  const steps = [COPY.preguntas.situacion, COPY.preguntas.rubro, COPY.preguntas.sector];
  for (let i = 0; i < steps.length; i++) {
    await heading(page, steps[i]!).waitFor({ timeout: 15_000 });
    if (odds(VISIT_ODDS.leaveAtStep)) return leave(i + 2);
    if (i > 0 && odds(VISIT_ODDS.backStep)) {
      await page.getByRole('button', { name: COPY.atras }).click();
      await heading(page, steps[i - 1]!).waitFor();
      await next.click();
      await heading(page, steps[i]!).waitFor();
    }
    await chooseOne(page, random);
    await next.click();
  }
  await heading(page, COPY.gracias.titulo).waitFor({ timeout: 15_000 });
  const demo = page.getByRole('link', { name: new RegExp(COPY.gracias.verDemo) });
  if (odds(VISIT_ODDS.openDemo) && (await demo.count()) > 0) {
    // The demo opens in a new tab; the visit's counts are this page's.
    const popup = page
      .context()
      .waitForEvent('page', { timeout: 5000 })
      .catch(() => undefined);
    await demo.first().click();
    await (await popup)?.close();
  }
  return { reachedStep: 5, left: false };
}

export async function runVisits(options: {
  baseURL: string;
  count: number;
  seed: number;
  browser: Browser;
  onVisit?: (n: number, report: VisitReport) => void;
}): Promise<VisitReport[]> {
  const random = seededRandom(options.seed);
  const reports: VisitReport[] = [];
  for (let n = 1; n <= options.count; n++) {
    const context = await options.browser.newContext({ ...PHONE, baseURL: options.baseURL, locale: 'es-AR' });
    // The demo store is another site: this closed network has none.
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    const page = await context.newPage();
    let report: VisitReport;
    try {
      report = await visit(page, n, random);
    } catch (error) {
      console.warn(
        `Visita ${n}: se cortó (${error instanceof Error ? error.message.split('\n').slice(0, 3).join(' ') : error})`,
      );
      report = { reachedStep: 0, left: true };
    }
    await leavePage(page);
    await context.close();
    reports.push(report);
    options.onVisit?.(n, report);
  }
  return reports;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('sin puerto')),
      );
    });
  });
}

/** The built site on a free loopback port, rate limits off; `env` adds settings (DB_FILE, say). */
export async function startServer(env: NodeJS.ProcessEnv = {}): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['dist/node/server.js'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', RATE_LIMIT: 'off' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null)
      throw new Error('El servidor del sitio no arrancó (mira el mensaje de arriba).');
    try {
      if ((await fetch(`${url}/api/public/ip2location/`)).ok) return { url, stop: () => child.kill() };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('El servidor del sitio no respondió en 20 segundos.');
}

export function parseArgs(argv: readonly string[]): { count: number; seed: number } | string {
  const [countText = '200', ...rest] = argv;
  const count = Number(countText);
  if (!Number.isInteger(count) || count < 1 || count > 10_000)
    return `Indica cuántas visitas hacer, entre 1 y 10000: npm run flows:visits -- 200 (se recibió «${countText}»).`;
  let seed = 1;
  const at = rest.indexOf('--seed');
  if (at >= 0) {
    seed = Number(rest[at + 1]);
    if (!Number.isInteger(seed))
      return 'La semilla (--seed) es un número entero: npm run flows:visits -- 200 --seed 7.';
  }
  return { count, seed };
}

/**
 * The wizard's visits, completion and funnel of the last 7 days as the explorer words them, read
 * from the server's counts (GET /api/flow-counts, this version of the wizard).
 */
export async function wizardSummary(url: string): Promise<string[]> {
  const wizard = flows.find((f) => f.machine.id === 'leadWizard')?.machine;
  if (!wizard) return [];
  const response = await fetch(`${url}/api/flow-counts`);
  if (!response.ok) return [`No se pudieron leer los conteos (${response.status}).`];
  const answer = (await response.json()) as {
    flujos: {
      flujo: string;
      version: string;
      estados: Record<string, number>;
      transiciones: Record<string, number>;
    }[];
  };
  const version = flowVersions(process.cwd())[wizard.id];
  const entry = answer.flujos.find((f) => f.flujo === wizard.id && f.version === version);
  return entry
    ? visitsSummary(wizard, entry)
    : ['Todavía no hay conteos del registro en los últimos 7 días.'];
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    console.error(args);
    return 2;
  }
  if (!existsSync('dist/node/server.js') || !existsSync('dist/client/flow-catalogue.json')) {
    console.info('No hay compilación del sitio: npm run build …');
    if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) return 1;
  }
  const found = findChromium();
  if (!found) {
    console.error('No se encontró Chromium: npx tsx scripts/ensure-chromium.ts lo instala.');
    return 1;
  }
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: found.path, args: VISITOR_BROWSER_ARGS });
  const started = Date.now();
  try {
    const reports = await runVisits({
      ...args,
      baseURL: server.url,
      browser,
      onVisit: (n) => {
        if (n % 10 === 0 || n === args.count) console.info(`${n} de ${args.count} visitas`);
      },
    });
    const finished = reports.filter((r) => r.reachedStep === 5).length;
    console.info(
      `${reports.length} visitas en ${Math.round((Date.now() - started) / 1000)} s (semilla ${args.seed}); ${finished} llegaron al agradecimiento.`,
    );
    await browser.close();
    // The last beacons arrive after their page is gone.
    await new Promise((r) => setTimeout(r, 1500));
    console.info(
      ['Registro (/registro), últimos 7 días:', ...(await wizardSummary(server.url))].join('\n  '),
    );
    console.info(
      'Míralas en el explorador: npm start y abre http://127.0.0.1:4173/flujos/ («Visitantes reales»).',
    );
    return 0;
  } finally {
    await browser.close();
    server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = await main();
