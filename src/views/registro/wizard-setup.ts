import { isFacebookSource, isPromotionMode, trackingFields } from '../../domain/attribution';
import { COUNTRY_COOKIE } from '../../domain/constants';
import { parseCountryCode } from '../../domain/countries';
import { restoreLeadWizardSnapshot, type LeadWizardInput } from '../../machines/lead-wizard.machine';
import { newIdempotencyKey } from '../../services/leads';
import { readCookie } from '../../services/storage';
import { captureVisit } from '../../services/visit';
import { loadWizardSnapshot } from '../../services/wizard-persistence';
import type { Snapshot } from 'xstate';

/**
 * What the wizard starts from in the browser, read after hydration (the prerendered page knows
 * no query string or storage): the machine's input and, after a reload, the stored snapshot.
 */
export interface WizardStart {
  input: LeadWizardInput;
  snapshot: Snapshot<unknown> | undefined;
}

/** The input used while prerendering and hydrating: an empty step 1 that sends nothing. */
export const STATIC_WIZARD_INPUT: LeadWizardInput = { idempotencyKey: 'prerender' };

/**
 * Reads the campaign attribution (storing this page's own query string first when it carries
 * a campaign, spec section 5), the referral code (?ref, else session storage, kept there), the
 * country (?cc, else the cc cookie) and the persisted wizard snapshot. Writing the same values
 * again is harmless, so calling this more than once is safe.
 */
export function readWizardStart(search: string): WizardStart {
  const params = new URLSearchParams(search);
  const { attribution, referralCode: referral } = captureVisit(search);

  const country = parseCountryCode(params.get('cc')) ?? parseCountryCode(readCookie(COUNTRY_COOKIE)) ?? null;

  return {
    input: {
      idempotencyKey: newIdempotencyKey(),
      promotionMode: isPromotionMode(attribution),
      needsBotCheck: isFacebookSource(attribution),
      codigoReferido: referral ?? null,
      tracking: trackingFields(attribution),
      country,
    },
    snapshot: restoreLeadWizardSnapshot(loadWizardSnapshot()),
  };
}
