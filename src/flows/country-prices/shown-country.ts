import { useSyncExternalStore } from 'react';
import { DEFAULT_COUNTRY_CODE } from '../../domain/constants';
import type { CountryCode } from '../../domain/countries';

/*
 * The country whose prices the plans section shows, for the home sections that depend on it (the
 * benefits' and the FAQ's Argentina-only items). The plans section owns the machine that decides
 * it and publishes its answer here; the readers learn it without the machine, XState or a page in
 * between. Until the section runs, it is the country of the prerendered prices.
 */
let shown: CountryCode = DEFAULT_COUNTRY_CODE;
const listeners = new Set<() => void>();

export function publishShownCountry(code: CountryCode): void {
  if (code === shown) return;
  shown = code;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The country the plans section shows: the prerendered one while prerendering and hydrating. */
export function useShownCountry(): CountryCode {
  return useSyncExternalStore(
    subscribe,
    () => shown,
    () => DEFAULT_COUNTRY_CODE,
  );
}
