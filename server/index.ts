/**
 * Starts the site and its local API: `tsx server/index.ts` (npm run serve).
 * Settings come from the environment (server/config.ts; the table is in docs/api.md).
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { describeStorage, readConfig } from './config';
import { placeholderBlock, readPlaceholders } from './placeholders';
import { loggerOptions } from './request-log';
import { openStorage } from './storage';

const read = readConfig(process.env);
if (!read.ok) {
  for (const problem of read.problems) console.error(problem);
  process.exit(2);
}
const { config } = read;
const logger = loggerOptions({ level: config.logLevel });

let storage;
try {
  storage = await openStorage({
    ...config.storage,
    postgres: {
      ...config.storage.postgres,
      onIdleError: (error) => console.error(`PostgreSQL: conexión inactiva perdida (${error.message})`),
    },
  });
} catch (error) {
  console.error(
    `No se pudo abrir la base de datos (${describeStorage(config.storage)}): ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}

const app = buildApp({
  storage,
  distDir: config.distDir,
  trustProxy: config.trustProxy,
  rateLimit: config.rateLimit,
  writeRateLimit: config.writeRateLimit,
  corsOrigins: config.corsOrigins,
  logger,
});

let closing = false;
async function shutdown(signal: NodeJS.Signals) {
  if (closing) {
    app.log.warn(`${signal} otra vez: salida inmediata`);
    process.exit(1);
  }
  closing = true;
  app.log.info(`${signal} recibido: no se aceptan más pedidos; terminando los que están en curso`);
  const timer = setTimeout(() => {
    app.log.error(`los pedidos en curso no terminaron en ${config.shutdownTimeoutMs} ms: salida forzada`);
    process.exit(1);
  }, config.shutdownTimeoutMs);
  timer.unref();
  try {
    await app.close();
    app.log.info('servidor cerrado, base de datos cerrada');
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error al cerrar');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const placeholders = readPlaceholders(config.distDir) ?? [];
  const block = placeholderBlock(placeholders);
  // Plain text on stderr, readable at a glance; the log line keeps the variables for log searches.
  if (block) console.warn(block);
  if (placeholders.length > 0) {
    app.log.warn({ placeholders: placeholders.map((p) => p.where) }, 'valores de ejemplo en uso');
  }
  app.log.info(
    { storage: describeStorage(config.storage), distDir: config.distDir },
    `Sitio disponible en http://${shownHost}:${address.port}/`,
  );
} catch (error) {
  app.log.error({ err: error }, 'no se pudo iniciar el servidor');
  await app.close().catch(() => undefined);
  process.exit(1);
}
