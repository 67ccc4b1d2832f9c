/**
 * The explorer's first view of a flow, as a product owner opens it on a 1366×768 laptop: the
 * wizard on 'Solo los pasos' (its five steps and the ways between them, readable at 12 px), every
 * other flow fitted and readable at 10 px or folded as far as it goes, fold buttons a finger can
 * hit at any zoom, and on a 360×740 phone the chart fitted to the screen.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { openFlow, state } from './support/explorer';
import { serveFlowCounts } from './support/flow-counts';
import { flows } from '../../workbench/catalogue';

const STEPS = ['contact', 'situation', 'category', 'sector', 'thanks'].map((s) => `leadWizard.steps.${s}`);

test.beforeEach(async ({ page }) => {
  await serveFlowCounts(page);
});

/** The drawn size of every text on the chart, in screen pixels (its font size times the zoom). */
function textSizes(page: Page): Promise<{ text: string; px: number }[]> {
  return page.locator('.diagram-svg').evaluate((svg) =>
    [...svg.querySelectorAll('text')]
      .filter((t) => (t.textContent ?? '').trim() !== '')
      .map((t) => ({
        text: t.textContent ?? '',
        px: (t.getCTM()?.a ?? 0) * parseFloat(getComputedStyle(t).fontSize),
      })),
  );
}

/** The zoom the toolbar shows, in percent. */
const zoomOf = async (page: Page) =>
  Number((await page.locator('output.zoom').textContent())?.replace(/\D/g, ''));

async function expectInsideChart(page: Page, id: string): Promise<void> {
  const viewport = await page.locator('.diagram-viewport').boundingBox();
  const box = await state(page, id).locator('rect.frame').boundingBox();
  expect(viewport && box, id).toBeTruthy();
  expect(box!.x, id).toBeGreaterThanOrEqual(viewport!.x);
  expect(box!.y, id).toBeGreaterThanOrEqual(viewport!.y);
  expect(box!.x + box!.width, id).toBeLessThanOrEqual(viewport!.x + viewport!.width);
  expect(box!.y + box!.height, id).toBeLessThanOrEqual(viewport!.y + viewport!.height);
}

async function expectToggleTargets(page: Page, where: string): Promise<void> {
  const toggles = page.locator('[data-toggle-of] rect');
  const count = await toggles.count();
  expect(count, where).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const box = await toggles.nth(i).boundingBox();
    expect(box!.width, where).toBeGreaterThanOrEqual(24);
    expect(box!.height, where).toBeGreaterThanOrEqual(24);
  }
}

test.describe('at 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the wizard opens on its five steps, whole on the screen, every label at 12 px or more', async ({
    page,
  }) => {
    await openFlow(page, '#/lead-wizard', { opening: true });
    await expect(page.getByRole('checkbox', { name: 'Solo los pasos' })).toBeChecked();
    for (const id of STEPS) await expectInsideChart(page, id);
    // Each step with states inside is folded and says how many.
    await expect(state(page, 'leadWizard.steps.contact')).toHaveAttribute(
      'aria-label',
      /plegado, 11 estados dentro/,
    );
    await expect(state(page, 'leadWizard.steps.thanks')).toHaveAttribute(
      'aria-label',
      /plegado, \d+ estados dentro/,
    );
    // The regions that run beside the steps are not on it.
    await expect(page.locator('[data-state-id^="leadWizard.sync"]')).toHaveCount(0);
    await expect(page.locator('[data-state-id^="leadWizard.fieldMessages"]')).toHaveCount(0);
    const sizes = await textSizes(page);
    expect(sizes.length).toBeGreaterThan(20);
    const small = sizes.filter((s) => s.px < 12);
    expect(small, 'texts drawn under 12 px').toEqual([]);
    // It is the fitted view: 'Ajustar a la pantalla' does not change it.
    const opened = await zoomOf(page);
    await page.getByRole('button', { name: 'Ajustar a la pantalla' }).click();
    expect(await zoomOf(page)).toBe(opened);
    await expectToggleTargets(page, 'the steps view');
  });

  test('unfolding a step zooms to it; the whole chart is one click away and in the link', async ({
    page,
  }) => {
    await openFlow(page, '#/lead-wizard', { opening: true });
    await page.locator('[data-toggle-of="leadWizard.steps.thanks"]').click();
    await expect(state(page, 'leadWizard.steps.thanks.demo')).toBeVisible();
    await expectInsideChart(page, 'leadWizard.steps.thanks');
    await expect(page).toHaveURL(/plegados=steps\.contact(&|$)/);
    // Unfolding the step with eleven states inside shows it from its top, readable.
    await page.getByRole('button', { name: 'Ajustar a la pantalla' }).click();
    await page.locator('[data-toggle-of="leadWizard.steps.contact"]').click();
    await expect(state(page, 'leadWizard.steps.contact.editing')).toBeVisible();
    // Readable: its notes (11 px in the chart) drawn at 10 px or more.
    await expect.poll(() => zoomOf(page)).toBeGreaterThanOrEqual(91);
    await expect(page).toHaveURL(/plegados=(&|$)/);
    await expectInsideChart(page, 'leadWizard.steps.contact.editing');

    await page.getByRole('checkbox', { name: 'Solo los pasos' }).uncheck();
    await expect(page.locator('[data-state-id="leadWizard.sync"]')).toHaveCount(1);
    await expect(page).toHaveURL(/vista=completa/);
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Solo los pasos' })).not.toBeChecked();
    await expect(page.locator('[data-state-id="leadWizard.sync"]')).toHaveCount(1);
    // At the smallest zoom the fold buttons still take a finger.
    for (let i = 0; i < 12; i++) await page.getByRole('button', { name: 'Alejar' }).click();
    expect(await zoomOf(page)).toBeLessThanOrEqual(15);
    await expectToggleTargets(page, 'the whole chart, zoomed out');
  });

  test('a link from before the steps view that folds a region beside the steps opens the whole chart', async ({
    page,
  }) => {
    await openFlow(page, '#/lead-wizard?estado=steps.contact&plegados=sync', { opening: true });
    await expect(page.getByRole('checkbox', { name: 'Solo los pasos' })).not.toBeChecked();
    await expect(state(page, 'leadWizard.sync')).toHaveAttribute('aria-label', /plegado/);
    await expect(state(page, 'leadWizard.steps.contact.editing')).toBeVisible();
  });

  for (const flow of flows.filter((f) => f.slug !== 'lead-wizard')) {
    test(`${flow.slug}: 'Ajustar a la pantalla' draws every label at 10 px or more, or it opens folded`, async ({
      page,
    }) => {
      await openFlow(page, `#/${flow.slug}`, { opening: true });
      // The chart starts within the first screen and fills its height.
      const chart = await page.locator('.diagram-viewport').boundingBox();
      expect(chart!.y).toBeLessThan(120);
      expect(chart!.height).toBeGreaterThan(600);
      await page.getByRole('button', { name: 'Ajustar a la pantalla' }).click();
      const small = (await textSizes(page)).filter((s) => s.px < 10);
      if (small.length === 0) return;
      // Folded as far as it goes: every state that can be folded and is drawn is.
      const open = page.locator('[data-toggle-of][aria-expanded="true"]');
      const unfolded = await open.evaluateAll((els) => els.map((e) => e.getAttribute('data-toggle-of')));
      expect(
        unfolded,
        `${flow.slug} has labels under 10 px (${small.length}) and states left to fold`,
      ).toEqual([]);
    });
  }
});

test.describe('on a 360×740 phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const slug of ['lead-wizard', 'payment', 'country-prices']) {
    test(`${slug} opens fitted to the screen`, async ({ page }) => {
      await openFlow(page, `#/${slug}`, { opening: true });
      const opened = await zoomOf(page);
      await page.getByRole('button', { name: 'Ajustar a la pantalla' }).click();
      expect(await zoomOf(page)).toBe(opened);
      const chart = await page.locator('.diagram-viewport').boundingBox();
      expect(chart!.x + chart!.width).toBeLessThanOrEqual(360);
    });
  }
});
