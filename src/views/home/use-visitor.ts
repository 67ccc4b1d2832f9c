import { useMemo } from 'react';
import { COUNTRY_COOKIE } from '../../domain/constants';
import { readCookie } from '../../services/storage';
import { readReferralCode } from '../../services/visit';
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
 * hydration (the static HTML knows none of it); the URL's campaign and referral code are
 * kept by the visit recorded at page load.
 */
export function useVisitor(): Visitor | null {
  const hydrated = useHydrated();
  const query = useQueryParams();
  const visitor = useMemo<Visitor | null>(() => {
    if (!hydrated) return null;
    return {
      ccParam: query.get('cc'),
      hasCountryCookie: readCookie(COUNTRY_COOKIE) !== undefined,
      referralCode: readReferralCode(window.location.search),
    };
  }, [hydrated, query]);
  return visitor;
}
