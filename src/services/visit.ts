import { attributionToStore, readStoredAttribution, type Attribution } from '../domain/attribution';
import { ATTRIBUTION_STORAGE_KEY, REFERRAL_STORAGE_KEY } from '../domain/constants';
import { resolveReferralCode } from '../domain/referral';
import { readStorage, writeStorage } from './storage';

export interface Visit {
  /** The stored campaign attribution (this URL's, when it carries one). */
  attribution: Attribution | undefined;
  /** ?ref when plausible, else the code kept earlier in session storage. */
  referralCode: string | undefined;
}

/**
 * What a landing URL carries, kept as spec section 5 says: the whole query string in local
 * storage when it has a campaign, the referral code in session storage. Called by the layout
 * on every page and by the pages that read the values; writing the same values again is harmless.
 */
export function captureVisit(search: string): Visit {
  const fromUrl = attributionToStore(search);
  if (fromUrl !== undefined) writeStorage('local', ATTRIBUTION_STORAGE_KEY, fromUrl);
  const referralCode = resolveReferralCode(
    new URLSearchParams(search).get('ref'),
    readStorage('session', REFERRAL_STORAGE_KEY),
  );
  if (referralCode !== undefined) writeStorage('session', REFERRAL_STORAGE_KEY, referralCode);
  return { attribution: readStoredAttribution(readStorage('local', ATTRIBUTION_STORAGE_KEY)), referralCode };
}
