/**
 * POST {api}/newsletter/: the newsletter widget's subscription (spec sections 5 and 7), registered
 * by api.ts as its own plugin under NEWSLETTER_PREFIX so that only this route accepts form-encoded
 * bodies and every answer under it, errors and unknown methods included, has the widget's shape
 * `{ response, message }`. It shares the lead routes' write limit and stores through the same
 * Storage. Contract: docs/api.md.
 */
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { API_BODY_LIMIT_BYTES } from '../src/domain/api-limits';
import {
  NEWSLETTER_ERROR_RESPONSE,
  NEWSLETTER_PATH,
  NEWSLETTER_SUBSCRIBED_MESSAGE,
  NEWSLETTER_SUCCESS_RESPONSE,
  type NewsletterReply,
} from '../src/domain/newsletter';
import { validateNewsletter } from '../src/domain/newsletter-schema';
import { API_NOT_FOUND, toErrorResponse } from './errors';
import { acceptOnly } from './guards';
import { methodRoutes } from './routes';
import type { Storage } from './storage/types';

export interface NewsletterOptions {
  storage: Storage;
  /** The API's write limit (guards.ts writeLimiter), shared with the lead routes. */
  limitWrites: onRequestAsyncHookHandler;
}

export const NEWSLETTER_MEDIA_TYPE_MESSAGE =
  'Envía los datos como formulario (application/x-www-form-urlencoded) o como JSON.';

/** The plugin's prefix under /api (NEWSLETTER_PATH without its trailing slash). */
export const NEWSLETTER_PREFIX = `/${NEWSLETTER_PATH.replace(/\/+$/, '')}`;

const FORM_TYPE = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

/**
 * Form fields as an object without a prototype (a `__proto__` field is just an unknown field); a
 * repeated field becomes an array, which the schema rejects.
 */
export function parseFormBody(body: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(body)) {
    const previous = fields[name];
    fields[name] = previous === undefined ? value : [...[previous].flat(), value];
  }
  return fields;
}

function errorReply(message: string): NewsletterReply {
  return { response: NEWSLETTER_ERROR_RESPONSE, message };
}

export async function newsletterPlugin(api: FastifyInstance, options: NewsletterOptions): Promise<void> {
  const { storage } = options;

  api.addContentTypeParser(FORM_TYPE, { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseFormBody(String(body)));
  });

  // The same mapping as the app's handler (status, Retry-After, logs), in the widget's shape.
  api.setErrorHandler(async (error, request, reply) => {
    const { status, body, retryAfterSeconds } = toErrorResponse(error, API_BODY_LIMIT_BYTES / 1024);
    if (status >= 500) request.log.error({ err: error, status }, 'request failed');
    else request.log.info({ status, error: body.error }, 'request rejected');
    if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
    const message =
      status === 415 ? NEWSLETTER_MEDIA_TYPE_MESSAGE : (body.campos?.[0]?.mensaje ?? body.error);
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(errorReply(message));
  });

  api.setNotFoundHandler(async (_request, reply) =>
    reply.code(404).header('cache-control', 'no-store').send(errorReply(API_NOT_FOUND.error)),
  );

  methodRoutes(api, '/', {
    POST: {
      onRequest: [options.limitWrites, acceptOnly([FORM_TYPE, JSON_TYPE], NEWSLETTER_MEDIA_TYPE_MESSAGE)],
      handler: async (request, reply) => {
        const result = validateNewsletter(request.body);
        if (!result.ok) return reply.code(400).send(errorReply(result.message));
        const { created } = await storage.subscribeNewsletter(result.email);
        request.log.info({ created }, 'newsletter subscription');
        const answer: NewsletterReply = {
          response: NEWSLETTER_SUCCESS_RESPONSE,
          message: NEWSLETTER_SUBSCRIBED_MESSAGE,
        };
        return reply.code(200).send(answer);
      },
    },
  });
}
