/**
 * The lead wizard's own rules where the specification gives no number (DESIGN section 3,
 * "failures never lose input"): background update retries, the bot-check fallback and the size
 * of a stored wizard.
 */

/** First retry waits this long; each further failure doubles the wait. */
const LEAD_UPDATE_RETRY_BASE_MS = 1000;
/** The wait never grows beyond this. */
export const LEAD_UPDATE_RETRY_MAX_MS = 30000;
/** After this many failures in a row the thanks step says the data is not saved yet. */
export const LEAD_UPDATE_FAILURES_BEFORE_WARNING = 3;
/**
 * Failures are counted up to this number only: from here on the wait is at its maximum, so a
 * larger count would carry no information (and keeps the machine's context finite).
 */
export const LEAD_UPDATE_MAX_COUNTED_FAILURES = 6;

/** Wait before the next attempt after `failures` failures in a row: 1 s, 2 s, 4 s, ... capped. */
export function leadUpdateRetryDelayMs(failures: number): number {
  const n = Math.min(Math.max(1, Math.floor(failures)), LEAD_UPDATE_MAX_COUNTED_FAILURES);
  return Math.min(LEAD_UPDATE_RETRY_BASE_MS * 2 ** (n - 1), LEAD_UPDATE_RETRY_MAX_MS);
}

/**
 * After this many failed bot checks the create goes ahead without a token: a visitor whose
 * network blocks the bot-check host must still be able to leave their details (the API treats
 * recaptchaToken as optional).
 */
export const BOT_CHECK_MAX_FAILURES = 2;

/** A stored wizard longer than this is not ours (or is corrupt): it is neither kept nor read. */
export const WIZARD_SNAPSHOT_MAX_CHARS = 20_000;
