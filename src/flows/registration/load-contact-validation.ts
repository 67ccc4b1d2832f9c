import type { LeadContact } from '../../domain/lead-payload';
import { retryOnce } from '../../ui/retry-import';
import { loadOnce } from '../load-once';
import type { ContactErrors } from './lead-wizard.machine';

export type ValidateContact = (contact: LeadContact) => ContactErrors;

/**
 * The prospect schema's check of step 1 (zod/mini and the phone metadata, which the page's load
 * does without): when the visitor starts filling step 1, or at the latest on submit.
 */
export const loadContactValidation: () => Promise<ValidateContact> = loadOnce(
  retryOnce(() => import('./contact-validation').then((m) => m.contactErrors)),
);
