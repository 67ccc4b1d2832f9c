import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** The location's hash, re-rendering on navigation (replaceState does not notify: see replaceHash). */
export function useHash(): string {
  return useSyncExternalStore(subscribe, () => window.location.hash);
}

/** Writes the hash without a history entry or a hashchange (the page already shows that state). */
export function replaceHash(hash: string): void {
  const url = `${window.location.pathname}${window.location.search}${hash}`;
  window.history.replaceState(window.history.state, '', url);
}
