import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { buildApp, type BuildAppOptions } from '../../server/app';

export interface TestServer {
  base: string;
  dbFile: string;
  dir: string;
  close: () => Promise<void>;
  /** Runs a query on the SQLite file with a separate read-only connection. */
  query: <T>(sql: string, ...params: unknown[]) => T[];
  count: (table: 'prospectos' | 'idempotency') => number;
}

export async function startServer(options: Partial<BuildAppOptions> = {}): Promise<TestServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'site-api-test-'));
  const dbFile = path.join(dir, 'site.db');
  const app = buildApp({
    dbFile,
    distDir: path.join(dir, 'no-build'),
    rateLimit: false,
    logger: false,
    ...options,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const query = <T>(sql: string, ...params: unknown[]): T[] => {
    const db = new Database(dbFile, { readonly: true, fileMustExist: true });
    try {
      return db.prepare(sql).all(...params) as T[];
    } finally {
      db.close();
    }
  };
  return {
    base: `http://127.0.0.1:${port}`,
    dbFile,
    dir,
    query,
    count: (table) => query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`)[0]?.n ?? -1,
    close: async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function validBody() {
  return {
    nombreEmpresa: 'Pizzería Don José',
    nombre: 'José',
    apellido: 'Pérez',
    pais: { codigo: 'AR', nombre: 'Argentina', prefijo: '+549' },
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

export function postJson(base: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}/api/prospectos/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

export function putJson(base: string, body: unknown) {
  return fetch(`${base}/api/prospectos/`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export interface ErrorBody {
  error: string;
  campos?: { campo: string; mensaje: string }[];
}
