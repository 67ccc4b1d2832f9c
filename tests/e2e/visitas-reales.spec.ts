import Database from 'better-sqlite3';
import { chromium, devices, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { rmSync } from 'node:fs';
import { findChromium } from '../../scripts/chromium';
import { VISITOR_BROWSER_ARGS, leavePage, startServer, waitForRecorder } from '../../scripts/flows-visits';
import {
  choose,
  contactFor,
  expectStep,
  fillContact,
  nextButton,
  openWizard,
  uniqueName,
} from './registro-helpers';
import { expect, test } from './support/test';
import { wholeChart } from './support/explorer';

/**
 * Real visits on the flows' charts (issue #40): what a visitor does in the real pages reaches the
 * counters through the real recorder, beacon and storage, exactly once, and a browser that asks
 * not to be tracked sends nothing. The visitor's browser is a phone's: headless Chromium's own
 * user agent is a bot's, and the server drops a bot's beacon.
 */

type Counts = Map<string, number>;

/** Every counter of the wizard summed over the days, read from the API's SQLite file. */
function wizardCounts(): Counts {
  const db = new Database(VISITS_DB_FILE, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare<[], { key: string; n: number }>(
        "SELECT kind || ' ' || item AS key, SUM(count) AS n FROM flow_counts WHERE flow = 'leadWizard' GROUP BY kind, item",
      )
      .all();
    return new Map(rows.map((r) => [r.key, r.n]));
  } finally {
    db.close();
  }
}

function added(before: Counts, after: Counts, keys: readonly string[]): Record<string, number> {
  return Object.fromEntries(keys.map((k) => [k, (after.get(k) ?? 0) - (before.get(k) ?? 0)]));
}

const state = (id: string) => `state leadWizard.steps.${id}`;
const transition = (key: string) => `transition leadWizard.steps.${key}`;
const STEP_STATES = ['contact', 'situation', 'category', 'sector', 'thanks'].map(state);
const STEP_MOVES = [
  'contact.editing contact.submit#0',
  'situation step.next#0',
  'category step.next#0',
  'sector step.next#1',
].map(transition);
const VISITS = ['state leadWizard', ...STEP_STATES, ...STEP_MOVES];

/** A visitor who opens the wizard, fills step 1 and reaches step 2 (with the recorder loaded first, unless it never loads). */
async function toStep2(page: Page, recorderLoads = true): Promise<void> {
  await openWizard(page);
  if (recorderLoads) await waitForRecorder(page);
  await fillContact(page, contactFor(uniqueName('visitas')));
  await nextButton(page).click();
  await expectStep(page, 'situation');
}

let browser: Browser;
let context: BrowserContext;
let origin: string;
let server: { url: string; stop: () => void };
/**
 * A server of its own: the other specs' pages send beacons too (those that leave while their page
 * still runs carry the page's non-bot user agent), and this spec counts exact differences.
 */
const VISITS_DB_FILE = 'data/e2e-visitas.db';

test.beforeAll(async () => {
  browser = await chromium.launch({ executablePath: findChromium()?.path, args: VISITOR_BROWSER_ARGS });
});
test.afterAll(async () => browser.close());
test.beforeAll(async () => {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${VISITS_DB_FILE}${suffix}`, { force: true });
  server = await startServer({ DB_FILE: VISITS_DB_FILE });
  origin = server.url;
});
test.afterAll(() => server.stop());
test.beforeEach(async () => {
  context = await browser.newContext({ ...devices['Pixel 7'], baseURL: origin, locale: 'es-AR' });
});
test.afterEach(async () => context.close());

// The counters of one test are compared before and after it: the two must not run at once.
test.describe.configure({ mode: 'serial' });

test('a walk to the thanks step and a page left on step 2 add exactly their states and transitions', async () => {
  const before = wizardCounts();
  const page = await context.newPage();
  await toStep2(page);
  await choose(page, 'Quiero conseguir más clientes');
  await expectStep(page, 'category');
  await choose(page, 'Gastronomía');
  await expectStep(page, 'sector');
  await choose(page, 'Pizzería');
  await expectStep(page, 'thanks');
  await leavePage(page);

  // Another visitor, who leaves on step 2.
  const left = await browser.newContext({ ...devices['Pixel 7'], baseURL: origin, locale: 'es-AR' });
  const other = await left.newPage();
  await toStep2(other);
  await leavePage(other);
  await left.close();

  await expect
    .poll(() => added(before, wizardCounts(), VISITS), { timeout: 10_000 })
    .toEqual({
      'state leadWizard': 2,
      [state('contact')]: 2,
      [state('situation')]: 2,
      [state('category')]: 1,
      [state('sector')]: 1,
      [state('thanks')]: 1,
      [transition('contact.editing contact.submit#0')]: 2,
      [transition('situation step.next#0')]: 1,
      [transition('category step.next#0')]: 1,
      [transition('sector step.next#1')]: 1,
    });
});

test('a reload of the wizard on step 2 counts no second visit', async () => {
  const before = wizardCounts();
  const page = await context.newPage();
  await toStep2(page);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expectStep(page, 'situation');
  await waitForRecorder(page);
  await choose(page, 'Otra situación');
  await expectStep(page, 'category');
  await leavePage(page);
  await expect
    .poll(() => added(before, wizardCounts(), VISITS), { timeout: 10_000 })
    .toMatchObject({
      // The page before the reload counted the visit and step 2; the restored page only what came after.
      'state leadWizard': 1,
      [state('contact')]: 1,
      [state('situation')]: 1,
      [state('category')]: 1,
      [transition('situation step.next#0')]: 1,
    });
});

test('with Global Privacy Control the recorder never loads and nothing is counted', async () => {
  const before = wizardCounts();
  await context.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
  );
  const page = await context.newPage();
  const recorder: string[] = [];
  page.on('request', (r) => {
    if (/flow-recorder|flow-events/.test(r.url())) recorder.push(r.url());
  });
  await toStep2(page, false);
  // The page asks for its idle moment once loaded (and hydrated): an idle callback asked for after
  // the load runs after the page's, when the recorder would already be on its way.
  await page.evaluate(async () => {
    if (document.readyState !== 'complete')
      await new Promise((loaded) => addEventListener('load', loaded, { once: true }));
    await new Promise((idle) => requestIdleCallback(() => setTimeout(idle), { timeout: 5000 }));
  });
  await leavePage(page);
  expect(recorder).toEqual([]);

  // A visitor who allows counting, after it: once that visit is counted, a count of the first
  // (its beacon would have gone earlier, to the same server) would be too.
  const allowing = await browser.newContext({ ...devices['Pixel 7'], baseURL: origin, locale: 'es-AR' });
  try {
    const visitor = await allowing.newPage();
    await toStep2(visitor);
    await leavePage(visitor);
    await expect
      .poll(() => added(before, wizardCounts(), VISITS)['state leadWizard'], { timeout: 10_000 })
      .toBe(1);
  } finally {
    await allowing.close();
  }
  const oneVisitToStep2 = Object.fromEntries(VISITS.map((k) => [k, 0]));
  for (const key of ['state leadWizard', state('contact'), state('situation'), STEP_MOVES[0]!])
    oneVisitToStep2[key] = 1;
  expect(added(before, wizardCounts(), VISITS)).toEqual(oneVisitToStep2);
});

/** As the explorer writes a count: Spanish grouping, and under 5 never as it is. */
const shown = (n: number) =>
  n < 5 ? '< 5' : new Intl.NumberFormat('es', { useGrouping: 'always' }).format(n);

test("the explorer's chart shows the counters the visits left, on the states they name", async ({ page }) => {
  const judged = 'leadWizard.fieldMessages.judging xstate.done.actor.judgeContact#0';
  const checks = `transition ${judged}`;
  const before = wizardCounts().get(checks) ?? 0;
  // At least one more walk, so that the checks of step 1's fields are counted well over 5 times.
  const visitor = await context.newPage();
  await toStep2(visitor);
  await leavePage(visitor);
  await expect.poll(() => wizardCounts().get(checks) ?? 0, { timeout: 10_000 }).toBeGreaterThan(before);
  const counts = wizardCounts();
  expect(counts.get(checks)).toBeGreaterThanOrEqual(5);

  // The whole chart: the field checks counted here run beside the steps the wizard opens on.
  await page.goto(`${origin}/flujos/${wholeChart('#/lead-wizard')}`);
  const panel = page.getByRole('region', { name: 'Visitantes reales' });
  await expect(panel).toBeVisible();
  const root = counts.get('state leadWizard') ?? 0;
  await expect(page.locator('[data-state-id="leadWizard"]')).toHaveAttribute(
    'data-visits',
    `${shown(root)} visitas`,
  );
  for (const id of ['contact', 'situation', 'category', 'sector', 'thanks'])
    await expect(page.locator(`[data-state-id="leadWizard.steps.${id}"]`)).toHaveAttribute(
      'data-visits',
      `${shown(counts.get(state(id)) ?? 0)} entradas`,
    );
  await expect(page.locator(`[data-transition="${judged}"]`)).toHaveAttribute(
    'data-visits',
    new RegExp(`^${shown(counts.get(checks)!)}( ·|$)`),
  );
  await expect(panel.locator('.visits-funnel li').first()).toContainText(
    `De ${shown(counts.get(state('contact'))!)} visitantes que empezaron el paso 1, ${shown(counts.get(state('situation'))!)} llegaron al paso 2`,
  );
});
