import { useMemo } from 'react';
import { readCountryCookie } from '../../services/country-cookie';
import { readReferralCode } from '../../services/visit';
import { useHydrated } from '../../ui/hooks/use-hydrated';
import { useQueryParams } from '../../ui/hooks/use-query-params';

export interface Visitor {
  /** The raw cc query parameter (the machine validates it). */
  ccParam: string | null;
  /** The raw cc cookie (the machine validates it). */
  ccCookie: string | null;
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
      ccCookie: readCountryCookie(),
      referralCode: readReferralCode(window.location.search),
    };
  }, [hydrated, query]);
  return visitor;
}
