/**
 * Cross-origin access to /api: only the configured origins (CORS_ORIGINS) get CORS headers, and a
 * write coming from any other site is refused, even one a browser sends without a preflight
 * (a form post). Requests without Origin (curl, server to server) and same-origin ones pass.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FORBIDDEN_ORIGIN, HttpError } from './errors';

export const CORS_ALLOWED_METHODS = 'GET, HEAD, POST, PUT';
export const CORS_ALLOWED_HEADERS = 'Content-Type, Idempotency-Key';
export const CORS_EXPOSED_HEADERS = 'Retry-After, Idempotent-Replayed';
export const CORS_MAX_AGE_SECONDS = 600;

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

/** onRequest hook of the /api scope. */
export function corsHook(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (allowed.size > 0) reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const permitted = allowed.has(origin);
    if (permitted) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-expose-headers', CORS_EXPOSED_HEADERS);
    }
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      if (!permitted) throw new HttpError(403, FORBIDDEN_ORIGIN);
      return reply
        .code(204)
        .header('access-control-allow-methods', CORS_ALLOWED_METHODS)
        .header('access-control-allow-headers', CORS_ALLOWED_HEADERS)
        .header('access-control-max-age', String(CORS_MAX_AGE_SECONDS))
        .header('cache-control', 'no-store')
        .send();
    }
    if (!permitted && !SAFE_METHODS.has(request.method) && !sameOrigin(origin, request)) {
      throw new HttpError(403, FORBIDDEN_ORIGIN);
    }
  };
}
