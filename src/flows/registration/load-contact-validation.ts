import { STARTUP_RETRY_WAITS_MS } from '../../domain/first-seconds';
import { loadWithRetries } from '../load-once';

/**
 * The prospect schema's check of step 1 (zod/mini and the phone metadata, which the page's load
 * does without), for the machine's validateContact and judgeContact: the page asks for it when
 * the visitor starts filling step 1, so it is there by the first blur or submit. A failed download
 * is tried again a few times with growing waits, never once per focus or keystroke; without it the
 * machine goes on to the save, and the API judges the same data with the same rules.
 */
export const loadContactValidation = loadWithRetries(
  () => import('./contact-validation'),
  STARTUP_RETRY_WAITS_MS,
);

/** Fetches step 1's rules ahead of the machine's first judgement (the first focus in step 1). */
export function preloadContactRules(): void {
  loadContactValidation().catch(() => undefined);
}
