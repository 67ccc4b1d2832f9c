/**
 * Text typed into a form before the page's code has taken it (docs/first-seconds.md). The head
 * script (head.entry.ts) holds it in session storage from the first byte, so a reload finds it
 * again: the reload a visitor makes when the page says it did not finish loading, or that a part
 * of it could not be downloaded, or when nothing seems to happen. The page's code takes the fields
 * over once it keeps them itself (the wizard's machine stores its own progress) and calls
 * releaseHeldFields(): from then on nothing is held, and nothing held is restored.
 *
 * Only forms marked with HOLD_FIELDS_ATTRIBUTE (step 1 of the wizard) are held, field by field,
 * under their element's id. A reload puts each held value back into its field once the page is
 * parsed, before the page's code runs, unless the visitor already typed there. A page without such
 * a form never opens session storage (its first use is a synchronous call to the browser).
 */

/** Marks a form whose fields the head script holds. */
export const HOLD_FIELDS_ATTRIBUTE = 'data-hold-fields';

/** Session storage key of the held values (an object: field id to text). */
export const HELD_FIELDS_KEY = 'campos_sin_guardar';

/** Set on `self` once the page's code has taken the fields. */
const TAKEN_KEY = '__fieldsTaken';

type Field = HTMLInputElement | HTMLSelectElement;

const isField = (element: unknown): element is Field =>
  element instanceof HTMLInputElement || element instanceof HTMLSelectElement;

const taken = () => (self as unknown as Record<string, boolean | undefined>)[TAKEN_KEY] === true;

function readHeld(): Record<string, unknown> {
  try {
    const held: unknown = JSON.parse(sessionStorage.getItem(HELD_FIELDS_KEY) ?? '{}');
    return typeof held === 'object' && held !== null ? (held as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Installs the holding and the restore (the head script, at the first byte). */
export function holdFields(): void {
  let held: Record<string, unknown> | undefined;
  document.addEventListener('DOMContentLoaded', () => {
    if (!document.querySelector(`[${HOLD_FIELDS_ATTRIBUTE}]`)) return;
    held = readHeld();
    // Ids are the page's own (registro-nombre...); a value is written as text whatever it is.
    for (const id in held) {
      const field = document.getElementById(id);
      if (isField(field) && field.value === '') field.value = String(held[id]);
    }
  });
  const keep = (event: Event) => {
    const field = event.target;
    if (taken() || !isField(field) || !field.id || !field.closest(`[${HOLD_FIELDS_ATTRIBUTE}]`)) return;
    held ??= readHeld();
    held[field.id] = field.value;
    try {
      sessionStorage.setItem(HELD_FIELDS_KEY, JSON.stringify(held));
    } catch {
      // No session storage: the page says so (the wizard's note); the field keeps the text.
    }
  };
  document.addEventListener('input', keep, true);
  document.addEventListener('change', keep, true);
}

/** The page's code keeps the fields itself from now on: nothing is held or restored any more. */
export function releaseHeldFields(): void {
  (self as unknown as Record<string, boolean>)[TAKEN_KEY] = true;
  try {
    sessionStorage.removeItem(HELD_FIELDS_KEY);
  } catch {
    // Nothing was held.
  }
}
