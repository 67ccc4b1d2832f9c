/**
 * Real visitors in the flow explorer (issue #40): the counts of a period on the chart (a number on
 * every state and transition, each way's share at a choice, what was never taken), the funnel of
 * the wizard's steps in words, the versions of the period compared, the period's switch asking
 * again, the index's figures of the last 7 days, a clear sentence when the counts cannot be had,
 * and the notice of a day the server's per-address cap left events out (issue 51).
 * The API's answer is a fixture (./support/flow-counts.ts).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { wholeChart } from './support/explorer';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/page-checks';
import { serveFlowCounts, type FlowCountsFixture } from './support/flow-counts';
import { flows } from '../../workbench/catalogue';
import { flowName } from '@tienda/flow-workbench';
import { flowVersions } from '@tienda/flow-workbench/behaviour';

const wizard = flows.find((f) => f.slug === 'lead-wizard');
if (!wizard) throw new Error('the catalogue has no lead wizard');
const TODAY = flowVersions(process.cwd())[wizard.machine.id]!;
const W = 'leadWizard';
const S = `${W}.steps`;

const FIXTURE: FlowCountsFixture = {
  flujos: [
    {
      flujo: W,
      version: TODAY,
      primerDia: '2026-11-27',
      ultimoDia: '2026-11-30',
      estados: {
        [W]: 1240,
        [`${S}.contact`]: 1240,
        [`${S}.situation`]: 812,
        [`${S}.category`]: 700,
        [`${S}.sector`]: 497,
        [`${S}.thanks`]: 450,
        [`${S}.contact.failed.botCheck`]: 3,
        [`${S}.contact.failed.create`]: 27,
      },
      transiciones: {
        [`${S}.contact.editing contact.submit#0`]: 1000,
        [`${S}.contact.validating xstate.done.actor.validateContact#0`]: 900,
        [`${S}.contact.validating xstate.done.actor.validateContact#1`]: 100,
        [`${S}.situation step.next#0`]: 700,
      },
    },
    {
      flujo: W,
      version: '0badc0de',
      primerDia: '2026-11-24',
      ultimoDia: '2026-11-26',
      estados: {
        [W]: 200,
        [`${S}.contact`]: 200,
        [`${S}.situation`]: 150,
        [`${S}.category`]: 100,
        [`${S}.sector`]: 58,
        [`${S}.thanks`]: 40,
      },
      transiciones: {},
    },
  ],
};

const visits = (page: Page) => page.getByRole('region', { name: 'Visitantes reales' });
const state = (page: Page, id: string) => page.locator(`[data-state-id="${id}"]`);
const edge = (page: Page, key: string) => page.locator(`[data-transition="${key}"]`);

async function openWizard(page: Page, hash = '') {
  await page.goto(`/flujos/${wholeChart(`#/lead-wizard${hash}`)}`);
  await expect(state(page, `${S}.contact.editing`)).toHaveAttribute('data-active', 'true');
}

test('the chart shows every state and transition counted, the shares of a choice and what was never taken', async ({
  page,
}) => {
  await serveFlowCounts(page, () => FIXTURE);
  await openWizard(page);
  await expect(visits(page)).toContainText('1.240 visitas · el 36 % completó el flujo');
  await expect(state(page, W)).toHaveAttribute('data-visits', '1.240 visitas');
  await expect(state(page, `${S}.situation`)).toHaveAttribute('data-visits', '812 entradas');
  await expect(state(page, `${S}.situation`).locator('.visits-mark')).toHaveText('812 entradas');
  await expect(state(page, `${S}.situation`)).toHaveAccessibleName(/visitantes reales: 812 entradas/);
  // Small counts never show as they are.
  await expect(state(page, `${S}.contact.failed.botCheck`)).toHaveAttribute('data-visits', '< 5 entradas');
  // The rules' answer is a choice: accepted or refused, each with its share.
  await expect(edge(page, `${S}.contact.validating xstate.done.actor.validateContact#0`)).toHaveAttribute(
    'data-visits',
    '900 · 90 %',
  );
  await expect(
    edge(page, `${S}.contact.validating xstate.done.actor.validateContact#1`).locator('.visits-mark'),
  ).toHaveText('100 · 10 %');
  const never = edge(page, `${S}.category step.back#0`);
  await expect(never).toHaveClass(/never-taken/);
  await expect(never.locator('.visits-mark')).toHaveText('nunca en este período');
  // Wider where more visitors went.
  const width = (key: string) =>
    edge(page, key)
      .locator('path')
      .first()
      .evaluate((el) => parseFloat(getComputedStyle(el).strokeWidth));
  expect(await width(`${S}.contact.editing contact.submit#0`)).toBeGreaterThan(
    await width(`${S}.situation step.next#0`),
  );
  expect(await width(`${S}.situation step.next#0`)).toBeGreaterThan(await width(`${S}.category step.back#0`));
  // Failures where they happen.
  await expect(visits(page).locator('.visits-failures')).toContainText('27');
  // Switched off, the chart is as before.
  await visits(page).getByLabel('Mostrar en el diagrama').uncheck();
  await expect(page.locator('.visits-mark')).toHaveCount(0);
  await expect(page.locator('.edge.never-taken')).toHaveCount(0);
});

test('the funnel in words and the versions of the period compared', async ({ page }) => {
  await serveFlowCounts(page, () => FIXTURE);
  await openWizard(page);
  const funnel = visits(page).locator('.visits-funnel li');
  await expect(funnel).toHaveCount(4);
  await expect(funnel.first()).toHaveText(
    'De 1.240 visitantes que empezaron el paso 1, 812 llegaron al paso 2 (65 %).',
  );
  await expect(funnel.nth(3)).toHaveText(
    'De 1.240 visitantes que empezaron el paso 1, 450 llegaron al paso 5 (36 %).',
  );
  await expect(visits(page)).toContainText('desde este cambio, el paso 3 → 4 pasó de 58 % a 71 %');
  const rows = visits(page).getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('(la de hoy)');
  await expect(rows.nth(2)).toContainText('0badc0de');
  await expect(rows.nth(2)).toContainText('200 visitas · el 20 % completó el flujo');
});

test('the period switch asks again, and the period stays in the link', async ({ page }) => {
  const asked = await serveFlowCounts(page, () => FIXTURE);
  await openWizard(page);
  await expect(visits(page)).toContainText('1.240 visitas');
  expect(asked).toHaveLength(1);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const now = Date.now();
  expect(asked[0]).toEqual({ desde: day(new Date(now - 6 * 86_400_000)), hasta: day(new Date(now)) });
  await visits(page).getByLabel('Últimos 30 días').check();
  await expect.poll(() => asked.length).toBe(2);
  expect(asked[1]?.desde).toBe(day(new Date(now - 29 * 86_400_000)));
  await expect(page).toHaveURL(/visitas=30/);
  await visits(page).getByLabel('Entre dos fechas').check();
  await visits(page).getByLabel('Desde').fill('2026-11-01');
  await visits(page).getByLabel('Hasta').fill('2026-11-15');
  await visits(page).getByRole('button', { name: 'Ver ese período' }).click();
  await expect.poll(() => asked.at(-1)).toEqual({ desde: '2026-11-01', hasta: '2026-11-15' });
  await expect(visits(page)).toContainText('Del 1 de noviembre de 2026 al 15 de noviembre de 2026');
  await expect(page).toHaveURL(/visitas=2026-11-01~2026-11-15/);
  // A link with a period opens on it.
  await page.goto('/flujos/#/payment?visitas=90');
  await expect(visits(page).getByLabel('Últimos 90 días')).toBeChecked();
  await expect.poll(() => asked.at(-1)?.desde).toBe(day(new Date(Date.now() - 89 * 86_400_000)));
});

test('the index shows each flow’s visits and completion of the last 7 days', async ({ page }) => {
  const asked = await serveFlowCounts(page, () => ({
    flujos: [
      ...FIXTURE.flujos,
      {
        flujo: 'payment',
        version: 'abcdef01',
        primerDia: '2026-11-24',
        ultimoDia: '2026-11-30',
        estados: { payment: 80, 'payment.paid': 20, 'payment.pendingReview': 4 },
        transiciones: {},
      },
    ],
  }));
  await page.goto('/flujos/');
  const card = (slug: string) => {
    const flow = flows.find((f) => f.slug === slug);
    return page
      .locator('article')
      .filter({ has: page.getByRole('link', { name: flowName(flow!), exact: true }) });
  };
  // Every version together: 1.240 + 200 visits, 450 + 40 at the last step.
  await expect(card('lead-wizard').locator('.card-visits')).toHaveText(
    'Visitantes reales, últimos 7 días: 1.440 visitas · el 34 % completó el flujo.',
  );
  // Its final states: paid and pending review.
  await expect(card('payment').locator('.card-visits')).toHaveText(
    'Visitantes reales, últimos 7 días: 80 visitas · el 30 % completó el flujo.',
  );
  await expect(card('welcome').locator('.card-visits')).toHaveText(
    'Visitantes reales, últimos 7 días: ningún visitante.',
  );
  expect(asked).toHaveLength(1);
});

test('each way the counts cannot be had says so in Spanish', async ({ page, hygiene }) => {
  hygiene.expectRequestFailure('/api/flow-counts');
  let answer: 'login' | 'off' | 'down' = 'login';
  await serveFlowCounts(page, () => async (route) => {
    if (answer === 'login')
      return route.fulfill({ status: 401, json: { error: 'Hace falta iniciar sesión.' } });
    if (answer === 'off')
      return route.fulfill({ status: 503, json: { message: 'Los conteos están apagados en producción.' } });
    return route.abort('connectionfailed');
  });
  const sentence = visits(page).locator('.visits-error');
  await openWizard(page);
  await expect(sentence).toHaveText(
    'Para ver los visitantes reales hay que iniciar sesión. Vuelve a cargar la página y escribe el usuario y la contraseña cuando el navegador te los pida.',
  );
  answer = 'off';
  await visits(page).getByLabel('Últimos 30 días').check();
  await expect(sentence).toHaveText(
    'Los conteos de visitantes reales están apagados en este servidor. El servidor dice: «Los conteos están apagados en producción.»',
  );
  answer = 'down';
  await visits(page).getByLabel('Últimos 90 días').check();
  await expect(sentence).toHaveText(
    'No se pudo conectar con el servidor para traer los conteos de visitantes reales. Revisa tu conexión e intenta de nuevo.',
  );
  await expect(page.locator('.visits-mark')).toHaveCount(0);
  // The index says it once, above the flows.
  await page.goto('/flujos/');
  await expect(page.getByRole('alert')).toContainText('No se pudo conectar con el servidor');
});

for (const width of [360, 1280]) {
  test(`the wizard with its real visitors has no accessibility violations at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    // A capped day too: its notice is part of what is checked.
    await serveFlowCounts(page, () => ({
      ...FIXTURE,
      recortes: [{ dia: '2026-11-28', flujo: W, descartados: 59000 }],
    }));
    await openWizard(page);
    await expect(visits(page).getByRole('table')).toBeVisible();
    await expect(visits(page)).toContainText(
      'Conteos con tope el 28 de noviembre de 2026: quedaron fuera 59.000 eventos de este flujo',
    );
    await expectNoAxeViolations(page, `real visitors at ${width} px`);
    await expectNoHorizontalScroll(page, `real visitors at ${width} px`);
  });
}
