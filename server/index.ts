/**
 * Starts the site and its local API: `tsx server/index.ts` (npm run serve).
 * Environment: PORT (4173), HOST (127.0.0.1), DB_FILE (data/site.db), DIST_DIR (dist/client),
 * TRUST_PROXY (1 to read the client address from X-Forwarded-For), LOG_LEVEL (info),
 * RATE_LIMIT (API requests per minute and client address, 120; `off` disables it, as the e2e run does).
 */
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { DEFAULT_RATE_LIMIT, type RateLimitOptions } from './api';
import { buildApp } from './app';

function readPort(value: string | undefined): number {
  if (value === undefined || value === '') return 4173;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT inválido: ${value}. Usa un número entre 0 y 65535.`);
    process.exit(2);
  }
  return port;
}

function readRateLimit(value: string | undefined): RateLimitOptions | false {
  if (value === undefined || value === '') return DEFAULT_RATE_LIMIT;
  if (value === 'off') return false;
  const max = Number(value);
  if (!Number.isInteger(max) || max < 1) {
    console.error(`RATE_LIMIT inválido: ${value}. Usa un número de pedidos por minuto u "off".`);
    process.exit(2);
  }
  return { ...DEFAULT_RATE_LIMIT, max };
}

const port = readPort(process.env.PORT);
const rateLimit = readRateLimit(process.env.RATE_LIMIT);
const host = process.env.HOST || '127.0.0.1';
const dbFile = path.resolve(process.env.DB_FILE || 'data/site.db');
const distDir = path.resolve(process.env.DIST_DIR || 'dist/client');
const trustProxy = process.env.TRUST_PROXY === '1' || process.env.TRUST_PROXY === 'true';

const app = buildApp({
  dbFile,
  distDir,
  trustProxy,
  rateLimit,
  logger: { level: process.env.LOG_LEVEL || 'info' },
});

let closing = false;
async function shutdown(signal: NodeJS.Signals) {
  if (closing) {
    app.log.warn(`${signal} otra vez: salida inmediata`);
    process.exit(1);
  }
  closing = true;
  app.log.info(`${signal} recibido: cerrando el servidor`);
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error al cerrar');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port, host });
  const address = app.server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  app.log.info({ dbFile, distDir }, `Sitio disponible en http://${shownHost}:${address.port}/`);
} catch (error) {
  app.log.error({ err: error }, 'no se pudo iniciar el servidor');
  await app.close().catch(() => undefined);
  process.exit(1);
}
