import { useEffect, useMemo } from 'react';
import { attributionToStore } from '../../domain/attribution';
import { ATTRIBUTION_STORAGE_KEY, COUNTRY_COOKIE, REFERRAL_STORAGE_KEY } from '../../domain/constants';
import { resolveReferralCode } from '../../domain/referral';
import { readCookie, readStorage, writeStorage } from '../../services/storage';
import { useHydrated } from '../hooks/use-hydrated';
import { useQueryParams } from '../hooks/use-query';

export interface Visitor {
  /** The raw cc query parameter (the machine validates it). */
  ccParam: string | null;
  hasCountryCookie: boolean;
  referralCode: string | undefined;
}

/**
 * What the page learns from the URL, cookies and storage. Null while prerendering and during
 * hydration (the static HTML knows none of it); afterwards it keeps the referral code in
 * session storage and the campaign query string in local storage (spec section 5).
 */
export function useVisitor(): Visitor | null {
  const hydrated = useHydrated();
  const query = useQueryParams();
  const visitor = useMemo<Visitor | null>(() => {
    if (!hydrated) return null;
    return {
      ccParam: query.get('cc'),
      hasCountryCookie: readCookie(COUNTRY_COOKIE) !== undefined,
      referralCode: resolveReferralCode(query.get('ref'), readStorage('session', REFERRAL_STORAGE_KEY)),
    };
  }, [hydrated, query]);

  const referralCode = visitor?.referralCode;
  useEffect(() => {
    if (referralCode) writeStorage('session', REFERRAL_STORAGE_KEY, referralCode);
  }, [referralCode]);

  useEffect(() => {
    if (!hydrated) return;
    const stored = attributionToStore(window.location.search);
    if (stored !== undefined) writeStorage('local', ATTRIBUTION_STORAGE_KEY, stored);
  }, [hydrated]);

  return visitor;
}
