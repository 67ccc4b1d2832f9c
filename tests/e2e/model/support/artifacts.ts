/**
 * What the browser model run leaves for the flow explorer (docs/testing.md, "Flow explorer
 * artifacts"): flows-artifacts/coverage.json and screens/<machine id>/<state id>-<width>.png.
 * Tests run in parallel workers, so each path writes a part file under parts/<run id>/ and the
 * coverage check merges the parts of its own run into coverage.json.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { choosePaths, type BrowserModel, type BrowserPath, type PathOutcome } from './browser-model';
import { withDueTimers } from './page';

export const ARTIFACTS_DIR = path.resolve(process.env.FLOWS_ARTIFACTS_DIR || 'flows-artifacts');
export const SCREEN_WIDTHS = [360, 1280] as const;
const SCREEN_HEIGHT = 800;
const PARTS_DIR = path.join(ARTIFACTS_DIR, 'parts');

/**
 * One id per Playwright run, shared by the runner and its workers (they inherit the environment
 * the configuration set when the runner loaded it).
 */
export function runId(): string {
  const id = process.env.BROWSER_MODEL_RUN_ID;
  if (!id) throw new Error('BROWSER_MODEL_RUN_ID is not set (playwright.config.ts sets it)');
  return id;
}

/**
 * The paths of a machine for this run: chosen once (the runner lists the tests first) and read back
 * by the workers and the coverage check, so the wizard's paths are generated once per run.
 */
export function pathsFor<F>(bm: BrowserModel<F>): BrowserPath[] {
  const dir = path.join(PARTS_DIR, runId());
  const file = path.join(dir, `paths-${bm.name}.json`);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as (Omit<BrowserPath, 'run'> & { run: string })[];
    return stored.map((p) => {
      const run = bm.model.runs.find((r) => r.label === p.run);
      if (!run) throw new Error(`${bm.name}: no run ${p.run}`);
      return { ...p, run };
    });
  }
  const paths = choosePaths(bm);
  mkdirSync(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(paths.map((p) => ({ ...p, run: p.run.label }))));
  renameSync(tmp, file);
  return paths;
}

export function writePart(machineId: string, pathId: string, outcome: PathOutcome): void {
  const dir = path.join(PARTS_DIR, runId());
  mkdirSync(dir, { recursive: true });
  const file = `${machineId}-${pathId.replace(/[^A-Za-z0-9_-]/g, '_')}.json`;
  writeFileSync(path.join(dir, file), JSON.stringify({ machine: machineId, ...outcome }));
}

export interface MachineCoverage {
  states: string[];
  transitions: string[];
}

/** The parts of this run merged per machine; the parts of earlier runs are removed. */
export function mergeParts(): Record<string, MachineCoverage> {
  const merged: Record<string, { states: Set<string>; transitions: Set<string> }> = {};
  let runs: string[] = [];
  try {
    runs = readdirSync(PARTS_DIR);
  } catch {
    return {};
  }
  for (const run of runs) {
    const dir = path.join(PARTS_DIR, run);
    if (run !== runId()) {
      rmSync(dir, { recursive: true, force: true });
      continue;
    }
    for (const file of readdirSync(dir)) {
      if (file.startsWith('paths-')) continue;
      const part = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as MachineCoverage & {
        machine: string;
      };
      const into = (merged[part.machine] ??= { states: new Set(), transitions: new Set() });
      for (const s of part.states) into.states.add(s);
      for (const t of part.transitions) into.transitions.add(t);
    }
  }
  return Object.fromEntries(
    Object.entries(merged).map(([id, c]) => [
      id,
      { states: [...c.states].sort(), transitions: [...c.transitions].sort() },
    ]),
  );
}

/** Writes coverage.json in the explorer's format (version 1, per machine id). */
export function writeCoverage(machines: Record<string, MachineCoverage>): void {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  writeFileSync(
    path.join(ARTIFACTS_DIR, 'coverage.json'),
    `${JSON.stringify({ version: 1, machines }, null, 2)}\n`,
  );
}

/** axe (wcag2a, wcag2aa, best-practice) on the page as it is: the violations, one line each. */
export async function axeViolations(page: Page, scope?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'best-practice']);
  if (scope) builder = builder.include(scope);
  const results = await builder.analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Whether the page scrolls sideways. */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.scrollingElement ?? document.documentElement;
    return el.scrollWidth > el.clientWidth;
  });
}

/**
 * At each width: the screenshot of the page in the states first reached at this step (one picture
 * per state id; states entered together show the same page), axe with zero violations in the part
 * of the page the machine renders and, at 360 px, no horizontal scrolling; then the viewport the
 * test had.
 */
export async function inspectStates(
  page: Page,
  machineId: string,
  stateIds: readonly string[],
  scope: string,
): Promise<void> {
  if (stateIds.length === 0) return;
  const original = page.viewportSize();
  const dir = path.join(ARTIFACTS_DIR, 'screens', machineId);
  mkdirSync(dir, { recursive: true });
  const label = stateIds.join(', ');
  try {
    for (const width of SCREEN_WIDTHS) {
      await page.setViewportSize({ width, height: SCREEN_HEIGHT });
      const png = await page.screenshot();
      for (const id of stateIds) writeFileSync(path.join(dir, `${id}-${width}.png`), png);
      expect(
        await withDueTimers(page, () => axeViolations(page, scope)),
        `axe in ${label} at ${width} px`,
      ).toEqual([]);
      if (width === 360)
        expect(await scrollsSideways(page), `${label} scrolls sideways at 360 px`).toBe(false);
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
}
