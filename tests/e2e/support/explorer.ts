/**
 * The flow explorer (/flujos/) as a product owner uses it: a flow's page, its states on the chart
 * (`[data-state-id]`, `data-active`), the context as the Contexto panel shows it, and a step taken
 * with a click on one of the simulation's buttons.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './test';

export const state = (page: Page, id: string) => page.locator(`[data-state-id="${id}"]`);
export const panels = (page: Page) => page.locator('.machine-panels');

/**
 * A flow's link on its whole chart with nothing folded (unless it says otherwise): the view the
 * tests of the simulator, the links and the counts read every state on. A flow opens on its steps
 * or folded (flujos-pasos.spec.ts tests that view).
 */
export function wholeChart(hash: string): string {
  const q = hash.indexOf('?');
  const query = q === -1 ? '' : hash.slice(q + 1);
  const has = (name: string) => query.split('&').some((p) => p.split('=')[0] === name);
  const added = [...(has('vista') ? [] : ['vista=completa']), ...(has('plegados') ? [] : ['plegados='])];
  if (added.length === 0) return hash;
  return q === -1 ? `${hash}?${added.join('&')}` : `${hash}&${added.join('&')}`;
}

/**
 * A flow's page (`#/<slug>`, with a case `?caso=<n>`), once its chart is drawn: on its whole chart
 * (wholeChart), or as it opens for a product owner with `opening`.
 */
export async function openFlow(page: Page, hash: string, { opening = false } = {}): Promise<void> {
  await page.goto(`/flujos/${opening ? hash : wholeChart(hash)}`);
  await expect(page.locator('[data-state-id]').first()).toBeVisible();
}

/** Every one of these states is active on the chart. */
export async function expectActive(page: Page, ...ids: string[]): Promise<void> {
  for (const id of ids) await expect(state(page, id)).toHaveAttribute('data-active', 'true');
}

/** A field of the machine's context, by its name in the code, as the Contexto panel shows it. */
export function contextValue(page: Page, name: string): Locator {
  return page
    .getByRole('region', { name: 'Contexto' })
    .locator('dl > div')
    .filter({ has: page.locator('dt code', { hasText: new RegExp(`^${name}$`) }) })
    .locator('dd');
}

/** The enabled button of the simulation whose name matches (the first, when several do). */
export function simButton(page: Page, name: RegExp): Locator {
  return panels(page).getByRole('button', { name, disabled: false }).first();
}

/**
 * One step by a click: the enabled button of the simulation whose name matches, then the wait
 * until the machine took it (the page's link names every step, so it changes with each one).
 */
export async function clickStep(page: Page, name: RegExp): Promise<void> {
  const before = await page.evaluate(() => window.location.hash);
  await simButton(page, name).click();
  await expect.poll(() => page.evaluate(() => window.location.hash)).not.toBe(before);
}

/** 'Deshacer': back to the state before the last step. */
export async function undo(page: Page): Promise<void> {
  const before = await page.evaluate(() => window.location.hash);
  await page.getByRole('button', { name: 'Deshacer' }).click();
  await expect.poll(() => page.evaluate(() => window.location.hash)).not.toBe(before);
}
