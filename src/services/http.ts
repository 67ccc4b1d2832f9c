import { config } from '../config';

/** What every call to the site's API accepts besides its own arguments. */
export interface ApiRequestOptions {
  /** Aborts the request (the machine stops the actor). */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Overrides config.apiBase (tests). */
  apiBase?: string;
  fetchImpl?: typeof fetch;
}

/** fetch with a timeout that aborts the request cleanly; the caller's signal also aborts it. */
export async function fetchWithTimeout(
  url: string,
  init: RequestInit & { timeoutMs: number; fetchImpl?: typeof fetch },
): Promise<Response> {
  const { timeoutMs, fetchImpl = fetch, signal, ...rest } = init;
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('Tiempo de espera agotado', 'TimeoutError')),
    timeoutMs,
  );
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await fetchImpl(url, { ...rest, signal: controller.signal });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

export function apiUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** A request to `{api}/{path}` with the options' base, timeout (else `defaultTimeoutMs`) and signal. */
export function apiRequest(
  path: string,
  init: RequestInit,
  options: ApiRequestOptions,
  defaultTimeoutMs: number,
): Promise<Response> {
  return fetchWithTimeout(apiUrl(options.apiBase ?? config.apiBase, path), {
    ...init,
    timeoutMs: options.timeoutMs ?? defaultTimeoutMs,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
  });
}

/**
 * The seconds a Retry-After header asks to wait (a number of seconds or an HTTP date), or null
 * when it is missing or unreadable.
 */
export function retryAfterSeconds(header: string | null, now: number = Date.now()): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d{1,9}$/.test(text)) return Number(text);
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}
