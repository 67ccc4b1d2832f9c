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
