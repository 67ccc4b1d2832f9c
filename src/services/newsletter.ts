import type { NewsletterSubmission } from '../domain/newsletter';
import { fetchWithTimeout } from './http';

/** The newsletter widget's call (spec section 7): the form's fields, method and action. */

const NEWSLETTER_TIMEOUT_MS = 10000;

export interface SubscribeOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

/**
 * Sends the serialized form fields with the form's method to the form's action and resolves the
 * parsed JSON reply, whatever its status (the reply's `response` decides). Throws on a network
 * failure, a timeout or a reply that is not JSON.
 */
export async function subscribeNewsletter(
  submission: NewsletterSubmission,
  options: SubscribeOptions = {},
): Promise<unknown> {
  const method = submission.method.toUpperCase() === 'GET' ? 'GET' : 'POST';
  const params = new URLSearchParams(submission.fields);
  const url = new URL(submission.action, globalThis.location?.href);
  if (method === 'GET') for (const [name, value] of params) url.searchParams.append(name, value);
  const response = await fetchWithTimeout(url.href, {
    method,
    headers: { Accept: 'application/json' },
    ...(method === 'POST' ? { body: params } : {}),
    timeoutMs: options.timeoutMs ?? NEWSLETTER_TIMEOUT_MS,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
  });
  const type = response.headers.get('content-type') ?? '';
  if (!/\bjson\b/i.test(type)) throw new Error(`La respuesta del boletín no es JSON (${response.status})`);
  return (await response.json()) as unknown;
}
