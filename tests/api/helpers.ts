import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../server/app';
import type { Storage } from '../../server/storage';
import { targets, type Target, type TestDatabase } from './support/targets';

export interface TestServer {
  base: string;
  /** The database behind the server, read through its own connection. */
  db: TestDatabase;
  /** The storage the server uses (fault injection). */
  storage: Storage;
  close: () => Promise<void>;
}

export interface StartOptions extends Partial<Omit<BuildAppOptions, 'storage'>> {
  /** The database to use (kept after close); a fresh SQLite one (deleted on close) otherwise. */
  db?: TestDatabase;
}

/** How long a test server may take to close before its connections are cut (as SIGTERM's wait does). */
const CLOSE_WAIT_MS = 8000;

/**
 * Closes the app; past `ms`, says what it still waited for and cuts its connections, as the
 * server's own SIGTERM handling does after SHUTDOWN_TIMEOUT. A suite's tear-down once
 * waited past its hook's limit under a full run, never when run alone.
 */
async function closeWithin(app: ReturnType<typeof buildApp>, ms: number): Promise<void> {
  const closing = app.close();
  let timer: NodeJS.Timeout | undefined;
  const late = await Promise.race([
    closing.then(() => false),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), ms))),
  ]);
  clearTimeout(timer);
  if (!late) return;
  const connections = await new Promise<number>((resolve) =>
    app.server.getConnections((_error, count) => resolve(count)),
  );
  console.warn(
    `A test server did not close within ${ms} ms (${connections} open connection(s), listening: ${app.server.listening}); cutting its connections.`,
  );
  app.server.closeAllConnections();
  await closing;
}

/** The real app on a free loopback port, limits off unless given. */
export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const { db: given, ...appOptions } = options;
  const db = given ?? (await targets()[0]!.create());
  const storage = await db.open();
  const app = buildApp({
    storage,
    distDir: path.join(path.dirname(db.env.DB_FILE ?? '/nonexistent/x'), 'no-build'),
    rateLimit: false,
    writeRateLimit: false,
    logger: false,
    ...appOptions,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    db,
    storage,
    close: async () => {
      await closeWithin(app, CLOSE_WAIT_MS);
      if (!given) await db.dispose();
    },
  };
}

/**
 * The set-up of a suite run once per storage: before its tests, a fresh database of `target` and the
 * real app on it (startServer with `options`, or what the function returns then); after them, both
 * gone. The returned server (with its `db`) is usable inside the suite's tests and hooks.
 */
export function serverFor(target: Target, options: StartOptions | (() => StartOptions) = {}): TestServer {
  let started: TestServer | undefined;
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await target.create();
    started = await startServer({ ...(typeof options === 'function' ? options() : options), db });
  });
  afterAll(async () => {
    await started?.close();
    await db?.dispose();
  });
  const current = (): TestServer => {
    if (!started) throw new Error('serverFor: the server is only there inside the suite’s tests');
    return started;
  };
  return {
    get base() {
      return current().base;
    },
    get db() {
      return current().db;
    },
    get storage() {
      return current().storage;
    },
    close: () => current().close(),
  };
}

export function validBody() {
  return {
    nombreEmpresa: 'Pizzería Don José',
    nombre: 'José',
    apellido: 'Pérez',
    pais: { codigo: 'AR' as const, nombre: 'Argentina', prefijo: '+549' },
    whatsapp: '+5491123456789',
    email: 'jose@example.com',
    codigoReferido: 'AMIGO-2024',
    infoEmpresa: '{}',
    urlQueryString: 'utm_source=fb&utm_campaign=verano',
    utmSource: 'fb',
    utmCampaign: 'verano',
    recaptchaToken: 'token-de-prueba',
  };
}

let businesses = 0;

/**
 * validBody for a business no other request of the run names: the API makes one lead per business
 * (name and WhatsApp number), so a test that needs a lead of its own asks for one of these.
 */
export function newBusinessBody(label = 'Negocio') {
  businesses += 1;
  return { ...validBody(), nombreEmpresa: `${label} ${process.pid} ${businesses}` };
}

/** validBody as stored: no bot-check token. */
export function storedBody() {
  const { recaptchaToken: _token, ...stored } = validBody();
  return stored;
}

export function postJson(base: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}/api/prospectos/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

export function putJson(base: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}/api/prospectos/`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

export interface ErrorBody {
  error: string;
  campos?: { campo: string; mensaje: string }[];
}

/** A request through node:http, which sends methods fetch refuses (TRACE) and uncommon ones. */
export function rawRequest(
  base: string,
  method: string,
  urlPath: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${urlPath}`, { method }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end();
  });
}
