/**
 * Server settings from the environment, validated before anything starts (docs/api.md, README).
 * Every problem is reported at once, in Spanish.
 */
import path from 'node:path';
import { DEFAULT_RATE_LIMIT, type RateLimitOptions } from './api';
import { parseOrigins } from './cors';
import { DEFAULT_WRITE_RATE_LIMIT } from './guards';
import { POSTGRES_DEFAULTS } from './storage/postgres';
import { POSTGRES_URL_PATTERN, type StorageConfig } from './storage';

export interface ServerConfig {
  port: number;
  host: string;
  distDir: string;
  trustProxy: boolean;
  logLevel: string;
  rateLimit: RateLimitOptions | false;
  writeRateLimit: RateLimitOptions | false;
  corsOrigins: string[];
  shutdownTimeoutMs: number;
  storage: StorageConfig;
}

export const DEFAULT_SHUTDOWN_TIMEOUT_SECONDS = 10;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

type Env = Readonly<Record<string, string | undefined>>;

export function readConfig(env: Env): { ok: true; config: ServerConfig } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const given = (name: string) => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };

  function integer(name: string, fallback: number, min: number, max: number, hint: string): number {
    const value = given(name);
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max) {
      problems.push(`${name} inválido: ${value}. ${hint}`);
      return fallback;
    }
    return n;
  }

  function perMinute(name: string, fallback: RateLimitOptions | false): RateLimitOptions | false {
    const value = given(name);
    if (value === undefined) return fallback;
    if (value === 'off') return false;
    const max = integer(name, 0, 1, 1_000_000, 'Usa un número de pedidos por minuto u "off".');
    return max === 0 ? fallback : { max, timeWindowMs: 60_000 };
  }

  const port = integer('PORT', 4173, 0, 65535, 'Usa un número entre 0 y 65535.');
  const rateLimit = perMinute('RATE_LIMIT', DEFAULT_RATE_LIMIT);
  // RATE_LIMIT=off (the end-to-end run, the benchmark) also lifts the write limit unless it is set.
  const writeRateLimit = perMinute(
    'WRITE_RATE_LIMIT',
    rateLimit === false ? false : DEFAULT_WRITE_RATE_LIMIT,
  );

  const logLevel = given('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL inválido: ${logLevel}. Usa uno de: ${LOG_LEVELS.join(', ')}.`);
  }

  const cors = parseOrigins(given('CORS_ORIGINS'));
  if ('problem' in cors) problems.push(`CORS_ORIGINS inválido: ${cors.problem}`);

  const databaseUrl = given('DATABASE_URL');
  if (databaseUrl !== undefined && !POSTGRES_URL_PATTERN.test(databaseUrl)) {
    problems.push('DATABASE_URL inválido: debe empezar con postgres:// o postgresql://.');
  }
  const poolMax = integer('PG_POOL_MAX', POSTGRES_DEFAULTS.poolMax, 1, 1000, 'Usa un número entre 1 y 1000.');
  const shutdownSeconds = integer(
    'SHUTDOWN_TIMEOUT',
    DEFAULT_SHUTDOWN_TIMEOUT_SECONDS,
    1,
    3600,
    'Usa un número de segundos entre 1 y 3600.',
  );

  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    config: {
      port,
      host: given('HOST') ?? '127.0.0.1',
      distDir: path.resolve(given('DIST_DIR') ?? 'dist/client'),
      trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
      logLevel,
      rateLimit,
      writeRateLimit,
      corsOrigins: 'origins' in cors ? cors.origins : [],
      shutdownTimeoutMs: shutdownSeconds * 1000,
      storage: {
        databaseUrl,
        dbFile: path.resolve(given('DB_FILE') ?? 'data/site.db'),
        postgres: { poolMax },
      },
    },
  };
}

/** Where the data lives, for logs: the SQLite file, or the PostgreSQL host and database (no password). */
export function describeStorage(storage: StorageConfig): string {
  if (!storage.databaseUrl) return `SQLite ${storage.dbFile}`;
  try {
    const url = new URL(storage.databaseUrl);
    return `PostgreSQL ${url.hostname || '(socket)'}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}
