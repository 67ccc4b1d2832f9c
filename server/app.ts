/**
 * One fastify instance: the local API under /api (spec section 7) and the prerendered site.
 * Built here without listening, so tests can start it on port 0.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import { DEFAULT_RATE_LIMIT, apiPlugin, sendApiNotFound, type RateLimitOptions } from './api';
import { openDb, type SiteDb } from './db';
import { BAD_URL, toErrorResponse } from './errors';
import { flowsExplorerPlugin } from './flows-explorer';
import { PERMISSIONS_POLICY, helmetOptions } from './security';
import { staticSitePlugin } from './static-site';

export interface BuildAppOptions {
  /** SQLite file (created with its folder when missing); ':memory:' also works. */
  dbFile: string;
  /** Folder of the client build with routes-manifest.json. */
  distDir: string;
  logger?: FastifyServerOptions['logger'];
  /** Take the client address from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy?: boolean;
  /** Per-address limit on /api; false disables it. */
  rateLimit?: RateLimitOptions | false;
}

export const BODY_LIMIT_BYTES = 32 * 1024;

/** Compressible responses: text, JSON, XML/SVG and JavaScript (send types .js as application/javascript). */
const COMPRESSIBLE = /^text\/|[+/]json\b|[+/]xml\b|javascript|^application\/wasm\b|^image\/x-icon\b/;

declare module 'fastify' {
  interface FastifyInstance {
    siteDb: SiteDb;
  }
}

export function buildApp(options: BuildAppOptions): FastifyInstance {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true },
    // Malformed URLs (bad percent-encoding and the like).
    frameworkErrors: (_error, _request, frameworkReply) => {
      const reply = frameworkReply as unknown as FastifyReply;
      reply.code(400).header('cache-control', 'no-store').send(BAD_URL);
    },
  });

  const db = openDb(options.dbFile);
  app.decorate('siteDb', db);
  app.addHook('onClose', async () => db.close());

  app.setErrorHandler(async (error, request, reply) => {
    const { status, body } = toErrorResponse(error, BODY_LIMIT_BYTES / 1024);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, error: body.error }, 'request rejected');
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(body);
  });

  app.register(helmet, helmetOptions());
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
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
    db,
    rateLimit: options.rateLimit ?? DEFAULT_RATE_LIMIT,
  });
  app.register(flowsExplorerPlugin, { distDir: options.distDir });
  app.register(staticSitePlugin, { distDir: options.distDir, apiNotFound: sendApiNotFound });

  return app;
}
