import { ID_PATTERN } from '../domain/prospect';
import { readStorage, removeStorage, writeStorage } from './storage';

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

/**
 * The same seed in window.name, for a browser that blocks storage: a reload keeps the name. A
 * create's key still waiting for its answer follows the seed there: `registro-pestana:<seed>:<key>`.
 */
const WINDOW_NAME_PREFIX = 'registro-pestana:';

interface WindowNameParts {
  seed: string;
  pending: string | undefined;
}

function fromWindowName(): WindowNameParts | undefined {
  try {
    const name = window.name;
    if (!name.startsWith(WINDOW_NAME_PREFIX)) return undefined;
    const [seed = '', pending, ...rest] = name.slice(WINDOW_NAME_PREFIX.length).split(':');
    if (!ID_PATTERN.test(seed) || rest.length > 0) return undefined;
    return { seed, pending: pending !== undefined && ID_PATTERN.test(pending) ? pending : undefined };
  } catch {
    return undefined;
  }
}

/** Names the window after the seed (and a pending key), only when nothing else names it. */
function writeWindowName(parts: WindowNameParts): void {
  try {
    if (window.name !== '' && fromWindowName() === undefined) return;
    const pending = parts.pending !== undefined ? `:${parts.pending}` : '';
    window.name = `${WINDOW_NAME_PREFIX}${parts.seed}${pending}`;
  } catch {
    // No window name either: it lasts as long as this page.
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
  const named = fromWindowName();
  const seed = named?.seed ?? newIdempotencyKey();
  if (writeStorage('session', TAB_SEED_STORAGE_KEY, seed)) return { seed, kept: true };
  // Only when nothing else names the window (a page opened by name keeps its own).
  writeWindowName({ seed, pending: named?.pending });
  return { seed, kept: false };
}

/** Where this tab keeps the key of a create sent and not answered yet. */
export const PENDING_CREATE_STORAGE_KEY = 'registro_creacion_pendiente_v1';

/**
 * The key of this tab's create that was sent and got no answer (a timeout, a lost connection, a
 * reload while it was on its way): the server may have stored it. Until an answer arrives, every
 * create of this tab is sent with that key, so a correction typed after it (even of the business's
 * name or number) lands on the same lead. Read back after a reload, like the seed.
 */
export function pendingCreateKey(): string | undefined {
  const stored = readStorage('session', PENDING_CREATE_STORAGE_KEY);
  if (stored !== undefined && ID_PATTERN.test(stored)) return stored;
  return fromWindowName()?.pending;
}

/** Remembers the key of a create about to be sent, until its answer arrives. */
export function keepPendingCreateKey(key: string): void {
  if (writeStorage('session', PENDING_CREATE_STORAGE_KEY, key)) return;
  const named = fromWindowName();
  if (named) writeWindowName({ seed: named.seed, pending: key });
}

/** The create was answered with its lead: the next create of this tab is another business. */
export function clearPendingCreateKey(): void {
  removeStorage('session', PENDING_CREATE_STORAGE_KEY);
  const named = fromWindowName();
  if (named?.pending !== undefined) writeWindowName({ seed: named.seed, pending: undefined });
}
