/**
 * The flow explorer is axe clean and never scrolls sideways at 360×740 and at 1366×768: the index,
 * and every flow's page with the panels a product owner reads filled in: QA's browser run (the
 * fixture run of tests/e2e/fixtures/qa-run, the payment's), the 'Pruebas de mutación' panel (the
 * same run's summary: the payment's survivors; the other flows say they have no run yet), the real
 * visitors (every state and every other transition counted, and an older version of the flow to
 * compare), then after a step of the simulation and with a state selected. (The chart of changes
 * needs a build that compares with a base: flujos-cambios.spec.ts checks it.)
 *
 * One page load per flow and width; the payment's page also with a QA path's screenshots open. In
 * the index's QA lines and the QA and mutation panels no text is cut off, no word is split across
 * lines and no quote or sign is left alone on one.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { flows } from '../../workbench/catalogue';
import { flowVersions } from '@tienda/flow-workbench/behaviour';
import { machineGraph } from '@tienda/flow-workbench/kit';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/page-checks';
import { serveFlowCounts, type FlowCountsFixture } from './support/flow-counts';
import { openFlow, panels } from './support/explorer';

const FIXTURES = path.join(import.meta.dirname, 'fixtures/qa-run');

const WIDTHS = [
  { width: 360, height: 740 },
  { width: 1366, height: 768 },
] as const;

/**
 * Visitors on every flow: each state counted (fewer the later it is listed, some under the
 * threshold that hides small counts), every other transition taken, the rest never taken in the period.
 */
const COUNTS: FlowCountsFixture = {
  flujos: flows.flatMap((flow) => {
    const { states, transitions } = machineGraph(flow.machine);
    return [
      {
        flujo: flow.machine.id,
        version: flowVersions(process.cwd())[flow.machine.id]!,
        primerDia: '2026-11-27',
        ultimoDia: '2026-11-30',
        estados: Object.fromEntries(states.map((id, i) => [id, i % 5 === 4 ? 3 : 1200 - i * 20])),
        transiciones: Object.fromEntries(
          transitions.filter((_, i) => i % 2 === 0).map((key, i) => [key, 900 - i * 10]),
        ),
      },
      // An older version in the same period: the panel compares the versions in a table.
      {
        flujo: flow.machine.id,
        version: '0badc0de',
        primerDia: '2026-11-24',
        ultimoDia: '2026-11-26',
        estados: Object.fromEntries(states.map((id, i) => [id, 200 - i * 5])),
        transiciones: {},
      },
    ];
  }),
};

/** QA's browser run and the mutation run, from the fixtures, in place of the build's. */
async function serveRuns(page: Page) {
  await page.route('**/flujos/artefactos/**', async (route) => {
    const name = decodeURIComponent(new URL(route.request().url()).pathname.split('/artefactos/')[1] ?? '');
    const file = path.join(FIXTURES, name);
    if (!existsSync(file)) return route.fulfill({ status: 404, body: 'No encontrado.' });
    return route.fulfill({ path: file });
  });
  await page.route('**/flujos/mutacion.json', (route) =>
    route.fulfill({ path: path.join(FIXTURES, 'mutacion.json') }),
  );
  await serveFlowCounts(page, () => COUNTS);
}

async function expectClean(page: Page, what: string) {
  await expectNoAxeViolations(page, what);
  await expectNoHorizontalScroll(page, what);
}

/**
 * Text that the box around it cuts off: an element whose content is wider or taller than the box
 * while its overflow hides the rest (an ellipsis needs a hidden overflow too).
 */
async function expectNothingClipped(page: Page, selector: string, what: string) {
  const clipped = await page.locator(selector).evaluateAll((roots) => {
    const out: string[] = [];
    for (const root of roots)
      for (const el of [root, ...root.querySelectorAll<HTMLElement>('*')]) {
        const style = getComputedStyle(el);
        const hides = (o: string) => o !== 'visible';
        const cutX = hides(style.overflowX) && el.scrollWidth > el.clientWidth + 1;
        const cutY = hides(style.overflowY) && el.scrollHeight > el.clientHeight + 1;
        const scrolls = (o: string) => o === 'auto' || o === 'scroll';
        // A box that scrolls shows the rest on demand; one that hides it does not.
        if ((cutX && !scrolls(style.overflowX)) || (cutY && !scrolls(style.overflowY)))
          out.push(
            `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} «${el.textContent?.slice(0, 60)}»`,
          );
      }
    return out;
  });
  expect(clipped, `text cut off: ${what}`).toEqual([]);
}

/**
 * The text reads as text: no word is split across two lines (a box so narrow that
 * `overflow-wrap: anywhere` cuts it), and no quote, bracket, sign or separator stands alone at
 * the edge of a line, away from the word it belongs to (which a button beside it, laid out as one
 * box, does when its text wraps, and a plain space before a '%' or a '·' allows).
 */
async function expectTextReadable(page: Page, selector: string, what: string) {
  const problems = await page.locator(selector).evaluateAll((roots) => {
    const out: string[] = [];
    const sameLine = (a: DOMRect, b: DOMRect) => a.top < b.bottom - 2 && b.top < a.bottom - 2;
    for (const root of roots) {
      const tokens: { text: string; rects: DOMRect[]; code: boolean }[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent?.checkVisibility() || parent.closest('pre, select, option, svg')) continue;
        // A line of code breaks where it must (an expression longer than the panel): it is only
        // the neighbour of the prose around it.
        const code = parent.closest('code') !== null;
        // A word may end a line at its hyphen.
        for (const match of (node.textContent ?? '').matchAll(/[^\s-]+-*|-+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          if (rects.length > 0) tokens.push({ text: match[0], rects, code });
        }
      }
      tokens.forEach((token, i) => {
        if (token.code) return;
        const first = token.rects[0]!;
        const last = token.rects.at(-1)!;
        if (!sameLine(first, last)) out.push(`«${token.text}» is split across lines`);
        if (!/^[\p{P}\p{S}]+$/u.test(token.text)) return;
        const opening = /^[«(¿¡“[{✓✗]+$/u.test(token.text);
        const neighbour = opening ? tokens[i + 1]?.rects[0] : tokens[i - 1]?.rects.at(-1);
        if (neighbour && !sameLine(opening ? last : first, neighbour))
          out.push(`«${token.text}» alone on a line, after «${tokens[i - 1]?.text ?? ''}»`);
      });
    }
    return out;
  });
  expect(problems, `text that does not read: ${what}`).toEqual([]);
}

/** No element of these is wider than the viewport or starts or ends outside it. */
async function expectWithinViewport(page: Page, selector: string, what: string) {
  const width = page.viewportSize()?.width ?? 0;
  const outside = await page.locator(selector).evaluateAll(
    (roots, vw) =>
      roots
        .flatMap((root) => [root, ...root.querySelectorAll<HTMLElement>('*')])
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && (r.left < -1 || r.right > vw + 1);
        })
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} «${el.textContent?.slice(0, 60)}»`,
        ),
    width,
  );
  expect(outside, `outside the ${width} px viewport: ${what}`).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await serveRuns(page);
});

for (const viewport of WIDTHS) {
  const at = `at ${viewport.width} px`;
  test.describe(`flow explorer ${at}`, () => {
    test.use({ viewport });

    test(`the index with QA, mutation and visitors' figures, ${at}`, async ({ page }) => {
      await page.goto('/flujos/');
      const qa = page.locator('.card-qa');
      await expect(qa).toHaveCount(flows.length);
      await expect(qa.filter({ hasText: 'pasaron sus 10 recorridos' })).toHaveCount(1);
      await expect(qa.filter({ hasText: '91,5 %' })).toHaveCount(1);
      await expect(page.locator('.card-visits').first()).toBeVisible();
      await expectClean(page, `the index ${at}`);
      await expectWithinViewport(page, '.card', `the index's cards ${at}`);
      await expectNothingClipped(page, '.card', `the index's cards ${at}`);
      await expectTextReadable(page, '.card-qa', `the index's QA lines ${at}`);
    });

    for (const flow of flows) {
      test(`${flow.slug}: its panels, a step and a state selected, ${at}`, async ({ page }) => {
        // As a product owner opens it: the wizard on its steps, the others fitted or folded.
        await openFlow(page, `#/${flow.slug}`, { opening: true });
        const mutation = page.getByRole('region', { name: 'Pruebas de mutación' });
        const qa = page.getByRole('region', { name: 'Corrida de QA en el navegador' });
        const visits = page.getByRole('region', { name: 'Visitantes reales' });
        await expect(mutation).not.toContainText('Buscando');
        await expect(qa).not.toContainText('Buscando');
        await expect(visits.getByRole('table')).toBeVisible();
        await expect(page.locator('.visits-mark').first()).toBeVisible();
        if (flow.slug === 'payment') {
          await expect(qa).toContainText('Estados cubiertos');
          await expect(mutation.locator('[data-survivor]')).toHaveCount(2);
        }
        // axe runs once per load, below, on the page with the most in it (a step taken, a state
        // selected, every panel filled): a second run here took a quarter of the spec's time.
        await expectNoHorizontalScroll(page, `${flow.slug} with its panels ${at}`);

        // A step of the simulation, then a state selected on the chart (one the step did not enter).
        const step = panels(page).locator('.sim-panel > ul.buttons > li > button.event:enabled').first();
        if ((await step.count()) > 0) {
          const before = await page.evaluate(() => window.location.hash);
          await step.click();
          await expect.poll(() => page.evaluate(() => window.location.hash)).not.toBe(before);
        }
        const other = page.locator('[data-state-id][role="button"]:not([data-active="true"])').last();
        // A click in the middle of a chart drawn smaller than its boxes can land on a child box;
        // the click is the chart's own handler either way.
        await other.dispatchEvent('click');
        await expect(other).toHaveAttribute('aria-pressed', 'true');
        await expect(page.getByRole('region', { name: 'Estado seleccionado' })).toBeVisible();
        if (flow.slug === 'payment') {
          // A QA path's screenshots, open under it.
          const shots = qa.locator('.qa-path').nth(3).getByText('Capturas que tomó');
          await shots.click();
          await expect(qa.getByRole('button', { name: /Agradecimiento/ }).first()).toBeVisible();
        }
        await expectClean(page, `${flow.slug} after a step, with a state selected ${at}`);
        await expectWithinViewport(page, '.machine-panels', `${flow.slug}'s panels ${at}`);
        await expectNothingClipped(page, '.mutation-panel, .qa-panel', `${flow.slug}'s QA panels ${at}`);
        await expectTextReadable(page, '.mutation-panel, .qa-panel', `${flow.slug}'s QA panels ${at}`);
      });
    }
  });
}
