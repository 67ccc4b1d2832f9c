/**
 * The compiled server (`node dist/node/server.js`, what `npm run serve` and a deployment run) started
 * for real: with NODE_ENV=production on a build that carries the example settings it refuses, like a
 * production build, unless STAGING=1; and a port already taken is said in Spanish, without a stack.
 * The server is compiled here with its own Vite config (into dist/, beside the real build), so the
 * test runs this code even where `npm run build` has not run since it changed.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load';
import { sitePlaceholders } from '../../src/config/placeholders';
import { hashPassword } from '../../server/flows-login';

const ROOT = path.resolve(import.meta.dirname, '../..');
// Inside the project, so that the compiled server finds its packages in node_modules.
const OUT_DIR = path.join(ROOT, 'dist', `start-test-${process.pid}`);
const SERVER = path.join(OUT_DIR, 'server.js');
const EXAMPLES = sitePlaceholders(loadConfig({}), { testimonialsAreReal: false });

let work: string;
let distDir: string;

beforeAll(async () => {
  await build({
    configFile: path.join(ROOT, 'server/vite.config.ts'),
    configLoader: 'runner',
    logLevel: 'silent',
    build: { outDir: OUT_DIR, sourcemap: false },
  });
  work = mkdtempSync(path.join(tmpdir(), 'production-start-'));
  // A build made with the embedded examples: its manifest as the prerender writes it.
  distDir = path.join(work, 'client');
  mkdirSync(distDir);
  writeFileSync(path.join(distDir, '404.html'), '<!doctype html><title>No existe</title>');
  writeFileSync(
    path.join(distDir, 'routes-manifest.json'),
    JSON.stringify({ routes: {}, notFound: '404.html', thirdParties: {}, placeholders: EXAMPLES }),
  );
}, 60_000);

afterAll(() => {
  rmSync(OUT_DIR, { recursive: true, force: true });
  if (work) rmSync(work, { recursive: true, force: true });
});

interface Run {
  stdout(): string;
  stderr(): string;
  kill(): void;
  exited: Promise<number | null>;
}

/** `node server.js` with only the given settings beside PATH: what a service manager would run. */
function serve(env: Record<string, string>): Run {
  const child = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      DIST_DIR: distDir,
      DB_FILE: path.join(work, 'site.db'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { stdout: () => stdout, stderr: () => stderr, kill: () => child.kill('SIGTERM'), exited };
}

async function until(check: () => boolean, what: string, run: Run): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} did not happen:\n${run.stdout()}\n${run.stderr()}`);
}

describe('a production start on a build with example settings', () => {
  it('exits with code 2 and the Spanish list of examples, before opening the database', async () => {
    const run = serve({ NODE_ENV: 'production' });
    expect(await run.exited).toBe(2);
    const lines = run.stderr().trimEnd().split('\n');
    expect(lines[0]).toBe(
      `Inicio en producción rechazado: la compilación tiene ${EXAMPLES.length} valores de ejemplo.`,
    );
    for (const example of EXAMPLES) {
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^ {2}${example.where}\\s+`)));
    }
    expect(run.stderr()).toMatch(/VITE_VIDEO_EMBED_URL\s+video de la portada.*: sin definir/);
    expect(lines.at(-1)).toContain('STAGING=1');
    expect(run.stdout()).toBe('');
    expect(existsSync(path.join(work, 'site.db'))).toBe(false);
  });

  it('starts as a staging copy with STAGING=1, naming the examples, with the flow explorer off', async () => {
    const run = serve({ NODE_ENV: 'production', STAGING: '1' });
    try {
      await until(() => /-{78}[\s\S]*-{78}/.test(run.stderr()), 'the start-up block', run);
      const base = /Sitio: (http:\/\/\S+)\//.exec(run.stderr())?.[1];
      expect(base).toBeDefined();
      // The two streams arrive apart: the log line may come a moment after the start-up block.
      await until(() => run.stdout().includes(`Sitio disponible en ${base}/`), 'the log line', run);
      expect(run.stderr()).toContain(`ATENCIÓN: este sitio usa ${EXAMPLES.length} valores de ejemplo`);
      expect(run.stderr()).toContain('Explorador de flujos: apagado (FLOWS=on lo enciende)');
      expect((await fetch(`${base}/flujos/`)).status).toBe(404);
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
    } finally {
      run.kill();
      await run.exited;
    }
  });
});

describe('a production start and the flows’ login', () => {
  const MISSING = 'ATENCIÓN: sin FLOWS_USER ni FLOWS_PASSWORD_HASH';

  async function started(env: Record<string, string>) {
    const run = serve({ NODE_ENV: 'production', STAGING: '1', FLOWS: 'on', ...env });
    await until(() => /-{78}[\s\S]*-{78}/.test(run.stderr()), 'the start-up block', run);
    const base = /Sitio: (http:\/\/\S+)\//.exec(run.stderr())?.[1] ?? '';
    return { run, base };
  }

  it('without FLOWS_USER and FLOWS_PASSWORD_HASH says so once at start, and refuses the counts and the explorer', async () => {
    const { run, base } = await started({});
    try {
      expect(run.stderr().split(MISSING)).toHaveLength(2);
      expect(run.stderr()).toContain('npm run flows:password');
      const counts = await fetch(`${base}/api/flow-counts`);
      expect(counts.status).toBe(503);
      expect(((await counts.json()) as { error: string }).error).toContain('FLOWS_PASSWORD_HASH');
      const explorer = await fetch(`${base}/flujos/`);
      expect(explorer.status).toBe(503);
      expect(await explorer.text()).toContain('FLOWS_USER');
      // The JSON log line says it too, for a log search.
      await until(() => run.stdout().includes('"flowsAccess":"missing"'), 'the log line', run);
    } finally {
      run.kill();
      await run.exited;
    }
  });

  it('with them asks for the login, and says nothing is missing', async () => {
    const hash = await hashPassword('cuatro palabras al azar');
    const { run, base } = await started({ FLOWS_USER: 'producto', FLOWS_PASSWORD_HASH: hash });
    try {
      expect(run.stderr()).not.toContain(MISSING);
      expect(run.stderr()).toContain('con usuario y contraseña');
      expect((await fetch(`${base}/api/flow-counts`)).status).toBe(401);
      const authorization = `Basic ${Buffer.from('producto:cuatro palabras al azar').toString('base64')}`;
      expect((await fetch(`${base}/api/flow-counts`, { headers: { authorization } })).status).toBe(200);
    } finally {
      run.kill();
      await run.exited;
    }
  });
});

describe('a port already in use', () => {
  it('is said in Spanish with the variable to change, and the process exits without a stack trace', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const run = serve({ PORT: String(port) });
      expect(await run.exited).toBe(1);
      expect(run.stderr()).toContain(`El puerto ${port} ya está en uso en 127.0.0.1`);
      expect(run.stderr()).toContain('elige otro puerto con PORT');
      expect(`${run.stdout()}${run.stderr()}`).not.toMatch(/^\s+at /m);
      expect(run.stdout()).not.toContain('EADDRINUSE');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
