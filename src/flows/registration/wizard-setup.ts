import type { Snapshot } from 'xstate';
import { isFacebookSource, isPromotionMode, trackingFields } from '../../domain/attribution';
import { chosenCountry } from '../../domain/countries';
import type { LeadWizardInput } from './lead-wizard.machine';
import { retryOnce } from '../../ui/retry-import';
import { loadOnce } from '../load-once';
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
 * put a wrong dialling prefix on their WhatsApp number. The code that checks a stored snapshot
 * loads only when one is stored (a reload or a return to the page); if it cannot be downloaded the
 * wizard starts without it, and step 1 keeps whatever its fields hold.
 */
export async function readWizardStart(search: string, keySeed: string): Promise<WizardStart> {
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
    snapshot: await resumedSnapshot(loadWizardSnapshot()),
  };
}

const loadRestore = loadOnce(retryOnce(() => import('./lead-wizard.restore')));

async function resumedSnapshot(stored: unknown): Promise<Snapshot<unknown> | undefined> {
  if (stored === undefined) return undefined;
  try {
    return (await loadRestore()).restoreLeadWizardSnapshot(stored);
  } catch {
    return undefined;
  }
}
