/**
 * Spanish for every word a product owner reads in the flow explorer (/flujos/): on the index and on
 * every flow's page, after a few clicks of the simulation (a step, an answer, a wait, the own-values
 * form and the context's form open), the text on screen outside what is marked for developers (an
 * element with `lang="en"`, a `code`, an element of class `secondary`) names none of the flows'
 * code names: state keys, event types, guard, action, actor and delay names, the fields of the
 * context and of the events' data (from the catalogue). No duration in ms, no raw backtick.
 *
 * A code name that is also a Spanish word the notes themselves use in their prose ('sector',
 * 'nombre') is not counted: the list of those is written to the test's output.
 */
import type { Page } from '@playwright/test';
import { createActor } from 'xstate';
import { expect, test } from './support/test';
import catalogue, { flows } from '../../workbench/catalogue';
import { allNodes, modelData } from '@tienda/flow-workbench/kit';
import { serveFlowCounts } from './support/flow-counts';
import { openFlow, panels } from './support/explorer';

test.use({ viewport: { width: 1366, height: 768 } });

test.beforeEach(async ({ page }) => {
  await serveFlowCounts(page);
});

/** Every code name of the catalogue's flows. */
function codeNames(): Set<string> {
  const names = new Set<string>();
  for (const flow of flows) {
    const machine = flow.machine;
    for (const node of allNodes(machine.root)) if (node !== machine.root) names.add(node.key);
    for (const kind of ['events', 'guards', 'actions', 'actors', 'delays'] as const)
      for (const name of Object.keys(flow.notes[kind])) names.add(name);
    for (const name of Object.keys(flow.notes.context ?? {})) names.add(name);
    try {
      const context = createActor(machine, { input: flow.exampleInput as never }).getSnapshot().context;
      for (const name of Object.keys((context ?? {}) as object)) names.add(name);
    } catch {
      // A machine that cannot start from its example input names its context in its notes.
    }
    for (const fields of Object.values(flow.notes.fields ?? {}))
      for (const name of Object.keys(fields)) names.add(name);
    const model = catalogue.models.find((m) => m.machine.id === machine.id);
    for (const event of model ? modelData(model, 60).events : [])
      if (!event.type.startsWith('xstate.'))
        for (const name of Object.keys(event)) if (name !== 'type') names.add(name);
  }
  return names;
}

/** The words of the notes' own Spanish prose (outside backticks), titles and descriptions. */
function proseWords(): Set<string> {
  const texts: string[] = [];
  const collect = (value: unknown) => {
    if (typeof value === 'string') texts.push(value.replace(/`[^`]*`/g, ' '));
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(collect);
  };
  for (const flow of flows) {
    collect([flow.title, flow.description, flow.notes]);
    for (const node of allNodes(flow.machine.root)) collect(node.description ?? '');
  }
  return new Set(texts.join(' ').match(/[\p{L}\p{N}_]+/gu) ?? []);
}

const CODE_NAMES = codeNames();
const SPANISH_TOO = [...CODE_NAMES].filter((name) => proseWords().has(name)).sort();
const CHECKED = new Set([...CODE_NAMES].filter((name) => !SPANISH_TOO.includes(name)));

/** The visible text of the page outside what is marked for developers, one string per text node. */
async function productOwnerTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (text === '' || !parent) continue;
      if (parent.closest('[lang="en"], code, .secondary, script, style, noscript, template')) continue;
      const select = parent.closest('select');
      const shown = select ? select.checkVisibility() : parent.checkVisibility();
      if (shown) out.push(text);
    }
    return out;
  });
}

/** The code names, durations in ms and backticks in what a product owner reads on the page. */
async function codeWordsOnScreen(page: Page): Promise<string[]> {
  const found = new Set<string>();
  for (const text of await productOwnerTexts(page)) {
    for (const token of text.match(/[\p{L}\p{N}_.]+/gu) ?? []) {
      const word = token.replace(/^\.+|\.+$/g, '');
      if (CHECKED.has(word)) found.add(`${word} (en «${text.slice(0, 80)}»)`);
    }
    for (const ms of text.match(/\b\d+ ms\b/g) ?? []) found.add(`${ms} (en «${text.slice(0, 80)}»)`);
    if (text.includes('`')) found.add(`\` (en «${text.slice(0, 80)}»)`);
  }
  return [...found];
}

/** Clicks the first enabled button that matches, when there is one; whether it clicked. */
async function clickFirst(page: Page, selector: string): Promise<boolean> {
  const button = panels(page).locator(selector).and(page.locator(':enabled')).first();
  if ((await button.count()) === 0) return false;
  const before = await page.evaluate(() => window.location.hash);
  await button.click();
  await expect.poll(() => page.evaluate(() => window.location.hash)).not.toBe(before);
  return true;
}

/** Opens a form of the simulation by its summary, when the page has it. */
async function openDetails(page: Page, summary: string) {
  const details = panels(page)
    .locator('details')
    .filter({ has: page.locator('summary', { hasText: summary }) });
  if ((await details.count()) > 0 && !(await details.first().evaluate((d) => (d as HTMLDetailsElement).open)))
    await details.first().locator('summary').click();
}

test.describe('flow explorer: Spanish for every word a product owner reads', () => {
  test('the index names no code name', async ({ page }) => {
    console.info(`[flujos-palabras] code names that are Spanish words too: ${SPANISH_TOO.join(', ')}`);
    await page.goto('/flujos/');
    await expect(page.getByRole('link').first()).toBeVisible();
    expect(await codeWordsOnScreen(page)).toEqual([]);
  });

  for (const flow of flows) {
    test(`${flow.slug}: after a step, an answer, a wait and the forms open, no code name`, async ({
      page,
    }) => {
      await openFlow(page, `#/${flow.slug}`);
      await clickFirst(page, '.sim-panel > ul.buttons > li > button.event');
      await clickFirst(page, '.sim-panel .calls button.answer');
      await clickFirst(page, '.sim-panel > ul.buttons > li > button:not(.event)');
      await openDetails(page, 'Probar con tus propios valores');
      await openDetails(page, 'Cambiar datos del contexto');
      await expect(page.getByRole('region', { name: 'Contexto' })).toBeVisible();
      expect(await codeWordsOnScreen(page)).toEqual([]);
    });
  }
});
