import { useSyncExternalStore } from 'react';

const noop = () => () => {};

/**
 * False while prerendering and during hydration, true afterwards. Anything that depends on
 * the query string, cookies or storage renders only when this is true, so hydration never
 * mismatches the static HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
