/**
 * Cross-origin access to /api: only the configured origins (CORS_ORIGINS) get CORS headers
 * (@fastify/cors), and a write coming from any other site is refused, even one a browser sends
 * without a preflight (a form post). Requests without Origin (curl, server to server) and
 * same-origin ones pass.
 */
import type { FastifyCorsOptions } from '@fastify/cors';
import type { FastifyRequest } from 'fastify';
import { FORBIDDEN_ORIGIN, HttpError } from './errors';

const CORS_ALLOWED_METHODS = 'GET, HEAD, POST, PUT';
const CORS_ALLOWED_HEADERS = 'Content-Type, Idempotency-Key';
const CORS_EXPOSED_HEADERS = 'Retry-After, Idempotent-Replayed';
const CORS_MAX_AGE_SECONDS = 600;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Parses CORS_ORIGINS: comma-separated origins such as https://www.example.com (scheme, host and
 * optional port, nothing else). Returns the problem, in Spanish, for the first bad entry.
 */
export function parseOrigins(value: string | undefined): { origins: string[] } | { problem: string } {
  const origins: string[] = [];
  for (const raw of (value ?? '').split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== entry.replace(/\/$/, '')) {
      return { problem: `«${entry}» no es un origen válido (por ejemplo https://www.ejemplo.com).` };
    }
    origins.push(url.origin);
  }
  return { origins };
}

function sameOrigin(origin: string, request: FastifyRequest): boolean {
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

/**
 * @fastify/cors options for the /api scope: the configured origins get the CORS headers and their
 * preflights are answered (204); any other origin gets none. Only a real preflight (OPTIONS with
 * Access-Control-Request-Method) is one: a bare OPTIONS reaches its route (405).
 */
export function corsOptions(allowedOrigins: readonly string[]): FastifyCorsOptions {
  const allowed = new Set(allowedOrigins);
  return {
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      callback(null, {
        origin: origin !== undefined && allowed.has(origin) ? origin : false,
        methods: CORS_ALLOWED_METHODS,
        allowedHeaders: CORS_ALLOWED_HEADERS,
        exposedHeaders: CORS_EXPOSED_HEADERS,
        maxAge: CORS_MAX_AGE_SECONDS,
        preflight:
          request.method !== 'OPTIONS' || request.headers['access-control-request-method'] !== undefined,
        strictPreflight: false,
      });
    },
  };
}

/**
 * onRequest hook of the /api scope, after @fastify/cors: our own rule that a browser on another
 * site never writes. A preflight from an origin that is not configured, and a write (any method but
 * GET, HEAD and OPTIONS) carrying such an Origin, get 403, unless it is the API's own origin.
 */
export function refuseCrossSiteWrites(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  return async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin === undefined || allowed.has(origin)) return;
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      throw new HttpError(403, FORBIDDEN_ORIGIN);
    }
    if (!SAFE_METHODS.has(request.method) && !sameOrigin(origin, request)) {
      throw new HttpError(403, FORBIDDEN_ORIGIN);
    }
  };
}
