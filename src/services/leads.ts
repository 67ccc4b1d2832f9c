import type { ProspectCreated, ProspectInput, ProspectUpdate } from '../domain/prospect';
import { apiRequest, type ApiRequestOptions } from './http';

/** Calls 3 and 4 of spec section 7: POST then PUT {api}/prospectos/. */

export const LEAD_SAVE_ERROR = 'No se pudo guardar';
export const LEAD_UPDATE_ERROR = 'No se pudo actualizar';
export const LEAD_REQUEST_TIMEOUT_MS = 10000;

/** The answer's id and estado; the machine decides whether the id is usable. */
function parseCreated(body: unknown): ProspectCreated | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { id, estado } = body as Record<string, unknown>;
  if (typeof id !== 'string') return undefined;
  return { id, estado: typeof estado === 'string' ? estado : '' };
}

async function send(
  method: 'POST' | 'PUT',
  payload: ProspectInput | ProspectUpdate,
  errorMessage: string,
  options: ApiRequestOptions & { headers?: Record<string, string> },
): Promise<ProspectCreated> {
  let response: Response;
  try {
    response = await apiRequest(
      'prospectos/',
      {
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...options.headers },
        body: JSON.stringify(payload),
        // An update sent just before the visitor leaves (the trial link) still reaches the API.
        keepalive: method === 'PUT',
      },
      options,
      LEAD_REQUEST_TIMEOUT_MS,
    );
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
  options: ApiRequestOptions = {},
): Promise<ProspectCreated> {
  return send('POST', payload, LEAD_SAVE_ERROR, {
    ...options,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Sends the latest prospect data once it has an id. */
export function updateLead(
  payload: ProspectUpdate,
  options: ApiRequestOptions = {},
): Promise<ProspectCreated> {
  return send('PUT', payload, LEAD_UPDATE_ERROR, options);
}
