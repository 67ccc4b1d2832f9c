/**
 * What a visitor typed or chose in a prerendered form before its code ran.
 *
 * A controlled field hydrates with the DOM value kept but its state empty, and a view that swaps
 * its static version for a live one after hydration (the wizard, which starts from storage) puts
 * new, empty elements in place of the ones typed into. Such a view reads the changed fields here
 * while the server HTML is still on screen, then sends each value to its machine as the change
 * event a keystroke would send (so the machine's own rules decide what is kept), and gives the
 * focus and caret back to the field the visitor was in.
 */

export interface PrerenderedFields {
  /** The fields whose value differs from the HTML's, by element id. */
  values: ReadonlyMap<string, string>;
  /** The field that had the focus, with its caret, when it is one of `ids`. */
  focus: { id: string; start: number | null; end: number | null } | null;
}

const NONE: PrerenderedFields = { values: new Map(), focus: null };

function changedValue(element: HTMLElement | null): string | undefined {
  if (element instanceof HTMLSelectElement) {
    const option = element.options[element.selectedIndex];
    return option && !option.defaultSelected ? element.value : undefined;
  }
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    return element.value !== element.defaultValue ? element.value : undefined;
  }
  return undefined;
}

/** Reads the fields `ids` as the visitor left them (nothing outside a browser). */
export function readPrerenderedFields(ids: readonly string[]): PrerenderedFields {
  if (typeof document === 'undefined') return NONE;
  const values = new Map<string, string>();
  for (const id of ids) {
    const value = changedValue(document.getElementById(id));
    if (value !== undefined) values.set(id, value);
  }
  const active = document.activeElement;
  const focus =
    active instanceof HTMLElement && ids.includes(active.id)
      ? {
          id: active.id,
          start: active instanceof HTMLInputElement ? active.selectionStart : null,
          end: active instanceof HTMLInputElement ? active.selectionEnd : null,
        }
      : null;
  return { values, focus };
}

/** Puts the focus and caret back where `fields` found them, in the element that now has that id. */
export function restorePrerenderedFocus(fields: PrerenderedFields): void {
  if (!fields.focus) return;
  const element = document.getElementById(fields.focus.id);
  if (!element || document.activeElement === element) return;
  element.focus({ preventScroll: true });
  const { start, end } = fields.focus;
  if (element instanceof HTMLInputElement && start !== null && end !== null) {
    try {
      element.setSelectionRange(start, end);
    } catch {
      // Fields without a caret (e-mail, number) keep the browser's own.
    }
  }
}
