/**
 * Limits of the lead API that the browser and the server both rely on (docs/api.md).
 * Field lengths and the id pattern live with the prospect schema.
 */

/** Largest request body the API reads. */
export const API_BODY_LIMIT_BYTES = 16 * 1024;

/** Idempotency-Key header of a create: a UUID fits, so does any other random token of this alphabet. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
