import type { ProspectCreated, ProspectInput, ProspectUpdate } from '../domain/prospect';
import { SaveError, refusedField, type RefusedField } from '../domain/save-failure';
import { ID_PATTERN } from '../domain/prospect';
import { apiRequest, retryAfterSeconds, type ApiRequestOptions } from './http';
import { clearPendingCreateKey, keepPendingCreateKey, pendingCreateKey } from './idempotency-key';

/**
 * Calls 3 and 4 of spec section 7: POST then PUT {api}/prospectos/. A failure throws a SaveError
 * whose kind says why (src/domain/save-failure.ts): the wizard's machine picks its message by it.
 */

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
    throw new SaveError('unavailable', errorMessage, { cause });
  }
  if (!response.ok) throw await failureOf(response, errorMessage);
  const created = parseCreated(await response.json().catch(() => undefined));
  if (!created) throw new SaveError('unavailable', errorMessage, { cause: 'respuesta inválida' });
  return created;
}

/** The `campos` of an API error body ({ error, campos: [{ campo, mensaje }] }, docs/api.md). */
function refusedFields(body: unknown): RefusedField[] {
  const campos =
    typeof body === 'object' && body !== null ? (body as { campos?: unknown }).campos : undefined;
  if (!Array.isArray(campos)) return [];
  return campos.flatMap((item: unknown) => {
    const { campo, mensaje } = (typeof item === 'object' && item !== null ? item : {}) as Record<
      string,
      unknown
    >;
    return typeof campo === 'string' && typeof mensaje === 'string' ? [refusedField(campo, mensaje)] : [];
  });
}

/** Why a request was answered with an error status: a wait, refused fields, or the server down. */
async function failureOf(response: Response, errorMessage: string): Promise<SaveError> {
  const cause = response.status;
  if (response.status === 429) {
    const wait = retryAfterSeconds(response.headers.get('retry-after'));
    return new SaveError('rateLimited', errorMessage, { retryAfterSeconds: wait, cause });
  }
  if (response.status === 400 || response.status === 422) {
    const body: unknown = await response.json().catch(() => undefined);
    return new SaveError('refused', errorMessage, { refused: refusedFields(body), cause });
  }
  return new SaveError('unavailable', errorMessage, { cause });
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

/**
 * The wizard's create: sent with the key of this tab's create still waiting for an answer, if
 * there is one, else with `idempotencyKey`; that key is kept (across a reload too) until the API
 * answers with a lead. So a create the server stored but whose answer never arrived, followed by a
 * correction and 'Siguiente', is one lead: the correction is the same key, which the API answers
 * with that lead, corrected. A refusal or an error answer keeps the key: a proxy's 502 or 504 does
 * not say whether the API stored it, and a key the server never saw makes a lead like a new one.
 */
export async function createWizardLead(
  payload: ProspectInput,
  idempotencyKey: string,
  options: ApiRequestOptions = {},
): Promise<ProspectCreated> {
  const key = pendingCreateKey() ?? idempotencyKey;
  keepPendingCreateKey(key);
  const created = await createLead(payload, key, options);
  if (ID_PATTERN.test(created.id)) clearPendingCreateKey();
  return created;
}

/** Sends the latest prospect data once it has an id. */
export function updateLead(
  payload: ProspectUpdate,
  options: ApiRequestOptions = {},
): Promise<ProspectCreated> {
  return send('PUT', payload, LEAD_UPDATE_ERROR, options);
}
