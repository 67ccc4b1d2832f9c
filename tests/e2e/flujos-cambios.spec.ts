/**
 * The chart of a flow's change, on an explorer built against a base where one flow differs: the
 * wizard's step 1 with a WhatsApp check where the rules check (`validating`) is now, and a form
 * that did not ask for the e-mail (./support/older-wizard.ts, ./support/flow-change-build.ts).
 * The build and its server belong to this file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/page-checks';
import { buildExplorer, commitOlderWizard, serveExplorer } from './support/flow-change-build';
import { flows } from '../../workbench/catalogue';
import { flowName } from '@tienda/flow-workbench';
import { flowVersions } from '@tienda/flow-workbench/behaviour';
import { graphSignature } from '@tienda/flow-workbench/kit';
import { serveFlowCounts } from './support/flow-counts';
import { olderWizard } from './support/older-wizard';

const ADDED = 'leadWizard.steps.contact.validating';
const CHANGED = 'leadWizard.steps.contact.editing';
const REMOVED = 'leadWizard.steps.contact.checkingWhatsapp';
const CONTACT = 'leadWizard.steps.contact';
const SUBMIT = 'leadWizard.steps.contact.editing contact.submit#0';

let dir: string;
let base: string;
let site: { origin: string; close: () => Promise<void> } | undefined;

// One build for the whole file, its tests one after the other.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dir = mkdtempSync(path.join(tmpdir(), 'flujos-cambios-'));
  const older = commitOlderWizard(dir);
  base = older.commit;
  await buildExplorer(older, dir);
  site = await serveExplorer(dir);
});

test.afterAll(async () => {
  await site?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// The pages ask for real visitors' counts: no visitor, unless a test says otherwise.
test.beforeEach(async ({ page }) => {
  await serveFlowCounts(page);
});

const url = (hash = '') => `${site?.origin ?? ''}/flujos/${hash}`;
const state = (page: Page, id: string) => page.locator(`[data-state-id="${id}"]`);
const edge = (page: Page, key: string) => page.locator(`[data-transition="${key}"]`);
const panel = (page: Page) => page.getByRole('region', { name: 'Antes y ahora' });

async function frameStyle(frame: Locator) {
  return frame.evaluate((el) => {
    const style = getComputedStyle(el);
    return { fill: style.fill, stroke: style.stroke };
  });
}

async function inside(inner: Locator, outer: Locator): Promise<boolean> {
  const a = await inner.boundingBox();
  const b = await outer.boundingBox();
  if (!a || !b) return false;
  return a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height;
}

test('the index marks the one flow that differs from the base and names the base', async ({ page }) => {
  await page.goto(url());
  const notice = page.getByRole('region', { name: 'Cambios en los flujos' });
  await expect(notice).toContainText(`compara los flujos con el commit ${base.slice(0, 7)}`);
  await expect(notice).toContainText('1 flujo cambió');
  const wizard = flows.find((f) => f.slug === 'lead-wizard');
  if (!wizard) throw new Error('no lead-wizard in the catalogue');
  const card = page
    .locator('article')
    .filter({ has: page.getByRole('link', { name: flowName(wizard), exact: true }) });
  await expect(card.locator('.card-change')).toContainText(
    'Δ Cambió 1 estado nuevo, 1 quitado y 1 que cambió; 3 transiciones nuevas, 1 quitada y 2 que cambiaron',
  );
  // The other flows carry no mark.
  await expect(page.locator('.card-change')).toHaveCount(1);
  await expectNoAxeViolations(page, 'the index with a flow marked');
  await card.getByRole('link', { name: 'Ver los cambios en el diagrama' }).click();
  await expect(page).toHaveURL(/#\/lead-wizard\?cambios=si$/);
  await expect(state(page, ADDED)).toHaveAttribute('data-change', 'added');
});

test('the flow page draws both versions: the added state marked, the removed one in place', async ({
  page,
}) => {
  await page.goto(url('#/lead-wizard?cambios=si'));
  await expect(page.getByText(`Este flujo cambió respecto del commit ${base.slice(0, 7)}`)).toBeVisible();

  const added = state(page, ADDED);
  await expect(added).toHaveAttribute('data-change', 'added');
  await expect(added.locator('.t-mark')).toHaveText('+ Nuevo');
  await expect(added).toHaveAccessibleName(/, nuevo/);
  expect(await frameStyle(added.locator('rect.frame'))).toEqual({
    fill: 'rgb(240, 253, 244)',
    stroke: 'rgb(21, 128, 61)',
  });

  const removed = state(page, REMOVED);
  await expect(removed).toHaveAttribute('data-change', 'removed');
  await expect(removed.locator('.t-mark')).toHaveText('− Quitado');
  await expect(removed).toHaveAccessibleName(
    'Se verifica que el número de WhatsApp exista antes de guardar, quitado, ya no existe',
  );
  expect(await frameStyle(removed.locator('rect.frame'))).toEqual({
    fill: 'url("#hatch-removed")',
    stroke: 'rgb(185, 28, 28)',
  });
  // In place: inside the step it belonged to, beside the states that are still there.
  expect(await inside(removed.locator('rect.frame'), state(page, CONTACT).locator('rect.frame'))).toBe(true);
  await expect(edge(page, `${REMOVED} xstate.after.1500.${REMOVED}#0`)).toHaveAttribute(
    'data-change',
    'removed',
  );
  // The transition that now leads to the new state, and the way it went before.
  await expect(edge(page, SUBMIT)).toHaveAttribute('data-change', 'changed');
  await expect(edge(page, `${SUBMIT}~antes`)).toHaveAttribute('data-change', 'previous');
  await expect(edge(page, `${SUBMIT}~antes`).locator('.t-mark')).toHaveText('− Antes iba así');
  // What did not change is grey; the legend names the base.
  await expect(page.locator('.legend')).toContainText(`Cambios respecto del commit ${base.slice(0, 7)}`);

  await expectNoAxeViolations(page, 'the chart of changes');
});

test('selecting a change shows it before and after', async ({ page }) => {
  await page.goto(url('#/lead-wizard?cambios=si'));
  await state(page, REMOVED).click();
  await expect(panel(page)).toContainText('− Quitado');
  await expect(panel(page).locator('.change-was').first()).toHaveText('Antes:');
  await expect(panel(page).locator('.before-after').first()).toContainText(
    '«Se verifica que el número de WhatsApp exista antes de guardar»',
  );
  await expect(panel(page).locator('.change-now').first()).toHaveText('Ahora: ya no existe.');

  // A transition is selected from the chart, by its label (or from the keyboard).
  await page
    .getByRole('button', { name: /^Transición que cambió: El visitante envía sus datos de contacto/ })
    .focus();
  await page.keyboard.press('Enter');
  await expect(edge(page, SUBMIT)).toHaveClass(/selected/);
  const facts = panel(page).locator('.before-after');
  await expect(facts.locator('dt')).toHaveText(['Lleva a']);
  await expect(facts.locator('dd.change-was')).toHaveText(
    'Antes: «Se verifica que el número de WhatsApp exista antes de guardar»',
  );
  await expect(facts.locator('dd.change-now')).toContainText(
    'Ahora: «Se revisan los datos con las mismas reglas',
  );

  // From the list: the added state, selected on the chart.
  await panel(page)
    .getByRole('button', { name: /^Se agrega el estado «Se revisan los datos/ })
    .click();
  await expect(state(page, ADDED)).toHaveAttribute('data-selected', 'true');
  await expect(panel(page).locator('.change-was').first()).toHaveText('Antes: no existía.');
  // The step that holds it was unfolded to show it: the link says which steps stay folded.
  await expect(page).toHaveURL(/estado=steps\.contact\.validating(&plegados=[^&]*)?&cambios=si/);

  // Without the chart of changes, the diagram is the machine's own again.
  await page.getByLabel('Mostrar los cambios en el diagrama').uncheck();
  await expect(state(page, REMOVED)).toHaveCount(0);
  await expect(state(page, ADDED)).not.toHaveAttribute('data-change', /.*/);
  await expect(panel(page)).toHaveCount(0);
  await expect(page).not.toHaveURL(/cambios=si/);

  // Shown again from the page, the first change is brought into view.
  const added = state(page, ADDED).locator('rect.frame');
  const viewport = page.locator('.diagram-viewport');
  await viewport.focus();
  for (let i = 0; i < 30 && (await inside(added, viewport)); i++) await page.keyboard.press('ArrowUp');
  expect(await inside(added, viewport)).toBe(false);
  await page.getByLabel('Mostrar los cambios en el diagrama').check();
  await expect(state(page, REMOVED)).toHaveAttribute('data-change', 'removed');
  await expect
    .poll(() => inside(state(page, ADDED).locator('rect.frame'), page.locator('.diagram-viewport')))
    .toBe(true);
});

test('at 360 px the chart of changes and its before and after pass axe, without scrolling sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(url('#/lead-wizard?cambios=si&estado=steps.contact.checkingWhatsapp'));
  await expect(panel(page)).toContainText('Ahora: ya no existe.');
  await expectNoAxeViolations(page, 'the chart of changes at 360 px');
  await expectNoHorizontalScroll(page, 'the chart of changes at 360 px');
});

test('a flow that did not change has no notice and no switch', async ({ page }) => {
  await page.goto(url('#/welcome'));
  await expect(page.locator('[data-state-id]').first()).toBeVisible();
  await expect(page.getByLabel('Mostrar los cambios en el diagrama')).toHaveCount(0);
  await expect(page.locator('[data-change]')).toHaveCount(0);
});

test('with real visitors of both versions in the period, the chart of changes shows their counts side by side', async ({
  page,
}) => {
  const today = flowVersions(process.cwd()).leadWizard!;
  const flow = (version: string, estados: Record<string, number>, transiciones: Record<string, number>) => ({
    flujo: 'leadWizard',
    version,
    primerDia: '2026-11-24',
    ultimoDia: '2026-11-30',
    estados,
    transiciones,
  });
  await page.route('**/api/flow-counts?*', (route) =>
    route.fulfill({
      json: {
        desde: '2026-11-24',
        hasta: '2026-11-30',
        flujos: [
          flow(today, { [ADDED]: 50, [CONTACT]: 300 }, { [SUBMIT]: 60 }),
          flow('0badc0de', { [REMOVED]: 30, [CONTACT]: 200 }, { [SUBMIT]: 40 }),
        ],
      },
    }),
  );
  await page.goto(url('#/lead-wizard?cambios=si'));
  await expect(state(page, CONTACT)).toHaveAttribute('data-visits', 'antes 200 · ahora 300');
  await expect(state(page, ADDED).locator('.visits-mark')).toHaveText('ahora 50');
  await expect(state(page, REMOVED).locator('.visits-mark')).toHaveText('antes 30');
  await expect(edge(page, SUBMIT)).toHaveAttribute('data-visits', 'antes 40 · ahora 60');
  await expect(edge(page, `${SUBMIT}~antes`)).toHaveAttribute('data-visits', 'antes 40');
  await expect(page.getByRole('region', { name: 'Visitantes reales' })).toContainText(
    'Versiones del flujo en el período',
  );
  await expectNoAxeViolations(page, 'the chart of changes with real visitors');
});

const wizard = flows.find((f) => f.slug === 'lead-wizard')!.machine;
const TODAY = flowVersions(process.cwd())[wizard.id]!;
/**
 * The base's version: QA's screenshots of the base are kept under it. Its catalogue names no machine
 * file for the older wizard (./support/flow-change-build.ts), so its version is its graph's signature.
 */
const BASE_VERSION = graphSignature(olderWizard(wizard));

/**
 * QA's screenshots as two browser model runs would leave them, one on the base and one on this
 * code (tests/e2e/model/support/kept-screens.ts): the changed state at both widths in both
 * versions, the added state in this one. Small plain PNGs, red-ish for the base, green-ish now.
 */
async function serveScreens(page: Page) {
  const fixtures = path.join(import.meta.dirname, 'fixtures/changes-run');
  const files: Record<string, string> = {};
  for (const width of [360, 1280]) {
    files[`versions/leadWizard/${BASE_VERSION}/screens/${CHANGED}-${width}.png`] = `antes-${width}.png`;
    files[`screens/leadWizard/${CHANGED}-${width}.png`] = `ahora-${width}.png`;
  }
  files[`screens/leadWizard/${ADDED}-360.png`] = 'ahora-360.png';
  const index = {
    coverage: false,
    results: true,
    screens: { leadWizard: { [CHANGED]: [360, 1280], [ADDED]: [360] } },
    versions: { leadWizard: { [BASE_VERSION]: { [CHANGED]: [360, 1280] } } },
  };
  const results = {
    version: 1,
    machines: {
      leadWizard: {
        name: 'lead-wizard',
        date: '2026-12-01T10:00:00.000Z',
        commit: null,
        dirty: false,
        graph: TODAY,
        states: { covered: [], total: 0 },
        transitions: { covered: [], total: 0 },
        unreachable: {},
        planned: 0,
        paths: [],
      },
    },
  };
  await page.route('**/flujos/artefactos/**', async (route) => {
    const name = decodeURIComponent(new URL(route.request().url()).pathname.split('/artefactos/')[1] ?? '');
    if (name === 'index.json') return route.fulfill({ json: index });
    if (name === 'results.json') return route.fulfill({ json: results });
    const file = files[name];
    if (!file) return route.fulfill({ status: 404, body: 'No encontrado.' });
    return route.fulfill({ path: path.join(fixtures, file) });
  });
}

const screens = (page: Page) => panel(page).locator('.change-screens');
const figure = (page: Page, caption: string) =>
  screens(page)
    .locator('figure')
    .filter({ has: page.locator('figcaption', { hasText: caption }) });

test("at 1366×768 a changed state shows the base's screen beside this version's, at the width chosen", async ({
  page,
}) => {
  expect(BASE_VERSION).not.toBe(TODAY);
  await page.setViewportSize({ width: 1366, height: 768 });
  await serveScreens(page);
  await page.goto(url('#/lead-wizard?cambios=si'));
  await state(page, CHANGED).click();
  await expect(panel(page)).toContainText('Δ Cambió');
  await expect(screens(page).getByRole('heading')).toHaveText('Lo que ve el prospecto');

  const before = figure(page, `Antes (versión ${BASE_VERSION})`);
  const now = figure(page, 'Ahora');
  const name = (side: string, width: number) =>
    `La página en el estado «El visitante completa el nombre de su negocio, su nombre, apellido, país y WhatsApp, y si quiere su e-mail.», ${side}, a ${width} px de ancho`;
  // The phone's width first: each side's own picture, loaded.
  await expect(screens(page).getByRole('img')).toHaveCount(2);
  await expect(
    before.getByRole('img', { name: name(`antes (versión ${BASE_VERSION})`, 360) }),
  ).toHaveJSProperty('naturalWidth', 360);
  await expect(now.getByRole('img', { name: name('ahora', 360) })).toHaveJSProperty('naturalWidth', 360);
  expect(await before.getByRole('img').getAttribute('src')).toContain(`versions/leadWizard/${BASE_VERSION}/`);
  expect(await now.getByRole('img').getAttribute('src')).toContain('screens/leadWizard/');
  // Side by side, each wide enough to make out the page.
  const a = await before.getByRole('img').boundingBox();
  const b = await now.getByRole('img').boundingBox();
  expect(a && b && Math.abs(a.y - b.y) < 2 && a.x + a.width <= b.x).toBe(true);
  expect(a?.width ?? 0).toBeGreaterThan(120);

  await screens(page).getByLabel('1280 px (computadora)').check();
  await expect(
    before.getByRole('img', { name: name(`antes (versión ${BASE_VERSION})`, 1280) }),
  ).toHaveJSProperty('naturalWidth', 1280);
  await expect(now.getByRole('img', { name: name('ahora', 1280) })).toHaveJSProperty('naturalWidth', 1280);
  await expectNoHorizontalScroll(page, 'the chart of changes with both screenshots at 1366 px');
  await expectNoAxeViolations(page, 'the chart of changes with both screenshots');

  // Either opens at full size.
  await before.getByRole('button', { name: 'Ampliar la captura de antes a 1280 px' }).click();
  await expect(page.getByRole('dialog').getByRole('img')).toHaveJSProperty('naturalWidth', 1280);
});

test('an added state has no "antes", and says why; at 360 px it still reads without scrolling sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await serveScreens(page);
  await page.goto(url('#/lead-wizard?cambios=si'));
  await panel(page)
    .getByRole('button', { name: /^Se agrega el estado «Se revisan los datos/ })
    .click();
  await expect(figure(page, 'Antes')).toContainText('No hay captura de antes: este estado es nuevo.');
  await expect(figure(page, 'Antes').getByRole('img')).toHaveCount(0);
  await expect(figure(page, 'Ahora').getByRole('img')).toHaveJSProperty('naturalWidth', 360);
  // At the computer's width this run took none of it: said, not left blank.
  await screens(page).getByLabel('1280 px (computadora)').check();
  await expect(figure(page, 'Ahora')).toContainText(
    'La corrida de QA de esta versión no tomó captura de este estado a 1280 px.',
  );
  await expectNoHorizontalScroll(page, 'the screenshots of an added state at 360 px');
  await expectNoAxeViolations(page, 'the screenshots of an added state at 360 px');
});

test('without a QA run, a changed state says which command takes the screenshots', async ({ page }) => {
  await page.goto(url('#/lead-wizard?cambios=si'));
  await state(page, CHANGED).click();
  await expect(figure(page, `Antes (versión ${BASE_VERSION})`)).toContainText(
    `No hay capturas de la versión ${BASE_VERSION}. Ejecuta npm run flows:screens en el código de esa versión y después en este`,
  );
  await expect(figure(page, 'Ahora')).toContainText(
    'No hay capturas de esta versión del flujo. Ejecuta npm run flows:screens para tomarlas',
  );
  await expect(screens(page).getByRole('img')).toHaveCount(0);
});
