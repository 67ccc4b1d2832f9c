/**
 * One fastify instance: the local API under /api (spec section 7) and the prerendered site.
 * Built here without listening, so tests can start it on port 0.
 */
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import compress from '@fastify/compress';
import { API_BODY_LIMIT_BYTES } from '../src/domain/api-limits';
import { DEFAULT_RATE_LIMIT, apiPlugin, sendApiNotFound, type RateLimitOptions } from './api';
import {
  BAD_URL,
  HttpError,
  SHUTDOWN_RETRY_AFTER_SECONDS,
  SHUTTING_DOWN,
  errorPage,
  isApiRequestLine,
  isApiUrl,
  rawClientError,
  toErrorResponse,
} from './errors';
import { DEFAULT_WRITE_RATE_LIMIT } from './guards';
import { logRequests } from './request-log';
import { routeEveryMethod } from './routes';
import { flowsExplorerPlugin } from './flows-explorer';
import { flowsAccess, type FlowsLogin } from './flows-login';
import { securityHeaders } from './security';
import { DEFAULT_FLOW_COUNTS_RETENTION_DAYS, FlowCountsBuffer, readFlowCatalogue } from './flow-counts';
import { staticSitePlugin } from './static-site';
import type { Storage } from './storage/types';
import { fastifyTrustProxy, type TrustProxy } from './trust-proxy';

export interface BuildAppOptions {
  /** Opened storage (server/storage); the app closes it when it closes. */
  storage: Storage;
  /** Folder of the client build with routes-manifest.json. */
  distDir: string;
  /** pino options (server/request-log.ts loggerOptions); false for no logs. */
  logger?: FastifyServerOptions['logger'];
  /** The proxies whose X-Forwarded-For gives the client address (server/trust-proxy.ts); none when absent. */
  trustProxy?: TrustProxy;
  /** Per-address limit on every /api request, per process; false disables it. */
  rateLimit?: RateLimitOptions | false;
  /** Per-address limit on writes, shared through the storage; false disables it. */
  writeRateLimit?: RateLimitOptions | false;
  /** Origins of other sites allowed to call /api from a browser. */
  corsOrigins?: readonly string[];
  /** Serve the flow explorer at /flujos/ (server/config.ts; from FLOWS and NODE_ENV when absent). */
  flows?: boolean;
  /** Production (NODE_ENV=production; read from the environment when absent): the counts and the explorer ask for a login. */
  production?: boolean;
  /** FLOWS_USER and FLOWS_PASSWORD_HASH (server/config.ts); only production asks for them. */
  flowsLogin?: FlowsLogin;
  /** Days the flows' real-visitor counters are kept (FLOW_COUNTS_DAYS). */
  flowCountsDays?: number;
  /** The clock of the counters' days (tests move it). */
  now?: () => Date;
  /** How long beacons wait before their write; 0 writes each before its answer (tests). */
  flowCountsFlushMs?: number;
}

/** Compressible responses: text, JSON, XML/SVG and JavaScript (send types .js as application/javascript). */
const COMPRESSIBLE = /^text\/|[+/]json\b|[+/]xml\b|javascript|^application\/wasm\b|^image\/x-icon\b/;

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export function buildApp(options: BuildAppOptions): FastifyInstance {
  const security = securityHeaders();
  const app = Fastify({
    logger: options.logger ?? false,
    // One line per request from request-log.ts instead (fastify's own lines hold the query string).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    bodyLimit: API_BODY_LIMIT_BYTES,
    // Requests arriving while closing get the Spanish 503 below instead of fastify's English one.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
    // Bytes Node's HTTP parser cannot read as a request (a 100 KB query string, oversized headers):
    // a Spanish page, or the API's JSON error, with the usual security headers; then the socket closes.
    clientErrorHandler: (error, socket) => {
      const { code, rawPacket } = error as { code?: unknown; rawPacket?: unknown };
      if (code === 'ECONNRESET' || socket.destroyed) return;
      if (socket.writable) {
        socket.write(rawClientError(code, { api: isApiRequestLine(rawPacket), securityHeaders: security }));
      }
      socket.destroy();
    },
    // Malformed URLs (bad percent-encoding and the like): the API's JSON error under /api, the Spanish
    // page elsewhere. No hook runs for them, so the security headers are set here.
    frameworkErrors: (_error, request, frameworkReply) => {
      const reply = (frameworkReply as unknown as FastifyReply)
        .code(400)
        .headers(security)
        .header('cache-control', 'no-store');
      if (isApiUrl(request.url)) reply.type('application/json; charset=utf-8').send(BAD_URL);
      else reply.type('text/html; charset=utf-8').send(errorPage('url'));
    },
  });

  routeEveryMethod(app);
  const { storage } = options;
  const access = flowsAccess({
    production: options.production ?? process.env.NODE_ENV?.trim() === 'production',
    login: options.flowsLogin,
  });
  app.decorate('storage', storage);
  const flowCounts = new FlowCountsBuffer(storage, options.flowCountsFlushMs, (error) =>
    app.log.error({ err: error }, 'no se pudieron guardar los conteos de los flujos; se reintenta'),
  );
  // onClose runs once every in-flight request has been answered; the waiting counts go first.
  app.addHook('onClose', async () => {
    await flowCounts.flush().catch(() => {});
    await storage.close();
  });

  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onRequest', async () => {
    if (draining) throw new HttpError(503, SHUTTING_DOWN, SHUTDOWN_RETRY_AFTER_SECONDS);
  });
  // A keep-alive connection left open would hold the close until its idle timeout.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });

  if (options.logger) logRequests(app);

  app.setErrorHandler(async (error, request, reply) => {
    const { status, body, retryAfterSeconds } = toErrorResponse(error, API_BODY_LIMIT_BYTES / 1024);
    if (status >= 500) request.log.error({ err: error, status }, 'request failed');
    else request.log.info({ status, error: body.error }, 'request rejected');
    if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(body);
  });

  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(security);
  });
  app.register(compress, {
    global: true,
    encodings: ['br', 'gzip', 'deflate'],
    customTypes: COMPRESSIBLE,
    // Request bodies are never decompressed: a compressed body is just invalid JSON (400).
    globalDecompression: false,
  });

  app.register(apiPlugin, {
    prefix: '/api',
    storage,
    rateLimit: options.rateLimit ?? DEFAULT_RATE_LIMIT,
    writeRateLimit: options.writeRateLimit ?? DEFAULT_WRITE_RATE_LIMIT,
    corsOrigins: options.corsOrigins ?? [],
    flowCounts: {
      buffer: flowCounts,
      catalogue: readFlowCatalogue(options.distDir),
      retentionDays: options.flowCountsDays ?? DEFAULT_FLOW_COUNTS_RETENTION_DAYS,
      access,
      ...(options.now ? { now: options.now } : {}),
    },
  });
  app.register(flowsExplorerPlugin, {
    distDir: options.distDir,
    access,
    ...(options.flows === undefined ? {} : { enabled: options.flows }),
  });
  app.register(staticSitePlugin, { distDir: options.distDir, apiNotFound: sendApiNotFound });

  return app;
}
