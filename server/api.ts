/**
 * The four calls of spec section 7 under /api (this plugin is registered with that prefix), plus
 * GET /api/health, the newsletter subscription (its own plugin, newsletter.ts) and the flows' real
 * visitor counts (flow-counts.ts). Contract: docs/api.md.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { ID_MAX_LENGTH, ID_PATTERN, type ProspectInput } from '../src/domain/prospect';
import { validateProspect } from '../src/domain/prospect-schema';
import cors from '@fastify/cors';
import { corsOptions, refuseCrossSiteWrites } from './cors';
import {
  API_NOT_FOUND,
  HttpError,
  RETRY_AFTER_SECONDS,
  SERVICE_UNAVAILABLE,
  TOO_MANY_REQUESTS,
  invalidData,
} from './errors';
import {
  DEFAULT_FLOW_COUNTS_RETENTION_DAYS,
  DEFAULT_FLOW_EVENTS_RATE_LIMIT,
  FlowCountsBuffer,
  flowCountsRoutes,
  type FlowCountsOptions,
} from './flow-counts';
import { countryForAddress } from './geo';
import { acceptOnly, writeLimiter, type RateLimitRule } from './guards';
import { NEWSLETTER_PREFIX, newsletterPlugin } from './newsletter';
import { methodRoutes } from './routes';
import { CURRENCY_CODE_PATTERN, type Storage } from './storage/types';

export type RateLimitOptions = RateLimitRule;

/** Every /api request per client address and process (reads included); writes also have their own limit. */
export const DEFAULT_RATE_LIMIT: RateLimitOptions = { max: 120, timeWindowMs: 60_000 };

export interface ApiOptions {
  storage: Storage;
  /** Every request, per process in memory; false disables it (tests, benchmarks). */
  rateLimit: RateLimitOptions | false;
  /** Writes, counted in the storage; false disables it. */
  writeRateLimit: RateLimitOptions | false;
  /** Origins allowed to call the API from a browser on another site. */
  corsOrigins: readonly string[];
  /** Real visitors' counts on the flows (flow-counts.ts); without it the route refuses every beacon. */
  flowCounts?: Pick<FlowCountsOptions, 'buffer' | 'catalogue' | 'retentionDays' | 'access' | 'now'>;
}

/**
 * How long a create of a business already stored (same name and WhatsApp number, see
 * src/domain/lead-key.ts) lands on that lead instead of making a new one. Duplicates come from one
 * sitting (a late answer, a reload, a second tab), all within minutes; a business that comes back
 * days later is a new sign-up, with its own campaign, and gets its own lead. The window also bounds
 * who can reach a lead by its business: the id it answers (which allows updates) is only handed out
 * while the lead is a day old at most and still 'nuevo', and the writes are rate-limited per address.
 */
export const SAME_BUSINESS_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Lead ids are server-made random UUIDs: anything else cannot be a lead, so no lookup is made. */
const LEAD_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

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
  const { storage } = options;

  await api.register(cors, corsOptions(options.corsOrigins));
  api.addHook('onRequest', refuseCrossSiteWrites(options.corsOrigins));

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

  const limitWrites = writeLimiter(storage, options.writeRateLimit);
  const jsonOnly = acceptOnly(['application/json']);
  const writeGuards = [limitWrites, jsonOnly];

  methodRoutes(api, '/health', {
    GET: {
      unlimited: true,
      handler: async () => {
        try {
          await storage.ping();
        } catch {
          throw new HttpError(503, SERVICE_UNAVAILABLE, RETRY_AFTER_SECONDS.unreachable);
        }
        return { estado: 'ok' };
      },
    },
  });

  methodRoutes(api, '/public/ip2location/', {
    GET: { handler: async (request) => ({ countryCode: countryForAddress(request.ip) }) },
  });

  methodRoutes(api, '/public/cotizaciones/USD/:code', {
    GET: {
      handler: async (request, reply) => {
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
        const rate = await storage.getRate(currency);
        if (rate === undefined) {
          throw new HttpError(404, { error: `No hay cotización cargada para la moneda ${currency}.` });
        }
        return reply
          .header('content-type', 'text/plain; charset=utf-8')
          .header('cache-control', 'public, max-age=60')
          .send(String(rate));
      },
    },
  });

  methodRoutes(api, '/prospectos/', {
    POST: {
      onRequest: writeGuards,
      handler: async (request, reply) => {
        const key = idempotencyKey(request);
        const result = validateProspect(request.body, { requireId: false });
        if (!result.ok) throw new HttpError(400, invalidData(result.errors));
        const sameBusinessSince = new Date(Date.now() - SAME_BUSINESS_WINDOW_MS);
        const saved = await storage.createProspect(toStored(result.value), key, sameBusinessSince);
        if (saved.replayed) reply.header('idempotent-replayed', 'true');
        return reply.code(201).send({ id: saved.id, estado: saved.estado });
      },
    },
    PUT: {
      onRequest: writeGuards,
      handler: async (request, reply) => {
        const result = validateProspect(request.body, { requireId: true });
        if (!result.ok) throw new HttpError(400, invalidData(result.errors));
        const { id, ...data } = result.value;
        const saved = LEAD_ID_PATTERN.test(id) ? await storage.updateProspect(id, toStored(data)) : undefined;
        if (!saved) throw new HttpError(404, { error: 'No encontramos el registro que quieres actualizar.' });
        return reply.code(200).send({ id: saved.id, estado: saved.estado });
      },
    },
  });

  flowCountsRoutes(api, {
    storage,
    buffer: options.flowCounts?.buffer ?? new FlowCountsBuffer(storage),
    catalogue: options.flowCounts?.catalogue ?? { flows: {} },
    retentionDays: options.flowCounts?.retentionDays ?? DEFAULT_FLOW_COUNTS_RETENTION_DAYS,
    // Without its options (an API mounted on its own), the counts stay as private as production's.
    access: options.flowCounts?.access ?? { mode: 'missing' },
    rateLimit: options.writeRateLimit && DEFAULT_FLOW_EVENTS_RATE_LIMIT,
    ...(options.flowCounts?.now ? { now: options.flowCounts.now } : {}),
  });

  await api.register(newsletterPlugin, { prefix: NEWSLETTER_PREFIX, storage, limitWrites });
}
