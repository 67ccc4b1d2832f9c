/**
 * The four calls of spec section 7 under /api (this plugin is registered with that prefix).
 * Contract: docs/api.md.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { ID_MAX_LENGTH, ID_PATTERN, type ProspectInput } from '../src/domain/prospect';
import { validateProspect } from '../src/domain/prospect-schema';
import type { SiteDb } from './db';
import { CURRENCY_CODE_PATTERN } from './db';
import { API_NOT_FOUND, HttpError, METHOD_NOT_ALLOWED, TOO_MANY_REQUESTS, invalidData } from './errors';
import { countryForAddress } from './geo';
import { newsletterPlugin } from './newsletter';

export interface RateLimitOptions {
  /** Requests per window and client address. */
  max: number;
  timeWindowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { max: 120, timeWindowMs: 60_000 };

export interface ApiOptions {
  db: SiteDb;
  /** false disables the limit (tests). */
  rateLimit: RateLimitOptions | false;
}

const ALL_METHODS: readonly HTTPMethods[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

export function sendApiNotFound(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).header('cache-control', 'no-store').send(API_NOT_FOUND);
}

/** The lead as stored: the bot-check token is single-use and only meaningful to the bot-check service. */
function toStored(value: ProspectInput): ProspectInput {
  const { recaptchaToken: _token, ...stored } = value;
  return stored;
}

function idempotencyKey(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header === 'string' && ID_PATTERN.test(header)) return header;
  throw new HttpError(
    400,
    invalidData([
      {
        campo: 'clave de idempotencia',
        mensaje: `La clave Idempotency-Key debe tener entre 1 y ${ID_MAX_LENGTH} caracteres: letras, números, guiones o guiones bajos.`,
      },
    ]),
  );
}

export async function apiPlugin(api: FastifyInstance, options: ApiOptions): Promise<void> {
  const { db } = options;

  if (options.rateLimit) {
    await api.register(rateLimit, {
      max: options.rateLimit.max,
      timeWindow: options.rateLimit.timeWindowMs,
      errorResponseBuilder: () => new HttpError(429, TOO_MANY_REQUESTS),
    });
  }

  // Only JSON bodies: text/plain (parsed by default in fastify) would dodge a CORS preflight.
  api.removeContentTypeParser('text/plain');

  api.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  api.setNotFoundHandler(sendApiNotFound);

  /** Declares a route and answers 405 with Allow for the other methods on the same path. */
  function route(
    url: string,
    handlers: Partial<
      Record<HTTPMethods, (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>>
    >,
  ) {
    const allowed = Object.keys(handlers) as HTTPMethods[];
    for (const method of allowed) {
      const handler = handlers[method];
      if (handler) api.route({ method, url, handler });
    }
    const others = ALL_METHODS.filter((m) => !allowed.includes(m));
    const allow = [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])].join(', ');
    api.route({
      method: [...others],
      url,
      handler: async (_request, reply) => reply.code(405).header('allow', allow).send(METHOD_NOT_ALLOWED),
    });
  }

  route('/public/ip2location/', {
    GET: async (request) => ({ countryCode: countryForAddress(request.ip) }),
  });

  route('/public/cotizaciones/USD/:code', {
    GET: async (request, reply) => {
      const { code } = request.params as { code: string };
      const currency = code.toUpperCase();
      if (!CURRENCY_CODE_PATTERN.test(currency)) {
        throw new HttpError(
          400,
          invalidData([
            { campo: 'moneda', mensaje: 'El código de moneda debe tener tres letras, por ejemplo CLP.' },
          ]),
        );
      }
      const rate = db.getRate(currency);
      if (rate === undefined) {
        throw new HttpError(404, { error: `No hay cotización cargada para la moneda ${currency}.` });
      }
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=60')
        .send(String(rate));
    },
  });

  route('/prospectos/', {
    POST: async (request, reply) => {
      const key = idempotencyKey(request);
      const result = validateProspect(request.body, { requireId: false });
      if (!result.ok) throw new HttpError(400, invalidData(result.errors));
      const saved = db.createProspect(toStored(result.value), key);
      if (saved.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send({ id: saved.id, estado: saved.estado });
    },
    PUT: async (request, reply) => {
      const result = validateProspect(request.body, { requireId: true });
      if (!result.ok) throw new HttpError(400, invalidData(result.errors));
      const { id, ...data } = result.value;
      const saved = db.updateProspect(id, toStored(data));
      if (!saved) throw new HttpError(404, { error: 'No encontramos el registro que quieres actualizar.' });
      return reply.code(200).send({ id: saved.id, estado: saved.estado });
    },
  });

  await api.register(newsletterPlugin, { db, allMethods: ALL_METHODS });
}
