import { attributionToStore, readStoredAttribution, type Attribution } from '../domain/attribution';
import { ATTRIBUTION_STORAGE_KEY, REFERRAL_STORAGE_KEY } from '../domain/constants';
import { resolveReferralCode } from '../domain/referral';
import { readStorage } from './storage';

export interface Visit {
  /** The campaign attribution: this URL's when it carries one, else the stored one. */
  attribution: Attribution | undefined;
  /** ?ref when plausible, else the code kept earlier in session storage. */
  referralCode: string | undefined;
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
