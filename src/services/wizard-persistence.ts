import { WIZARD_SNAPSHOT_MAX_CHARS } from '../domain/lead-wizard-rules';
import { readStorage, removeStorage, writeStorage } from './storage';

/**
 * Keeps the lead wizard's persisted snapshot so that a reload resumes at the same step with the
 * same lead (DESIGN section 3, "wizard progress survives a reload").
 *
 * Session storage, not local storage: a reload or a restored tab resumes, but the visitor's name
 * and phone do not stay on a shared phone or computer after the tab is closed, and a new visit
 * days later starts a fresh registration instead of silently updating an old lead.
 */

/** Versioned so that a future, incompatible machine never resumes from an old snapshot. */
export const WIZARD_STORAGE_KEY = 'registro_wizard_v2';

/** The stored snapshot as parsed JSON (untrusted: the caller validates it), or undefined. */
export function loadWizardSnapshot(): unknown {
  const raw = readStorage('session', WIZARD_STORAGE_KEY);
  if (raw === undefined || raw.length > WIZARD_SNAPSHOT_MAX_CHARS) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** Stores a persisted snapshot; returns false when storage is unavailable or full. */
export function saveWizardSnapshot(snapshot: unknown): boolean {
  let text: string;
  try {
    text = JSON.stringify(snapshot);
  } catch {
    return false;
  }
  if (text.length > WIZARD_SNAPSHOT_MAX_CHARS) return false;
  return writeStorage('session', WIZARD_STORAGE_KEY, text);
}

export function clearWizardSnapshot(): void {
  removeStorage('session', WIZARD_STORAGE_KEY);
}
