import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

const noop = () => () => {};

/**
 * False while prerendering and during hydration, true afterwards. Anything that depends on
 * the query string, cookies or storage renders only when this is true, so hydration never
 * mismatches the static HTML.
 *
 * The switch after hydration is a transition: React renders what it reveals in slices and yields
 * to the visitor between them. On its own, the store's value (false while hydrating, true for a
 * component mounted later) makes React re-render synchronously right after hydration, and on
 * /registro that one task built the whole wizard: 61 to 69 ms on the simulated phone.
 */
export function useHydrated(): boolean {
  const afterHydration = useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
  const [shown, setShown] = useState(afterHydration);
  useEffect(() => {
    if (afterHydration && !shown) startTransition(() => setShown(true));
  }, [afterHydration, shown]);
  return shown;
}
