/**
 * POST {api}/newsletter/: the newsletter widget's subscription (spec sections 5 and 7), registered
 * by api.ts as its own plugin so that only this route accepts form-encoded bodies and every answer,
 * errors included, has the widget's shape `{ response, message }`. Contract: docs/api.md.
 */
import type { FastifyInstance, HTTPMethods } from 'fastify';
import {
  NEWSLETTER_ERROR_RESPONSE,
  NEWSLETTER_PATH,
  NEWSLETTER_SUBSCRIBED_MESSAGE,
  NEWSLETTER_SUCCESS_RESPONSE,
  type NewsletterReply,
} from '../src/domain/newsletter';
import { validateNewsletter } from '../src/domain/newsletter-schema';
import type { SiteDb } from './db';
import { METHOD_NOT_ALLOWED, toErrorResponse } from './errors';

export interface NewsletterOptions {
  db: SiteDb;
  /** Every method the API answers; the ones other than POST get 405 here. */
  allMethods: readonly HTTPMethods[];
}

export const NEWSLETTER_MEDIA_TYPE_MESSAGE =
  'Envía los datos como formulario (application/x-www-form-urlencoded) o como JSON.';

const FORM_TYPE = 'application/x-www-form-urlencoded';
/** Fastify's own default, for an instance built without bodyLimit. */
const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

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
  const url = `/${NEWSLETTER_PATH}`;

  api.addContentTypeParser(FORM_TYPE, { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseFormBody(String(body)));
  });

  api.setErrorHandler(async (error, request, reply) => {
    const { status, body } = toErrorResponse(
      error,
      (api.initialConfig.bodyLimit ?? DEFAULT_BODY_LIMIT_BYTES) / 1024,
    );
    if (status >= 500) request.log.error({ err: error }, 'newsletter request failed');
    const mediaType = (error as { code?: unknown }).code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE';
    const message = mediaType ? NEWSLETTER_MEDIA_TYPE_MESSAGE : (body.campos?.[0]?.mensaje ?? body.error);
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(errorReply(message));
  });

  api.post(url, async (request, reply) => {
    const result = validateNewsletter(request.body);
    if (!result.ok) return reply.code(400).send(errorReply(result.message));
    const added = options.db.subscribeNewsletter(result.email);
    request.log.info({ added }, 'newsletter subscription');
    const answer: NewsletterReply = {
      response: NEWSLETTER_SUCCESS_RESPONSE,
      message: NEWSLETTER_SUBSCRIBED_MESSAGE,
    };
    return reply.code(200).send(answer);
  });

  api.route({
    method: options.allMethods.filter((m) => m !== 'POST'),
    url,
    handler: async (_request, reply) => reply.code(405).header('allow', 'POST').send(METHOD_NOT_ALLOWED),
  });
}
