import type { Snapshot } from 'xstate';
import { isFacebookSource, isPromotionMode, trackingFields } from '../../domain/attribution';
import { chosenCountry } from '../../domain/countries';
import type { LeadWizardInput } from './lead-wizard.machine';
import { restoreLeadWizardSnapshot } from './lead-wizard.restore';
import { readCountryCookie } from '../../services/country-cookie';
import { readVisit } from '../../services/visit';
import { loadWizardSnapshot } from '../../services/wizard-persistence';

/**
 * What the wizard starts from in the browser, read after hydration (the prerendered page knows
 * no query string or storage): the machine's input and, after a reload, the stored snapshot.
 */
export interface WizardStart {
  input: LeadWizardInput;
  snapshot: Snapshot<unknown> | undefined;
}

/**
 * Reads the campaign attribution (this URL's, else the stored one, spec section 5), the referral
 * code (?ref, else session storage), the country and the persisted wizard snapshot. Writes
 * nothing; the tab's key seed comes from the caller. The country follows the prices' rule (?cc, else the cc
 * cookie); where the prices would ask the lookup, the visitor picks it, as a guessed country would
 * put a wrong dialling prefix on their WhatsApp number.
 */
export function readWizardStart(search: string, keySeed: string): WizardStart {
  const { attribution, referralCode } = readVisit(search);
  const country =
    chosenCountry({ param: new URLSearchParams(search).get('cc'), cookie: readCountryCookie() }) ?? null;
  return {
    input: {
      idempotencyKey: keySeed,
      promotionMode: isPromotionMode(attribution),
      needsBotCheck: isFacebookSource(attribution),
      codigoReferido: referralCode ?? null,
      tracking: trackingFields(attribution),
      country,
    },
    snapshot: restoreLeadWizardSnapshot(loadWizardSnapshot()),
  };
}
