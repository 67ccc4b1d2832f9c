import { retryOnce } from '../../ui/retry-import';
import { loadOnce } from '../load-once';

/**
 * The prospect schema's check of step 1 (zod/mini and the phone metadata, which the page's load
 * does without), for the machine's validateContact and judgeContact: the page asks for it when
 * the visitor starts filling step 1, so it is there by the first blur or submit.
 */
export const loadContactValidation = loadOnce(retryOnce(() => import('./contact-validation')));

/** Fetches step 1's rules ahead of the machine's first judgement (the first focus in step 1). */
export function preloadContactRules(): void {
  loadContactValidation().catch(() => undefined);
}
