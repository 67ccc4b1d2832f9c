import { useMemo } from 'react';
import { useSearch } from 'wouter';

/**
 * The current query parameters. The router is given an empty ssrSearch on the server and
 * during hydration, so this is empty until the page has hydrated and then updates.
 */
export function useQueryParams(): URLSearchParams {
  const search = useSearch();
  return useMemo(() => new URLSearchParams(search), [search]);
}
