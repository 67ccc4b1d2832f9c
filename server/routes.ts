/**
 * Route declaration shared by the API's plugins (api.ts, newsletter.ts): the methods of one path, and
 * 405 with Allow for every other method.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
  onRequestAsyncHookHandler,
} from 'fastify';
import { METHODS } from 'node:http';
import { HttpError, METHOD_NOT_ALLOWED } from './errors';

/**
 * Every method Node's HTTP server hands to fastify (CONNECT opens a tunnel, it is never a request),
 * so that TRACE, PROPFIND and the like on an API path get 405 and not 404. HEAD is left out: fastify
 * answers it with GET.
 */
const ALL_METHODS = METHODS.filter((m) => m !== 'CONNECT' && m !== 'HEAD') as HTTPMethods[];

/** Lets the app route every method of ALL_METHODS (fastify knows only the common ones by default). */
export function routeEveryMethod(app: FastifyInstance): void {
  for (const method of ALL_METHODS) {
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method);
  }
}

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export interface RouteSpec {
  handler: Handler;
  /** Route-level onRequest guards (write limit, content types). */
  onRequest?: onRequestAsyncHookHandler[];
  /** Skip the per-process request limit (health checks). */
  unlimited?: boolean;
}

/**
 * Declares the methods of one path and answers 405 with Allow for the other methods. The 405 is
 * thrown, so the plugin's error handler gives it the plugin's body shape.
 */
export function methodRoutes(
  api: FastifyInstance,
  url: string,
  routes: Partial<Record<HTTPMethods, RouteSpec>>,
): void {
  const allowed = Object.keys(routes) as HTTPMethods[];
  for (const method of allowed) {
    const spec = routes[method];
    if (!spec) continue;
    api.route({
      method,
      url,
      handler: spec.handler,
      ...(spec.onRequest ? { onRequest: spec.onRequest } : {}),
      ...(spec.unlimited ? { config: { rateLimit: false } } : {}),
    });
  }
  // HEAD comes with GET (fastify exposes it); without GET it is one more wrong method.
  const candidates: HTTPMethods[] = allowed.includes('GET') ? [...ALL_METHODS] : [...ALL_METHODS, 'HEAD'];
  const others = candidates.filter((m) => !allowed.includes(m));
  const allow = [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])].join(', ');
  api.route({
    method: [...others],
    url,
    handler: async (_request, reply) => {
      reply.header('allow', allow);
      throw new HttpError(405, METHOD_NOT_ALLOWED);
    },
  });
}
