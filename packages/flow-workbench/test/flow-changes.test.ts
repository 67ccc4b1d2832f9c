import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_ENV, chooseBase, flowChanges } from '../src/vite/flow-changes';
import { flows } from './fixtures/catalogue';
import { FlowsDiffError } from '../src/diff/trees';

let repo: string;
const git = (...args: string[]) => {
  const run = spawnSync('git', ['-C', repo, ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Prueba',
      GIT_AUTHOR_EMAIL: 'prueba@example.com',
      GIT_COMMITTER_NAME: 'Prueba',
      GIT_COMMITTER_EMAIL: 'prueba@example.com',
    },
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout.trim();
};

beforeAll(() => {
  repo = realpathSync(mkdtempSync(path.join(tmpdir(), 'flow-changes-test-')));
  git('init', '--quiet', '--initial-branch', 'trabajo');
  writeFileSync(path.join(repo, 'README.md'), 'Prueba.\n');
  git('add', '.');
  git('commit', '--quiet', '-m', 'Primero');
});

afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe('the base the explorer compares with', () => {
  it('is none when the variable is unset, empty or says no, even with a main branch', () => {
    git('branch', 'antes');
    expect(chooseBase(repo, {})).toBeNull();
    expect(chooseBase(repo, { [BASE_ENV]: '' })).toBeNull();
    expect(chooseBase(repo, { [BASE_ENV]: 'no' })).toBeNull();
  });

  it('`main...` is the merge base with main, and none without a main branch', () => {
    expect(chooseBase(repo, { [BASE_ENV]: 'main...' })).toBeNull();
    const head = git('rev-parse', 'HEAD');
    git('branch', 'main');
    writeFileSync(path.join(repo, 'README.md'), 'Prueba, segunda versión.\n');
    git('commit', '--quiet', '-am', 'Segundo');
    expect(chooseBase(repo, { [BASE_ENV]: 'main...' })).toEqual({
      ref: 'main',
      commit: head,
      mergeBase: true,
    });
  });

  it('is the ref asked for, and a ref that does not exist is a Spanish error', () => {
    expect(chooseBase(repo, { [BASE_ENV]: 'main' })?.commit).toBe(git('rev-parse', 'main'));
    expect(() => chooseBase(repo, { [BASE_ENV]: 'no-existe' })).toThrow(
      new FlowsDiffError(
        'La referencia «no-existe» no existe en este repositorio (ni rama, ni etiqueta, ni commit).',
      ),
    );
  });

  it('compares nothing when the code is the base itself, unchanged', async () => {
    const lines: string[] = [];
    const head = git('rev-parse', 'HEAD');
    const changes = await flowChanges({
      dir: repo,
      flows,
      catalogues: ['catalogue.ts'],
      env: { [BASE_ENV]: 'HEAD' },
      log: (line) => lines.push(line),
    });
    expect(changes).toBeNull();
    expect(lines).toEqual([
      `Flujos: comparados con HEAD (${head.slice(0, 7)}): es el mismo código, sin cambios que mostrar.`,
    ]);
  });

  it('reads no git unless asked, and says why nothing is compared outside git', async () => {
    const lines: string[] = [];
    const outside = realpathSync(mkdtempSync(path.join(tmpdir(), 'flow-changes-sin-git-')));
    try {
      const options = {
        flows,
        catalogues: ['catalogue.ts'] as const,
        log: (line: string) => lines.push(line),
      };
      expect(await flowChanges({ ...options, dir: outside, env: {} })).toBeNull();
      expect(lines).toEqual([]);
      expect(await flowChanges({ ...options, dir: outside, env: { [BASE_ENV]: 'main...' } })).toBeNull();
      expect(lines).toEqual(['Flujos: sin git aquí, nada que comparar con main...']);
      await expect(flowChanges({ ...options, dir: outside, env: { [BASE_ENV]: 'main' } })).rejects.toThrow(
        FlowsDiffError,
      );
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
