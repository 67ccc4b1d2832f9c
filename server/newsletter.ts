/**
 * POST {api}/newsletter/: the newsletter widget's subscription (spec sections 5 and 7), registered
 * by api.ts as its own plugin under NEWSLETTER_PREFIX so that only this route accepts form-encoded
 * bodies and every answer under it, errors and unknown methods included, has the widget's shape
 * `{ response, message }`. A browser's own form post (scripts disabled or never loaded: it asks for
 * text/html, the widget's fetch for JSON) gets the same message as a small Spanish page instead
 * (docs/first-seconds.md). It shares the lead routes' write limit and stores through the same
 * Storage. Contract: docs/api.md.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
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

/** The page a form post without scripts lands on. */
const NEWSLETTER_PAGE_COPY = {
  tituloListo: 'Suscripción al boletín',
  tituloError: 'No pudimos completar la suscripción',
  volver: 'Volver a la página anterior',
} as const;

/** A navigation (the browser posting the form itself) asks for HTML; the widget's fetch for JSON. */
function wantsPage(request: FastifyRequest): boolean {
  return /\btext\/html\b/i.test(request.headers.accept ?? '');
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Where the page's link leads: the page that posted the form (same site), else the blog. */
function backPath(request: FastifyRequest): string {
  try {
    const from = new URL(request.headers.referer ?? '');
    if (from.host === request.headers.host) return `${from.pathname}${from.search}`;
  } catch {
    // No referrer, or not a URL: the blog, where the form lives.
  }
  return '/blog';
}

/** The reply as a page: the server's usual headers (Content-Security-Policy included) apply. */
function newsletterPage(request: FastifyRequest, answer: NewsletterReply): string {
  const ok = answer.response === NEWSLETTER_SUCCESS_RESPONSE;
  const title = ok ? NEWSLETTER_PAGE_COPY.tituloListo : NEWSLETTER_PAGE_COPY.tituloError;
  return (
    '<!doctype html><html lang="es"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${escapeHtml(title)}</title>` +
    '<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1d2a26}a{color:#0b6e4f}</style>' +
    `</head><body><main><h1>${escapeHtml(title)}</h1><p role="status">${escapeHtml(answer.message)}</p>` +
    `<p><a href="${escapeHtml(backPath(request))}">${escapeHtml(NEWSLETTER_PAGE_COPY.volver)}</a></p></main></body></html>`
  );
}

/** Sends the reply in the shape the request asked for: JSON for the widget, a page for a browser. */
function send(request: FastifyRequest, reply: FastifyReply, answer: NewsletterReply) {
  if (wantsPage(request)) return reply.type('text/html; charset=utf-8').send(newsletterPage(request, answer));
  return reply.type('application/json; charset=utf-8').send(answer);
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
    return send(request, reply.code(status).header('cache-control', 'no-store'), errorReply(message));
  });

  api.setNotFoundHandler(async (request, reply) =>
    send(request, reply.code(404).header('cache-control', 'no-store'), errorReply(API_NOT_FOUND.error)),
  );

  methodRoutes(api, '/', {
    POST: {
      onRequest: [options.limitWrites, acceptOnly([FORM_TYPE, JSON_TYPE], NEWSLETTER_MEDIA_TYPE_MESSAGE)],
      handler: async (request, reply) => {
        const result = validateNewsletter(request.body);
        if (!result.ok) return send(request, reply.code(400), errorReply(result.message));
        const { created } = await storage.subscribeNewsletter(result.email);
        request.log.info({ created }, 'newsletter subscription');
        const answer: NewsletterReply = {
          response: NEWSLETTER_SUCCESS_RESPONSE,
          message: NEWSLETTER_SUBSCRIBED_MESSAGE,
        };
        return send(request, reply.code(200), answer);
      },
    },
  });
}
