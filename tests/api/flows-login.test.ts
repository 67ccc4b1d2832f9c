/**
 * The flows' real-visitor counts (GET /api/flow-counts) and the flow explorer (/flujos/) ask for a
 * login in production (FLOWS_USER and FLOWS_PASSWORD_HASH), refuse to show anything while
 * production has none, and ask for nothing elsewhere; the beacon stays open to every page. The hash
 * is made the way an operator makes it: `npm run flows:password` with the password on its input.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowCatalogue } from '../../scripts/flow-catalogue';
import { FLOW_CATALOGUE_FILE } from '../../server/flow-counts';
import { LOGIN_ATTEMPT_LIMIT } from '../../server/flows-login';
import { startServer, type TestServer } from './helpers';
import { describeEachStorage, type TestDatabase } from './support/targets';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'cuatro palabras al azar';
const EXPLORER_ASSET = 'explorer-3f9a1c2b.js';
const USER = 'producto';

/** What `npm run flows:password` prints for a password given on standard input. */
function passwordCommand(input: string) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/flows-password.ts'], {
    cwd: ROOT,
    input,
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const catalogue = flowCatalogue();
const wizard = catalogue.flows.leadWizard;
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; moto g54) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
let batch = 0;
function sendBeacon(server: TestServer) {
  return fetch(`${server.base}/api/flow-events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': PHONE },
    body: JSON.stringify({
      lote: `${String(++batch).padStart(8, '0')}-0000-4000-8000-00000000beef`,
      flujos: [
        {
          flujo: 'leadWizard',
          version: wizard?.version,
          estados: { 'leadWizard.steps.contact': 1 },
          transiciones: {},
        },
      ],
    }),
  });
}

const basic = (user: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
});

let root: string;
let distDir: string;
let hash: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'flows-login-'));
  distDir = path.join(root, 'client');
  mkdirSync(path.join(root, 'flujos'), { recursive: true });
  mkdirSync(distDir);
  writeFileSync(path.join(distDir, FLOW_CATALOGUE_FILE), JSON.stringify(catalogue));
  writeFileSync(
    path.join(distDir, 'routes-manifest.json'),
    JSON.stringify({ routes: {}, notFound: '404.html' }),
  );
  writeFileSync(path.join(distDir, '404.html'), '<!doctype html><title>No existe</title>');
  writeFileSync(path.join(root, 'flujos', 'index.html'), '<!doctype html><title>Flujos del sitio</title>');
  mkdirSync(path.join(root, 'flujos', 'assets'));
  writeFileSync(path.join(root, 'flujos', 'assets', EXPLORER_ASSET), 'console.log("flujos");');
  const made = passwordCommand(`${PASSWORD}\n`);
  expect(made.status).toBe(0);
  hash = /^FLOWS_PASSWORD_HASH=(\S+)\n$/.exec(made.stdout)?.[1] ?? '';
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('npm run flows:password', () => {
  it('prints one setting line, a new salt every time, never the password', () => {
    const again = passwordCommand(PASSWORD).stdout;
    expect(again).toMatch(/^FLOWS_PASSWORD_HASH=scrypt:\S+\n$/);
    expect(again).not.toContain(hash);
    expect(again).not.toContain(PASSWORD);
  });

  it('refuses no password or a short one, in Spanish, printing nothing to put in the settings', () => {
    for (const [input, message] of [
      ['', /No llegó ninguna contraseña/],
      ['corta\n', /al menos 12 caracteres/],
    ] as const) {
      const run = passwordCommand(input);
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(message);
    }
  });
});

describeEachStorage('outside production', (target) => {
  let db: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    db = await target.create();
    server = await startServer({
      db,
      distDir,
      production: false,
      flows: true,
      flowsLogin: { user: USER, passwordHash: hash },
      flowCountsFlushMs: 0,
    });
  });
  afterAll(async () => {
    await server.close();
    await db.dispose();
  });

  it('shows the counts and the explorer without a login, even with the login’s settings', async () => {
    expect((await sendBeacon(server)).status).toBe(204);
    const counts = await fetch(`${server.base}/api/flow-counts`);
    expect(counts.status).toBe(200);
    expect(counts.headers.get('www-authenticate')).toBeNull();
    expect(((await counts.json()) as { flujos: unknown[] }).flujos).toHaveLength(1);
    const explorer = await fetch(`${server.base}/flujos/`);
    expect(explorer.status).toBe(200);
    expect(await explorer.text()).toContain('Flujos del sitio');
    // Open to anyone here, as the site itself: a shared cache may keep its hashed files.
    const asset = await fetch(`${server.base}/flujos/assets/${EXPLORER_ASSET}`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});

describeEachStorage('production without the login’s settings', (target) => {
  let db: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    db = await target.create();
    server = await startServer({ db, distDir, production: true, flows: true, flowCountsFlushMs: 0 });
  });
  afterAll(async () => {
    await server.close();
    await db.dispose();
  });

  it('refuses the counts with a Spanish 503 naming both settings, even to a login', async () => {
    for (const headers of [{}, basic(USER, PASSWORD)]) {
      const res = await fetch(`${server.base}/api/flow-counts`, { headers });
      expect(res.status).toBe(503);
      expect(res.headers.get('www-authenticate')).toBeNull();
      const { error } = (await res.json()) as { error: string };
      expect(error).toContain('FLOWS_USER');
      expect(error).toContain('FLOWS_PASSWORD_HASH');
      expect(error).toContain('npm run flows:password');
    }
  });

  it('refuses the explorer with the same sentence', async () => {
    const res = await fetch(`${server.base}/flujos/`);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toMatch(/define FLOWS_USER y FLOWS_PASSWORD_HASH/);
  });

  it('still counts the beacons', async () => {
    expect((await sendBeacon(server)).status).toBe(204);
  });
});

describeEachStorage('production with the login’s settings', (target) => {
  let db: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    db = await target.create();
    server = await startServer({
      db,
      distDir,
      production: true,
      flows: true,
      flowsLogin: { user: USER, passwordHash: hash },
      flowCountsFlushMs: 0,
    });
  });
  afterAll(async () => {
    await server.close();
    await db.dispose();
  });

  it.each([
    ['no login', {}, /Ingresa el usuario y la contraseña/],
    ['a wrong password', basic(USER, `${PASSWORD}!`), /no son correctos/],
    ['a wrong user', basic('otro', PASSWORD), /no son correctos/],
    ['a header HTTP Basic cannot read', { authorization: 'Basic ???' }, /Ingresa el usuario/],
  ])('answers %s with a Spanish 401 that asks the browser for a login', async (_what, headers, message) => {
    const counts = await fetch(`${server.base}/api/flow-counts`, { headers });
    expect(counts.status).toBe(401);
    expect(counts.headers.get('www-authenticate')).toBe(
      'Basic realm="Explorador de flujos", charset="UTF-8"',
    );
    expect(((await counts.json()) as { error: string }).error).toMatch(message);
    const explorer = await fetch(`${server.base}/flujos/`, { headers });
    expect(explorer.status).toBe(401);
    expect(explorer.headers.get('www-authenticate')).toMatch(/^Basic realm="Explorador de flujos"/);
    expect(await explorer.text()).toMatch(message);
  });

  it('shows the counts and the explorer to the right login', async () => {
    expect((await sendBeacon(server)).status).toBe(204);
    for (let i = 0; i < 2; i++) {
      const counts = await fetch(`${server.base}/api/flow-counts`, { headers: basic(USER, PASSWORD) });
      expect(counts.status).toBe(200);
      const body = (await counts.json()) as { flujos: { estados: Record<string, number> }[] };
      expect(body.flujos[0]?.estados['leadWizard.steps.contact']).toBe(1);
    }
    const explorer = await fetch(`${server.base}/flujos/`, { headers: basic(USER, PASSWORD) });
    expect(explorer.status).toBe(200);
    expect(await explorer.text()).toContain('Flujos del sitio');
  });

  it('sends the explorer’s files private: no shared cache (a CDN) may hand them out without the login', async () => {
    const asset = await fetch(`${server.base}/flujos/assets/${EXPLORER_ASSET}`, {
      headers: basic(USER, PASSWORD),
    });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const page = await fetch(`${server.base}/flujos/`, { headers: basic(USER, PASSWORD) });
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    const refused = await fetch(`${server.base}/flujos/assets/${EXPLORER_ASSET}`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });

  it('never asks a page’s beacon for a login', async () => {
    expect((await sendBeacon(server)).status).toBe(204);
  });
});

describeEachStorage('production, wrong logins', (target) => {
  let db: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    db = await target.create();
    server = await startServer({
      db,
      distDir,
      production: true,
      flows: true,
      flowsLogin: { user: USER, passwordHash: hash },
      flowCountsFlushMs: 0,
      // Each test's client is one address of its own, as the proxy in front would say.
      trustProxy: ['127.0.0.1'],
    });
  });
  afterAll(async () => {
    await server.close();
    await db.dispose();
  });

  const from = (address: string, headers: Record<string, string> = {}) => ({
    ...headers,
    'x-forwarded-for': address,
  });
  const counts = (headers: Record<string, string>) => fetch(`${server.base}/api/flow-counts`, { headers });
  const explorer = (headers: Record<string, string>) => fetch(`${server.base}/flujos/`, { headers });

  it(`refuses the ${LOGIN_ATTEMPT_LIMIT.max + 1}th wrong login of an address with a Spanish 429 and Retry-After, on the explorer and the counts alike`, async () => {
    const address = '192.0.2.20';
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_ATTEMPT_LIMIT.max; i++) {
      const headers = from(address, basic(USER, `${PASSWORD} ${i}`));
      statuses.push((await (i % 2 ? counts(headers) : explorer(headers))).status);
    }
    expect(statuses).toEqual(Array<number>(LOGIN_ATTEMPT_LIMIT.max).fill(401));

    const [apiRefusal, pageRefusal, rightButLate] = await Promise.all([
      counts(from(address, basic(USER, 'otra más'))),
      explorer(from(address, basic(USER, 'y otra'))),
      counts(from(address, basic(USER, PASSWORD))),
    ]);
    for (const refusal of [apiRefusal, pageRefusal, rightButLate]) {
      expect(refusal.status).toBe(429);
      expect(refusal.headers.get('www-authenticate')).toBeNull();
      const seconds = Number(refusal.headers.get('retry-after'));
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(LOGIN_ATTEMPT_LIMIT.timeWindowMs / 1000);
    }
    expect(((await apiRefusal.json()) as { error: string }).error).toMatch(
      /^Demasiados intentos de usuario y contraseña desde tu conexión\. Espera (un segundo|\d+ segundos) y vuelve a intentarlo\.$/,
    );
    expect(pageRefusal.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await pageRefusal.text()).toMatch(/^Demasiados intentos de usuario y contraseña/);
    // Another address logs in at once, as if nothing happened.
    const other = await counts(from('192.0.2.21', basic(USER, PASSWORD)));
    expect(other.status).toBe(200);
  });

  it('counts attempts before checking them: sent together, no more than the limit are checked', async () => {
    const address = '192.0.2.30';
    const answers = await Promise.all(
      Array.from({ length: LOGIN_ATTEMPT_LIMIT.max + 6 }, (_, i) =>
        counts(from(address, basic(USER, `intento ${i} en paralelo`))),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(LOGIN_ATTEMPT_LIMIT.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
  });

  it('does not count a request without a login (the browser asks first), nor a login already checked', async () => {
    const address = '192.0.2.40';
    for (let i = 0; i < LOGIN_ATTEMPT_LIMIT.max + 2; i++) {
      expect((await explorer(from(address))).status).toBe(401);
    }
    for (let i = 0; i < LOGIN_ATTEMPT_LIMIT.max + 2; i++) {
      expect((await counts(from(address, basic(USER, PASSWORD)))).status).toBe(200);
    }
  });
});
