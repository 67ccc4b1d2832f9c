import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createActor } from 'xstate';
import { flows } from '../../explorer/src/catalogue';
import { flowName } from '../../explorer/src/flows';
import { activeStateIds, allNodes } from '../../flow-kit';

const state = (page: Page, id: string) => page.locator(`[data-state-id="${id}"]`);

/** Every request that leaves the page's own origin. */
function watchOrigin(page: Page, origin: string): string[] {
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${origin}/`) && !url.startsWith('data:')) outside.push(url);
  });
  return outside;
}

async function open(page: Page, hash: string) {
  await page.goto(`/flujos/${hash}`);
  await expect(page.locator('[data-state-id]').first()).toBeVisible();
}

test('the index lists every machine of the catalogue, with its counts', async ({ page, baseURL }) => {
  const outside = watchOrigin(page, new URL(baseURL ?? '').origin);
  const response = await page.goto('/flujos/');
  expect(response?.headers()['x-robots-tag']).toContain('noindex');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Flujos del sitio');
  for (const flow of flows) {
    const link = page.getByRole('link', { name: flowName(flow), exact: true });
    await expect(link).toHaveAttribute('href', `#/${flow.slug}`);
    const card = page.locator('article').filter({ has: link });
    await expect(card.getByText(`Máquina ${flow.machine.id}`)).toBeVisible();
    await expect(card.locator('dd').first()).toHaveText(String(allNodes(flow.machine.root).length - 1));
  }
  expect(outside).toEqual([]);
});

for (const flow of flows) {
  test(`${flow.slug}: a node per state and the initial state active`, async ({ page }) => {
    await open(page, `#/${flow.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(flowName(flow));
    const ids = allNodes(flow.machine.root).map((n) => n.id);
    await expect(page.locator('[data-state-id]')).toHaveCount(ids.length);
    for (const id of ids) await expect(state(page, id)).toHaveCount(1);
    const initial = activeStateIds(createActor(flow.machine, { input: flow.exampleInput }).getSnapshot());
    for (const id of initial) await expect(state(page, id)).toHaveAttribute('data-active', 'true');
    await expect(page.locator('[data-active="true"]')).toHaveCount(initial.length);
  });
}

test('welcome: with skipRedirect, firing the 2000 ms delay reaches the ready state', async ({ page }) => {
  await open(page, '#/welcome');
  await page.getByLabel('Entrada').selectOption({ label: 'Caso: skipRedirect, sin plan' });
  await expect(state(page, 'welcome.preparing')).toHaveAttribute('data-active', 'true');
  await page.getByRole('button', { name: 'Esperar redirectDelay (2000 ms)' }).click();
  await expect(state(page, 'welcome.ready')).toHaveAttribute('data-active', 'true');
  await expect(state(page, 'welcome.ready.staying')).toHaveAttribute('data-active', 'true');
  await expect(state(page, 'welcome.preparing')).not.toHaveAttribute('data-active', 'true');
});

async function fillContactAndCreate(page: Page) {
  const change = page.getByRole('button', { name: /^contact\.change/ });
  // One button per empty field, in order; each click fills one, and the next field's button follows.
  for (let i = 0; i < 10 && (await change.count()) > 0; i++) {
    const name = (await change.first().textContent()) ?? '';
    await change.first().click();
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await expect(change).toHaveCount(0);
  await page.getByRole('button', { name: 'contact.submit', exact: true }).click();
  await expect(state(page, 'leadWizard.steps.contact.creating')).toHaveAttribute('data-active', 'true');
  await page
    .getByRole('button', { name: /^éxito createLead/ })
    .first()
    .click();
  await expect(state(page, 'leadWizard.steps.situation')).toHaveAttribute('data-active', 'true');
}

test('lead wizard: contact, create, situation, category and sector reach thanks; undo goes back one step', async ({
  page,
}) => {
  await open(page, '#/lead-wizard');
  await fillContactAndCreate(page);
  for (const [select, next] of [
    [/^situation\.select/, 'leadWizard.steps.category'],
    [/^category\.select/, 'leadWizard.steps.sector'],
    [/^sector\.select/, 'leadWizard.steps.thanks'],
  ] as const) {
    await page.getByRole('button', { name: select }).first().click();
    await page.getByRole('button', { name: 'step.next', exact: true }).click();
    await expect(state(page, next)).toHaveAttribute('data-active', 'true');
  }
  await expect(state(page, 'leadWizard.steps.thanks.demo.offered')).toHaveAttribute('data-active', 'true');
  const context = page.getByRole('region', { name: 'Contexto' }).locator('pre');
  await expect(context).toContainText('"leadId": "lead-42"');
  await expect(page.getByRole('heading', { name: 'Registro' })).toBeVisible();

  await page.getByRole('button', { name: 'Deshacer' }).click();
  await expect(state(page, 'leadWizard.steps.sector')).toHaveAttribute('data-active', 'true');
  await expect(state(page, 'leadWizard.steps.thanks')).not.toHaveAttribute('data-active', 'true');
  await expect(context).toContainText('"sector": "pizzeria"');
});

test('a copied link reloaded lands in the same state', async ({ page, context, browser, hygiene }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page, '#/lead-wizard');
  await fillContactAndCreate(page);
  await page
    .getByRole('button', { name: /^situation\.select/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Copiar enlace' }).click();
  await expect(page.getByRole('status')).toHaveText('Enlace copiado.');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/flujos\/#\/lead-wizard\?e=[\w-]+$/);
  const contextText = await page.getByRole('region', { name: 'Contexto' }).locator('pre').textContent();

  const fresh = await browser.newContext();
  await hygiene.watch(fresh);
  const other = await fresh.newPage();
  await other.goto(link);
  await expect(state(other, 'leadWizard.steps.situation')).toHaveAttribute('data-active', 'true');
  await expect(state(other, 'leadWizard.sync.updating.attempt.sending')).toHaveAttribute(
    'data-active',
    'true',
  );
  await expect(other.getByRole('region', { name: 'Contexto' }).locator('pre')).toHaveText(contextText ?? '');
  await other.reload();
  await expect(state(other, 'leadWizard.steps.situation')).toHaveAttribute('data-active', 'true');
  await fresh.close();
});

test('an invalid link shows a Spanish message and the initial state', async ({ page }) => {
  await open(page, '#/lead-wizard?e=%%%no-es-un-enlace');
  await expect(page.getByRole('alert')).toContainText('El enlace no es válido');
  await expect(page.getByRole('alert')).toContainText('Se muestra el estado inicial.');
  await expect(state(page, 'leadWizard.steps.contact.editing')).toHaveAttribute('data-active', 'true');

  // Well formed, but the machine does not accept the step.
  const steps = Buffer.from(JSON.stringify([['e', { type: 'step.next' }]])).toString('base64url');
  await open(page, `#/welcome?e=${steps}`);
  await expect(page.getByRole('alert')).toContainText('el paso 1 (step.next) no se puede aplicar');
  await expect(state(page, 'welcome.preparing')).toHaveAttribute('data-active', 'true');
});

test('no request leaves the origin while exploring and simulating', async ({ page, baseURL }) => {
  const outside = watchOrigin(page, new URL(baseURL ?? '').origin);
  await page.goto('/flujos/');
  for (const flow of flows) {
    await page.getByRole('link', { name: flowName(flow), exact: true }).click();
    await expect(page.locator('[data-state-id]').first()).toBeVisible();
    const first = page.locator('.side-column').getByRole('button').first();
    if (await first.isEnabled()) await first.click();
    await page.getByRole('link', { name: '← Todos los flujos' }).click();
  }
  expect(outside).toEqual([]);
});

test('the time to the first diagram of the largest machine', async ({ page }) => {
  await page.goto('/flujos/#/lead-wizard');
  await expect(state(page, 'leadWizard.steps.contact.editing')).toHaveAttribute('data-active', 'true');
  const ms = await page.evaluate(() => performance.getEntriesByName('flujos:diagrama')[0]?.startTime ?? -1);
  console.info(`[flujos] first lead wizard diagram ${Math.round(ms)} ms after navigation start`);
  expect(ms).toBeGreaterThan(0);
  expect(ms).toBeLessThan(5000);
});

for (const width of [360, 1280]) {
  test.describe(`axe at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 800 } });
    for (const hash of ['', '#/lead-wizard', '#/payment']) {
      test(`/flujos/${hash} has no accessibility violations`, async ({ page }) => {
        await page.goto(`/flujos/${hash}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (hash) await expect(page.locator('[data-active="true"]').first()).toBeVisible();
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'best-practice'])
          .analyze();
        const summary = results.violations.map(
          (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
        expect(summary).toEqual([]);
      });
    }
  });
}
