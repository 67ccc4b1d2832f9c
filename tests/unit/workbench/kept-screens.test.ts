/**
 * The earlier versions' screenshots that a browser model run keeps for the chart of changes
 * (tests/e2e/model/support/kept-screens.ts): what moves aside, what is dropped, and the bound.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEPT_VERSIONS, keepEarlierScreens, pruneVersions } from '../../e2e/model/support/kept-screens';

const BASE = '0badc0de';
const NOW = '1a2b3c4d';
let dir: string;

function write(file: string, content = 'png') {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

const at = (...parts: string[]) => path.join(dir, ...parts);
const list = (...parts: string[]) => (existsSync(at(...parts)) ? readdirSync(at(...parts)).sort() : []);
const run = (graph: string, date: string) => ({ graph, date, commit: 'abc1234' });

/** A run of today's version, after one of the base: the base's two screenshots, and only them, are kept. */
function keepBaseDuringRunOfNow(date: string) {
  keepEarlierScreens(dir, 'leadWizard', run(BASE, date), { graph: NOW, tookScreens: true });
  expect(list('versions/leadWizard')).toEqual([BASE]);
  expect(list('versions/leadWizard', BASE, 'screens')).toEqual([
    'leadWizard.steps-1280.png',
    'leadWizard.steps-360.png',
  ]);
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kept-screens-'));
  write(at('screens/leadWizard/leadWizard.steps-360.png'), 'base 360');
  write(at('screens/leadWizard/leadWizard.steps-1280.png'), 'base 1280');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("a run's earlier screenshots", () => {
  it('are kept under their version when this run is of another one, with the run that took them', () => {
    keepBaseDuringRunOfNow('2026-12-01T10:00:00.000Z');
    expect(readFileSync(at('versions/leadWizard', BASE, 'screens/leadWizard.steps-360.png'), 'utf8')).toBe(
      'base 360',
    );
    expect(JSON.parse(readFileSync(at('versions/leadWizard', BASE, 'run.json'), 'utf8'))).toEqual(
      run(BASE, '2026-12-01T10:00:00.000Z'),
    );
    expect(existsSync(at('screens/leadWizard'))).toBe(false);
  });

  it('are dropped when this run photographed the same version again', () => {
    keepEarlierScreens(dir, 'leadWizard', run(NOW, '2026-12-01T10:00:00.000Z'), {
      graph: NOW,
      tookScreens: true,
    });
    expect(existsSync(at('versions'))).toBe(false);
    // Left for the caller, which replaces screens/ with this run's.
    expect(list('screens/leadWizard')).toHaveLength(2);
  });

  it('are kept when this run of the same version took none (a run without FLOWS_SCREENS)', () => {
    keepEarlierScreens(dir, 'leadWizard', run(NOW, '2026-12-01T10:00:00.000Z'), {
      graph: NOW,
      tookScreens: false,
    });
    expect(list('versions/leadWizard', NOW, 'screens')).toHaveLength(2);
  });

  it('replace an older copy of their version, and a kept copy of the version photographed now goes', () => {
    write(at('versions/leadWizard', BASE, 'screens/leadWizard.gone-360.png'));
    write(at('versions/leadWizard', NOW, 'screens/leadWizard.steps-360.png'), 'older now');
    keepBaseDuringRunOfNow('2026-12-02T10:00:00.000Z');
  });

  it('are not kept without a version to file them under, nor when there were none', () => {
    keepEarlierScreens(dir, 'leadWizard', undefined, { graph: NOW, tookScreens: true });
    keepEarlierScreens(dir, 'leadWizard', run('', '2026-12-01T10:00:00.000Z'), {
      graph: NOW,
      tookScreens: true,
    });
    keepEarlierScreens(dir, 'leadWizard', run('../../x', '2026-12-01T10:00:00.000Z'), {
      graph: NOW,
      tookScreens: true,
    });
    expect(existsSync(at('versions'))).toBe(false);
    rmSync(at('screens'), { recursive: true });
    keepEarlierScreens(dir, 'leadWizard', run(BASE, '2026-12-01T10:00:00.000Z'), {
      graph: NOW,
      tookScreens: true,
    });
    expect(existsSync(at('versions'))).toBe(false);
  });
});

describe('the kept versions', () => {
  it(`are the ${KEPT_VERSIONS} whose run was made last; one without a readable date goes first`, () => {
    const versions = at('versions/leadWizard');
    const kept = (name: string, date: unknown) => {
      write(path.join(versions, name, 'screens/leadWizard-360.png'));
      write(path.join(versions, name, 'run.json'), JSON.stringify({ graph: name, date }));
    };
    const names = Array.from({ length: KEPT_VERSIONS + 1 }, (_, i) => `0000000${i}`);
    // Made in reverse order of their names: the first name is the newest.
    names.forEach((name, i) => kept(name, `2026-11-${String(20 - i).padStart(2, '0')}T10:00:00.000Z`));
    kept('ffffffff', 'not a date');
    write(path.join(versions, 'notes.txt'), 'not a version');
    pruneVersions(versions);
    expect(list('versions/leadWizard')).toEqual([...names.slice(0, KEPT_VERSIONS), 'notes.txt']);
  });

  it('take their folder with them when none is left', () => {
    write(at('versions/leadWizard', BASE, 'screens/leadWizard-360.png'));
    pruneVersions(at('versions/leadWizard'), 0);
    expect(existsSync(at('versions/leadWizard'))).toBe(false);
  });
});
