import { ID_PATTERN } from '../domain/prospect';
import { readStorage, writeStorage } from './storage';

/**
 * A random idempotency key for one prospect's create (matches ID_PATTERN of the domain).
 * randomUUID exists only in secure contexts, so plain http (a LAN test) falls back to
 * getRandomValues, which is available everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') {
    try {
      return crypto.randomUUID();
    } catch {
      // Not a secure context: fall through.
    }
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Where this tab keeps its key seed: session storage, copied with the tab and kept by a reload. */
export const TAB_SEED_STORAGE_KEY = 'registro_pestana_v1';

/** The same seed in window.name, for a browser that blocks storage: a reload keeps the name. */
const WINDOW_NAME_PREFIX = 'registro-pestana:';

function fromWindowName(): string | undefined {
  try {
    const name = window.name;
    if (!name.startsWith(WINDOW_NAME_PREFIX)) return undefined;
    const seed = name.slice(WINDOW_NAME_PREFIX.length);
    return ID_PATTERN.test(seed) ? seed : undefined;
  } catch {
    return undefined;
  }
}

/** This tab's key seed, and whether the browser's session storage keeps it (and so the progress). */
export interface TabSeed {
  seed: string;
  kept: boolean;
}

/**
 * This tab's seed for the create's idempotency key (src/domain/lead-key.ts): read back after a
 * reload, from session storage or, when the browser blocks it, from the window's name (which a
 * reload keeps and only this site's pages of this tab read), so a reload never makes a second
 * lead of the same data. Minted once per tab otherwise. `kept` is false when session storage is
 * blocked: the wizard's progress cannot be kept either.
 */
export function tabKeySeed(): TabSeed {
  const stored = readStorage('session', TAB_SEED_STORAGE_KEY);
  if (stored !== undefined && ID_PATTERN.test(stored)) return { seed: stored, kept: true };
  const seed = fromWindowName() ?? newIdempotencyKey();
  if (writeStorage('session', TAB_SEED_STORAGE_KEY, seed)) return { seed, kept: true };
  try {
    // Only when nothing else names the window (a page opened by name keeps its own).
    if (window.name === '' || fromWindowName() !== undefined) window.name = WINDOW_NAME_PREFIX + seed;
  } catch {
    // No window name either: the seed lasts as long as this page.
  }
  return { seed, kept: false };
}
