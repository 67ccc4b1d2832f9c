/**
 * Request guards shared by the API's write routes (leads in api.ts, the newsletter in newsletter.ts):
 * the per-address write limit and the accepted body content types. Both run on onRequest, before the
 * body is read.
 */
import { isIP } from 'node:net';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { HttpError, TOO_MANY_REQUESTS, unsupportedMediaType } from './errors';
import type { Storage } from './storage/types';

export interface RateLimitRule {
  /** Requests per window and client address. */
  max: number;
  timeWindowMs: number;
}

/** Leads and newsletter sign-ups per client address: a wizard run takes one create and a few updates. */
export const DEFAULT_WRITE_RATE_LIMIT: RateLimitRule = { max: 30, timeWindowMs: 60_000 };

/**
 * The rate-limit key of a client address. An IPv6 client usually owns a whole /64, so the key is
 * that prefix; IPv4 (also mapped into IPv6) is the address itself.
 */
export function clientKey(address: string): string {
  const mapped = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(mapped) !== 6) return mapped;
  const [head = '', tail = ''] = mapped.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Fixed-window limit on the writes of one client address, counted in the storage (shared by
 * processes). `kind` names the counter: the leads and the newsletter share 'escritura'.
 */
export function writeLimiter(
  storage: Pick<Storage, 'hitRateLimit'>,
  rule: RateLimitRule | false,
  kind = 'escritura',
) {
  const limitWrites: onRequestAsyncHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!rule) return;
    const { count, resetAt } = await storage.hitRateLimit(
      `${kind}:${clientKey(request.ip)}`,
      rule.timeWindowMs,
    );
    const retryAfter = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
    reply.header('ratelimit-limit', String(rule.max));
    reply.header('ratelimit-remaining', String(Math.max(0, rule.max - count)));
    reply.header('ratelimit-reset', String(retryAfter));
    if (count > rule.max) throw new HttpError(429, TOO_MANY_REQUESTS, retryAfter);
  };
  return limitWrites;
}

/** True when the request carries a body (a declared length above zero, or a chunked one). */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return length !== '0';
  return request.headers['transfer-encoding'] !== undefined;
}

/**
 * 415 unless the body's media type is one of `types` (lower case, without parameters).
 * A request without a body passes: the route's validation then says what is missing.
 */
export function acceptOnly(types: readonly string[], mensaje?: string): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    if (!hasBody(request)) return;
    const header = request.headers['content-type'];
    const media = typeof header === 'string' ? (header.split(';')[0] ?? '').trim().toLowerCase() : '';
    if (!types.includes(media)) throw new HttpError(415, unsupportedMediaType(mensaje));
  };
}
