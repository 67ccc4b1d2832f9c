/**
 * Starts the site and its local API: `node dist/node/server.js` (npm run serve; the tests run this
 * file through tsx). Settings come from the environment (server/config.ts; the table is in the
 * README). Exit codes: 2 a setting is invalid, or production with example settings; 1 the database
 * or the address cannot be used.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { describeStorage, listenProblem, readConfig } from './config';
import { flowsAccess } from './flows-login';
import { readPlaceholders, startBlock, startRefusal } from './placeholders';
import { loggerOptions, prettyLogs } from './request-log';
import { openStorage } from './storage';

const read = readConfig(process.env);
if (!read.ok) {
  for (const problem of read.problems) console.error(problem);
  process.exit(2);
}
const { config } = read;

// Before the database is opened: a refused start leaves nothing behind.
const placeholders = readPlaceholders(config.distDir) ?? [];
const refusal = startRefusal(placeholders, config);
if (refusal) {
  console.error(refusal);
  process.exit(2);
}

const pretty = prettyLogs();
const logger = loggerOptions({ level: config.logLevel, pretty });
const storageName = describeStorage(config.storage);

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
    `No se pudo abrir la base de datos (${storageName}): ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}

const access = flowsAccess({ production: config.production, login: config.flowsLogin });
const app = buildApp({
  storage,
  distDir: config.distDir,
  production: config.production,
  ...(config.flowsLogin ? { flowsLogin: config.flowsLogin } : {}),
  trustProxy: config.trustProxy,
  rateLimit: config.rateLimit,
  writeRateLimit: config.writeRateLimit,
  corsOrigins: config.corsOrigins,
  flows: config.flows,
  flowCountsDays: config.flowCountsDays,
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
  // Fastify logs this once per address it listens on (every interface with HOST=0.0.0.0).
  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: (address) => `Sitio disponible en ${address}/`,
  });
} catch (error) {
  const problem = listenProblem(error, { host: config.host, port: config.port });
  if (problem) console.error(problem);
  else app.log.error({ err: error }, 'no se pudo iniciar el servidor');
  await app.close().catch(() => undefined);
  process.exit(1);
}

const address = app.server.address() as AddressInfo;
const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
const url = `http://${shownHost}:${address.port}/`;
// Plain text on stderr, for a person at a glance (in a terminal or a service's journal).
console.error(
  startBlock({ url, storage: storageName, flows: config.flows, flowsAccess: access, placeholders }),
);
// The same facts as one JSON line for log searches; in a terminal the block says them.
if (!pretty) {
  app.log[placeholders.length > 0 ? 'warn' : 'info'](
    {
      storage: storageName,
      distDir: config.distDir,
      flows: config.flows,
      flowsAccess: access.mode,
      placeholders: placeholders.map((p) => p.where),
    },
    placeholders.length > 0 ? 'iniciado con valores de ejemplo' : 'iniciado',
  );
  if (access.mode === 'missing')
    app.log.warn(
      { flowsAccess: access.mode },
      'sin FLOWS_USER ni FLOWS_PASSWORD_HASH: los conteos de los flujos y su explorador no se muestran',
    );
}
