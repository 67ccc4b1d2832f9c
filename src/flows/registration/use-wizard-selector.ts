import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { LeadWizardSnapshot } from './lead-wizard.machine';
import type { WizardActor } from './lead-wizard.wiring';

/**
 * What a view reads from the wizard's snapshot (undefined until the machine exists), re-rendering
 * only when that changes. XState's own hook would put XState in the page's first download; the
 * machine's code loads after hydration (wizard.tsx), so step 1 reads it through this one.
 */
export function useWizardSelector<T>(
  actor: WizardActor | undefined,
  select: (snapshot: LeadWizardSnapshot | undefined) => T,
  same: (a: T, b: T) => boolean = Object.is,
): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return () => {};
      const subscription = actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  // The last answer, kept while it is the same, so React sees a stable value between changes.
  const last = useRef<{ snapshot: LeadWizardSnapshot | undefined; select: typeof select; value: T } | null>(
    null,
  );
  const read = () => {
    const snapshot = actor?.getSnapshot();
    const previous = last.current;
    if (previous && previous.snapshot === snapshot && previous.select === select) return previous.value;
    const selected = select(snapshot);
    const value = previous && same(previous.value, selected) ? previous.value : selected;
    last.current = { snapshot, select, value };
    return value;
  };
  return useSyncExternalStore(subscribe, read, read);
}
