/**
 * Limits of the lead API that the browser and the server both rely on (docs/api.md).
 * Field lengths and the id / Idempotency-Key pattern (ID_PATTERN) live in prospect.ts.
 */

/** Largest request body the API reads. */
export const API_BODY_LIMIT_BYTES = 16 * 1024;
