import { attributionToStore, readStoredAttribution, type Attribution } from '../domain/attribution';
import { ATTRIBUTION_STORAGE_KEY, REFERRAL_STORAGE_KEY } from '../domain/constants';
import { resolveReferralCode } from '../domain/referral';
import { readStorage, writeStorage } from './storage';

export interface Visit {
  /** The campaign attribution: this URL's when it carries one, else the stored one. */
  attribution: Attribution | undefined;
  /** ?ref when plausible, else the code kept earlier in session storage. */
  referralCode: string | undefined;
}

/**
 * Keeps what a landing URL carries, as spec section 5 says: the whole query string in local
 * storage when it has a campaign, the referral code in session storage. Called once per page
 * load (ads land on any page). A URL with neither touches no storage: a code kept earlier is
 * already there, and the first use of a storage area in a page waits on a synchronous call to
 * the browser, which took 10 to 45 ms of the hydration task on a busy machine.
 */
export function recordVisit(search: string): void {
  const fromUrl = attributionToStore(search);
  if (fromUrl !== undefined) writeStorage('local', ATTRIBUTION_STORAGE_KEY, fromUrl);
  const referralCode = resolveReferralCode(new URLSearchParams(search).get('ref'), undefined);
  if (referralCode !== undefined) writeStorage('session', REFERRAL_STORAGE_KEY, referralCode);
}

/** The visit for a query string and the raw stored values; the URL's own values come first. */
export function visitFrom(
  search: string,
  storedAttribution: string | undefined,
  storedReferral: string | undefined,
): Visit {
  return {
    attribution: readStoredAttribution(attributionToStore(search) ?? storedAttribution),
    referralCode: resolveReferralCode(new URLSearchParams(search).get('ref'), storedReferral),
  };
}

/** What the pages read about the visit; writes nothing, so it is safe during render. */
export function readVisit(search: string): Visit {
  return visitFrom(
    search,
    readStorage('local', ATTRIBUTION_STORAGE_KEY),
    readStorage('session', REFERRAL_STORAGE_KEY),
  );
}

/** The referral code alone (?ref, else the one kept in session storage): local storage stays unopened. */
export function readReferralCode(search: string): string | undefined {
  return resolveReferralCode(
    new URLSearchParams(search).get('ref'),
    readStorage('session', REFERRAL_STORAGE_KEY),
  );
}
