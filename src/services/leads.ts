import { config } from '../config';
import type { ProspectCreated, ProspectInput, ProspectUpdate } from '../domain/prospect';
import { apiUrl, fetchWithTimeout } from './http';

/** Calls 3 and 4 of spec section 7: POST then PUT {api}/prospectos/. */

export const LEAD_SAVE_ERROR = 'No se pudo guardar';
export const LEAD_UPDATE_ERROR = 'No se pudo actualizar';
/** Console message of the error catalogue when a save or update fails. */
export const MAINTENANCE_MESSAGE = 'Estamos en mantenimiento. Por favor, volvé a intentar más tarde';
export const LEAD_REQUEST_TIMEOUT_MS = 10000;

export interface LeadRequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  apiBase?: string;
  fetchImpl?: typeof fetch;
}

function parseCreated(body: unknown): ProspectCreated | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { id, estado } = body as Record<string, unknown>;
  if (typeof id !== 'string' || id.length === 0 || id.length > 200) return undefined;
  return { id, estado: typeof estado === 'string' ? estado : '' };
}

async function send(
  method: 'POST' | 'PUT',
  payload: ProspectInput | ProspectUpdate,
  errorMessage: string,
  options: LeadRequestOptions & { headers?: Record<string, string> },
): Promise<ProspectCreated> {
  const url = apiUrl(options.apiBase ?? config.apiBase, 'prospectos/');
  let response: Response;
  try {
    response = await fetchWithTimeout(url, {
      method,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...options.headers },
      body: JSON.stringify(payload),
      // An update sent just before the visitor leaves (the trial link) still reaches the API.
      keepalive: method === 'PUT',
      timeoutMs: options.timeoutMs ?? LEAD_REQUEST_TIMEOUT_MS,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
    });
  } catch (cause) {
    throw new Error(errorMessage, { cause });
  }
  if (!response.ok) throw new Error(errorMessage, { cause: response.status });
  const created = parseCreated(await response.json().catch(() => undefined));
  if (!created) throw new Error(errorMessage, { cause: 'respuesta inválida' });
  return created;
}

/**
 * Creates the prospect. The idempotency key is the same for every retry of one prospect's
 * create, so a retry after a timeout never stores a second lead.
 */
export function createLead(
  payload: ProspectInput,
  idempotencyKey: string,
  options: LeadRequestOptions = {},
): Promise<ProspectCreated> {
  return send('POST', payload, LEAD_SAVE_ERROR, {
    ...options,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Sends the latest prospect data once it has an id. */
export function updateLead(
  payload: ProspectUpdate,
  options: LeadRequestOptions = {},
): Promise<ProspectCreated> {
  return send('PUT', payload, LEAD_UPDATE_ERROR, options);
}

/**
 * A random idempotency key for one prospect's create (matches the API's [A-Za-z0-9_-]{1,100}).
 * randomUUID exists only in secure contexts, so plain http (a LAN test) falls back to
 * getRandomValues, which is available everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') {
    try {
      return crypto.randomUUID();
    } catch {
      // Not a secure context: fall through.
    }
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
