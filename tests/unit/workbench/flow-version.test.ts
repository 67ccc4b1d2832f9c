/**
 * A flow's version is its behaviour (issue #52): it changes when anything a visitor or a test
 * could notice changes, and only then. Each case copies the site's sources, makes one change,
 * and compares every flow's version with the untouched copy's.
 */
import { cpSync, globSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { format } from 'prettier';
import { afterAll, describe, expect, it } from 'vitest';
import { flowVersions, machineFiles, machineIdsIn } from '@tienda/flow-workbench/behaviour';
import { flows } from '../../../src/flows/catalogue';
import { readSummary } from '../../../scripts/mutation-summary';
import {
  OLDER_VERSION_NOTICE,
  flowMutation,
  mutatedVersions,
  staleness,
} from '@tienda/flow-workbench/generators';

const ROOT = process.cwd();
const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the site's src/ to change. */
function copyOfSite(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'flow-version-'));
  copies.push(dir);
  cpSync(path.join(ROOT, 'src'), path.join(dir, 'src'), { recursive: true });
  return dir;
}

function edit(dir: string, file: string, change: (text: string) => string): void {
  const full = path.join(dir, file);
  const before = readFileSync(full, 'utf8');
  const after = change(before);
  expect(after, `the change to ${file} changed nothing`).not.toBe(before);
  writeFileSync(full, after);
}

/** The flows whose version differs between two sites. */
function changed(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(before)
    .filter((id) => before[id] !== after[id])
    .sort();
}

const today = flowVersions(ROOT);

describe('a flow version', () => {
  it('names every flow of the catalogue, from the file the catalogue says holds it', () => {
    for (const flow of flows) {
      expect(today[flow.machine.id], flow.machine.id).toMatch(/^[0-9a-f]{8}$/);
      expect(machineIdsIn(readFileSync(path.join(ROOT, flow.source), 'utf8')), flow.source).toContain(
        flow.machine.id,
      );
    }
    expect(Object.keys(today).sort()).toEqual(flows.map((f) => f.machine.id).sort());
  });

  it("is new when the referral banner hides after 8 s instead of 12 s, and only the banner's", () => {
    const dir = copyOfSite();
    edit(dir, 'src/domain/constants.ts', (text) =>
      text.replace(/REFERRAL_BANNER_HIDE_DELAY_MS = [\d_]+;/, 'REFERRAL_BANNER_HIDE_DELAY_MS = 8000;'),
    );
    expect(changed(today, flowVersions(dir))).toEqual(['referralBanner']);
  });

  it("is new when a guard's rule in a domain module changes, for the flows that read it", () => {
    const dir = copyOfSite();
    edit(dir, 'src/domain/wizard-options.ts', (text) =>
      text.replace(
        /export function isSituation\(([^)]*)\)[^{]*\{/,
        (head) => `${head}\n  if (Math.random() > 2) return false;`,
      ),
    );
    expect(changed(today, flowVersions(dir))).toEqual(['leadWizard']);
  });

  it('is new when a transition gets another target, and when a child machine changes', () => {
    const dir = copyOfSite();
    edit(dir, 'src/flows/notification/notification.machine.ts', (text) =>
      text.replace("target: 'held'", "target: 'counting'"),
    );
    // The newsletter runs the notification as its child: its visitors see the change too.
    expect(changed(today, flowVersions(dir))).toEqual(['newsletter', 'notification']);
  });

  it('stays the same when every flow and domain module is reformatted, commented and reordered', async () => {
    const dir = copyOfSite();
    const files = globSync('src/{flows,domain}/**/*.ts', { cwd: dir });
    expect(files).toEqual(expect.arrayContaining(machineFiles(dir)));
    for (const file of files) {
      const full = path.join(dir, file);
      const text = readFileSync(full, 'utf8');
      // Another style altogether: double quotes, no semicolons, no trailing commas, short lines.
      let reformatted = await format(text, {
        parser: 'typescript',
        singleQuote: false,
        semi: false,
        trailingComma: 'none',
        printWidth: 50,
        arrowParens: 'avoid',
        quoteProps: 'consistent',
      });
      reformatted = `// A comment that explains nothing new.\n${reformatted}\n/* and one at the end */\n`;
      writeFileSync(full, reformatted);
    }
    // Top-level declarations in another order.
    edit(dir, 'src/domain/constants.ts', (text) => {
      const blocks = text.split(/\n(?=export )/);
      return [blocks[0], ...blocks.slice(1).reverse()].join('\n');
    });
    expect(flowVersions(dir)).toEqual(today);
  });

  it('refuses to guess when a machine reads a module it cannot read', () => {
    const dir = copyOfSite();
    writeFileSync(path.join(dir, 'src/domain/limits.json'), '{ "max": 3 }\n');
    edit(dir, 'src/flows/notification/notification.machine.ts', (text) =>
      text.replace(
        "import { setup } from 'xstate';",
        "import { setup } from 'xstate';\nimport limits from '../../domain/limits.json';\nexport const MAX = limits.max;",
      ),
    );
    expect(() => flowVersions(dir)).toThrow(/cannot read \S*src\/domain\/limits\.json/);
  });

  it("stays the same when a state's description for product owners is reworded", () => {
    const dir = copyOfSite();
    edit(dir, 'src/flows/referral-banner/referral-banner.machine.ts', (text) =>
      text.replace("description: 'La franja todavía no se ve.'", "description: 'La franja aún no aparece.'"),
    );
    expect(flowVersions(dir)).toEqual(today);
  });

  it('is new when a visible message a machine puts on screen changes', () => {
    const dir = copyOfSite();
    edit(dir, 'src/domain/payment-messages.ts', (text) => text.replace(/(MESSAGE\s*=\s*\n?\s*['"`])/, '$1¡'));
    expect(changed(today, flowVersions(dir))).toContain('payment');
  });
});

describe('what the explorer shows of the referral banner after its 12 s become 8 s', () => {
  const dir = copyOfSite();
  edit(dir, 'src/domain/constants.ts', (text) =>
    text.replace(/REFERRAL_BANNER_HIDE_DELAY_MS = [\d_]+;/, 'REFERRAL_BANNER_HIDE_DELAY_MS = 8000;'),
  );
  const changedVersion = flowVersions(dir).referralBanner!;
  const build = { commit: null, date: null, dirty: false };

  it("marks QA's run of today's code as of an older version, until it is run again", () => {
    // QA's browser run writes the version of the code it ran (tests/e2e/model/support/results.ts).
    const results = { graph: today.referralBanner!, commit: '', date: '', dirty: false } as Parameters<
      typeof staleness
    >[0];
    expect(staleness(results, changedVersion, build)).toEqual([
      expect.stringContaining(OLDER_VERSION_NOTICE),
    ]);
    expect(staleness({ ...results, graph: changedVersion }, changedVersion, build)).toEqual([]);
  });

  it('marks the mutation score kept in the summary as of an older version', () => {
    const mutation = flowMutation('referralBanner', readSummary());
    expect(mutation?.machine).toBeDefined();
    expect(mutatedVersions(mutation!, 'referralBanner', today.referralBanner!)).toEqual([]);
    expect(mutatedVersions(mutation!, 'referralBanner', changedVersion)).toEqual([today.referralBanner]);
  });
});
