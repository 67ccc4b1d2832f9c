/**
 * The release as an operator gets it: the tarball alone, unpacked in an empty temporary folder with
 * nothing installed beside it, started with `node dist/node/server.js` on SQLite and on a throwaway
 * PostgreSQL server. Packages the existing build (builds first only when there is none).
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port';
import { createDatabase, startPostgres, type PostgresServer } from '../../scripts/throwaway-postgres';
import { validBody } from '../api/helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUILD_FILES = ['dist/client/routes-manifest.json', 'dist/flujos/index.html', 'dist/node/server.js'];

let work = '';
let release = '';

beforeAll(() => {
  if (!BUILD_FILES.every((file) => existsSync(path.join(ROOT, file)))) {
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }
  work = mkdtempSync(path.join(tmpdir(), 'site-release-'));
  const out = path.join(work, 'out');
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/release.ts', '--out', out], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const { name, version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  const unpacked = path.join(work, 'unpacked');
  mkdirSync(unpacked);
  execFileSync('tar', ['--extract', '--gzip', '--file', path.join(out, `${name}-${version}.tar.gz`)], {
    cwd: unpacked,
  });
  // Only the tarball's content may serve the server.
  rmSync(out, { recursive: true, force: true });
  release = path.join(unpacked, `${name}-${version}`);
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

interface Running {
  base: string;
  child: ChildProcess;
  env: Record<string, string>;
  output(): string;
}

/** The environment an operator's service gives it: no NODE_OPTIONS, no loader, no NODE_PATH. */
function cleanEnv(extra: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: work, LOG_LEVEL: 'info', ...extra };
}

async function startRelease(storageEnv: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const env = cleanEnv({ PORT: String(port), HOST: '127.0.0.1', ...storageEnv });
  const child = spawn(process.execPath, ['dist/node/server.js'], { cwd: release, env, stdio: 'pipe' });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the release exited with ${child.exitCode}:\n${output}`);
    const up = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return { base, child, env, output: () => output };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the release did not answer in 20 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stop(running: Running): Promise<number | null> {
  if (running.child.exitCode !== null) return running.child.exitCode;
  const exited = new Promise<number | null>((resolve) => running.child.once('exit', (code) => resolve(code)));
  running.child.kill('SIGTERM');
  return exited;
}

/** Home page with its assets, the flow explorer, health, a lead (and its retry), and the export CLI. */
async function checkRelease(running: Running): Promise<void> {
  const { base } = running;
  const home = await fetch(`${base}/`);
  expect(home.status).toBe(200);
  expect(home.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await home.text();
  expect(html).toContain('<html lang="es"');
  const script = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script, 'the home page loads a script from /assets/').toBeDefined();
  const asset = await fetch(`${base}${script}`);
  expect(asset.status).toBe(200);
  expect(asset.headers.get('content-type')).toMatch(/javascript/);

  expect((await fetch(`${base}/flujos/`)).status).toBe(200);
  expect((await fetch(`${base}/no-existe`)).status).toBe(404);

  const health = await fetch(`${base}/api/health`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ estado: 'ok' });

  const post = () =>
    fetch(`${base}/api/prospectos/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'release-lead-1' },
      body: JSON.stringify(validBody()),
    });
  const created = await post();
  expect(created.status).toBe(201);
  const { id, estado } = (await created.json()) as { id: string; estado: string };
  expect(estado).toBe('nuevo');
  const retried = await post();
  expect(retried.headers.get('idempotent-replayed')).toBe('true');
  expect(((await retried.json()) as { id: string }).id).toBe(id);

  // The release's own CLI reads the same store while the server runs.
  const csv = execFileSync(process.execPath, ['dist/node/leads-export.js'], {
    cwd: release,
    env: running.env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  expect(csv.split('\n').filter((line) => line.includes(id))).toHaveLength(1);
}

function hasSystemdAnalyze(): boolean {
  return spawnSync('systemd-analyze', ['--version'], { stdio: 'ignore' }).status === 0;
}

it.skipIf(!hasSystemdAnalyze())(
  'the systemd unit of docs/deployment.md passes systemd-analyze verify',
  () => {
    const docs = readFileSync(path.join(ROOT, 'docs/deployment.md'), 'utf8');
    const unit = /```ini\n(\[Unit\][\s\S]*?)```/.exec(docs)?.[1];
    expect(unit, 'an ini block starting with [Unit]').toBeDefined();
    const dir = mkdtempSync(path.join(tmpdir(), 'site-unit-'));
    try {
      const file = path.join(dir, 'sitio@4173.service');
      writeFileSync(file, unit ?? '');
      const result = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
      // It exits 0 on unknown keys and bad values too, and only says so.
      expect(`${result.stdout}${result.stderr}`.trim()).toBe('');
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

describe('the release tarball, unpacked with nothing installed', () => {
  it('has no node_modules above it and carries no client library or build tool', () => {
    for (let dir = path.dirname(release); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      expect(existsSync(path.join(dir, 'node_modules')), `${dir}/node_modules`).toBe(false);
    }
    for (const absent of ['react', 'react-dom', 'xstate', 'vite', 'typescript', 'tsx', 'dist/server']) {
      const where = absent.startsWith('dist/') ? absent : `node_modules/${absent}`;
      expect(existsSync(path.join(release, where)), where).toBe(false);
    }
  });

  it('serves the site and stores leads on SQLite', async () => {
    const running = await startRelease({ DB_FILE: path.join(work, 'data', 'site.db') });
    try {
      expect(running.output()).toContain('"storage":"SQLite ');
      await checkRelease(running);
    } finally {
      expect(await stop(running)).toBe(0);
    }
  });

  describe('on PostgreSQL', () => {
    let server: PostgresServer | undefined;
    let adminUrl = process.env.TEST_DATABASE_URL?.trim() ?? '';
    let skip = process.env.TEST_POSTGRES === 'off' ? 'TEST_POSTGRES=off' : '';

    beforeAll(async () => {
      if (adminUrl || skip) return;
      const started = await startPostgres({ fast: true });
      if (started.ok) {
        server = started.server;
        adminUrl = server.adminUrl;
      } else {
        skip = started.reason;
        console.warn(`\n[release] PostgreSQL check SKIPPED: ${skip}\n`);
      }
    });
    afterAll(() => server?.stop());

    it('serves the site and stores leads on PostgreSQL', async (context) => {
      if (skip) context.skip(`PostgreSQL not available: ${skip}`);
      const running = await startRelease({ DATABASE_URL: await createDatabase(adminUrl, 'site_release') });
      try {
        expect(running.output()).toContain('"storage":"PostgreSQL ');
        await checkRelease(running);
      } finally {
        expect(await stop(running)).toBe(0);
      }
    });
  });
});
