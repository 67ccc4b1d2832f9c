/**
 * An explorer built against a base where one flow differs, for the e2e test of the chart of
 * changes: a throwaway commit whose catalogue is this code's with the wizard's step 1 as it could
 * have been before the rules check (./older-wizard.ts), the explorer
 * built into a temporary folder with FLOWS_DIFF_BASE set to it, and served by the server's own
 * explorer plugin. The commit and its objects live in the temporary folder (git reads the
 * repository's own objects as alternates): the repository is left as it was.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { flowsExplorerPlugin } from '../../../server/flows-explorer';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CATALOGUE = 'src/flows/catalogue.ts';
const ACTUAL = 'src/flows/catalogue-actual.ts';

/** The base's catalogue: the real one with the older wizard (./older-wizard.ts) in its place. */
const OLDER_WIZARD_CATALOGUE = `/* The base of the explorer's e2e test of a flow change (tests/e2e/support/flow-change-build.ts). */
import { flows as actual } from './catalogue-actual';
import { olderWizard } from '../../tests/e2e/support/older-wizard';

// No machine file: the older wizard is made in code, so its version is its graph's signature.
export const flows = actual.map((f) =>
  f.slug === 'lead-wizard' ? { ...f, source: undefined, machine: olderWizard(f.machine) } : f,
);
`;

function git(args: string[], env: NodeJS.ProcessEnv = process.env, input?: string): string {
  const run = spawnSync('git', ['-C', ROOT, ...args], { encoding: 'utf8', env, input });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
  return run.stdout.trim();
}

export interface Base {
  commit: string;
  /** What git needs to find the commit (its objects are in `dir`). */
  env: NodeJS.ProcessEnv;
}

/**
 * A commit of this working tree with the older wizard, written into `dir` (through a temporary
 * index and object folder: the repository's own index and objects are left alone).
 */
export function commitOlderWizard(dir: string): Base {
  const objects = path.join(dir, 'objects');
  mkdirSync(objects, { recursive: true });
  const own = git(['rev-parse', '--path-format=absolute', '--git-common-dir']);
  const base = {
    GIT_OBJECT_DIRECTORY: objects,
    GIT_ALTERNATE_OBJECT_DIRECTORIES: path.join(own, 'objects'),
  };
  const index = mkdtempSync(path.join(tmpdir(), 'flow-change-index-'));
  try {
    const env = {
      ...process.env,
      ...base,
      GIT_INDEX_FILE: path.join(index, 'index'),
      GIT_AUTHOR_NAME: 'Prueba',
      GIT_AUTHOR_EMAIL: 'prueba@example.com',
      GIT_COMMITTER_NAME: 'Prueba',
      GIT_COMMITTER_EMAIL: 'prueba@example.com',
    };
    git(['read-tree', 'HEAD'], env);
    git(['add', '--all'], env);
    const blob = (text: string) => git(['hash-object', '-w', '--stdin'], env, text);
    const actual = blob(readFileSync(path.join(ROOT, CATALOGUE), 'utf8'));
    const older = blob(OLDER_WIZARD_CATALOGUE);
    git(['update-index', '--add', '--cacheinfo', `100644,${actual},${ACTUAL}`], env);
    git(['update-index', '--add', '--cacheinfo', `100644,${older},${CATALOGUE}`], env);
    const tree = git(['write-tree'], env);
    const commit = git(
      ['commit-tree', tree, '-p', 'HEAD', '-m', 'Base for the e2e test of a flow change'],
      env,
    );
    return { commit, env: base };
  } finally {
    rmSync(index, { recursive: true, force: true });
  }
}

/** Builds the explorer against `base` into `<dir>/flujos` (the site's folder is then `<dir>/client`). */
export async function buildExplorer(base: Base, dir: string): Promise<void> {
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  const args = [
    vite,
    'build',
    '--configLoader',
    'runner',
    '--config',
    'workbench/vite.config.ts',
    '--outDir',
    path.join(dir, 'flujos'),
  ];
  const child = spawn(process.execPath, [...args, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: ROOT,
    env: { ...process.env, ...base.env, FLOWS_DIFF_BASE: base.commit },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`the explorer's build failed:\n${output}`);
  mkdirSync(path.join(dir, 'client'), { recursive: true });
}

/** Serves `<dir>/flujos` at /flujos/ (no QA artifacts); returns its origin and how to stop it. */
export async function serveExplorer(dir: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const app = Fastify();
  const artifacts = path.join(dir, 'no-artifacts');
  const was = process.env.FLOWS_ARTIFACTS_DIR;
  process.env.FLOWS_ARTIFACTS_DIR = artifacts;
  try {
    await app.register(flowsExplorerPlugin, { distDir: path.join(dir, 'client') });
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    return { origin, close: () => app.close() };
  } finally {
    if (was === undefined) delete process.env.FLOWS_ARTIFACTS_DIR;
    else process.env.FLOWS_ARTIFACTS_DIR = was;
  }
}
