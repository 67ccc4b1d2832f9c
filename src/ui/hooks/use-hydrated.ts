import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

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

/**
 * useHydrated for a view that is expensive to reveal (a flow's machine and its screens): the
 * switch after hydration is a transition, so React renders what it reveals in slices and yields to
 * the visitor between them. The store's own switch re-renders synchronously right after hydration,
 * and on /registro that one task built the whole wizard, a long task on the simulated phone
 * (docs/performance.md, "Measurements behind the code").
 * Cheap reveals keep useHydrated: a transition can hold back a lazily loaded part (React's pause
 * before showing suspended content), and some count time from the page's load (the referral strip).
 */
export function useHydratedInTransition(): boolean {
  const afterHydration = useHydrated();
  const [shown, setShown] = useState(afterHydration);
  useEffect(() => {
    if (afterHydration && !shown) startTransition(() => setShown(true));
  }, [afterHydration, shown]);
  return shown;
}
