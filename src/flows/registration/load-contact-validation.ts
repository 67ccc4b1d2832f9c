import type { LeadContact } from '../../domain/lead-payload';
import type { ContactErrors } from './lead-wizard.machine';

export type ValidateContact = (contact: LeadContact) => ContactErrors;

let loading: Promise<ValidateContact> | undefined;

/**
 * The prospect schema's check of step 1 (zod/mini and the phone metadata, which the page's load
 * does without), loaded once: when the visitor starts filling step 1, or at the latest on submit.
 * A failed load (offline) is tried again next time.
 */
export function loadContactValidation(): Promise<ValidateContact> {
  loading ??= import('./contact-validation').then((m) => m.contactErrors);
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
