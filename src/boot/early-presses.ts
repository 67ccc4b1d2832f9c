/**
 * Presses made before the page's code runs. A prerendered page paints long before its code
 * arrives; until then a button, a checkbox or a form's submit does nothing (or, for a form, posts
 * it away from the page). The head script (head-script.ts) holds such presses from the first byte:
 * the control is marked with HELD_ATTRIBUTE (drawn as pending, styles.css) and the press waits.
 * Once the page has hydrated, replayEarlyPresses() presses each held control again, now live.
 * Links, text fields and selects need no holding: links work without code, and what is typed or
 * chosen stays in the field until the view adopts it (src/ui/hooks/use-prerendered-values.ts).
 */

/** Controls whose press is held until their code is in (links work without code). */
export const PRESSABLE = 'button, [role="button"], summary, input[type="checkbox"], input[type="radio"]';

/** Set on a held control until its press is replayed. */
export const HELD_ATTRIBUTE = 'data-held';

/** Where the head script keeps the held presses for the page's code. */
export const EARLY_PRESSES_KEY = '__earlyPresses';

interface EarlyPresses {
  held: Element[];
  done: boolean;
}

/**
 * Installed by the head script, serialized with Function.prototype.toString: it may only use its
 * parameters and the browser's built-ins, and declares no named helper inside.
 */
export function holdEarlyPresses(selector: string, key: string, mark: string): void {
  const state: EarlyPresses = { held: [], done: false };
  (self as unknown as Record<string, EarlyPresses>)[key] = state;
  for (const type of ['click', 'submit']) {
    document.addEventListener(
      type,
      (event) => {
        if (state.done || !(event.target instanceof Element)) return;
        const control = event.target.closest(type === 'submit' ? 'form' : selector);
        if (!control) return;
        event.preventDefault();
        event.stopImmediatePropagation();
        if (!state.held.includes(control)) state.held.push(control);
        control.setAttribute(mark, '');
      },
      true,
    );
  }
}

/**
 * A part of the page whose code loads later than the page's (src/ui/hooks/when-near-viewport.ts):
 * a press held for a control inside it waits for that part's code, not just for the page's.
 */
export interface PendingPart {
  contains(control: Element): boolean;
  /** Keeps the press and replays it once the part has hydrated. */
  take(control: HTMLElement): void;
}

const pendingParts = new Set<PendingPart>();

/** Registers a part whose code is not in yet; the function returned says it now is. */
export function registerPendingPart(part: PendingPart): () => void {
  pendingParts.add(part);
  return () => pendingParts.delete(part);
}

/** The head script's state, when it ran on this page. */
function earlyPresses(): EarlyPresses | undefined {
  return (self as unknown as Record<string, EarlyPresses | undefined>)[EARLY_PRESSES_KEY];
}

/**
 * Replays the held presses on the hydrated page: a control React replaced since is found again by
 * its id, and one inside a part whose code is still loading is handed to that part. Holding stops
 * first, so the replayed presses reach the page's own handlers.
 */
export function replayEarlyPresses(): void {
  const state = earlyPresses();
  if (!state) return;
  state.done = true;
  const held = state.held.splice(0);
  for (const control of held) {
    control.removeAttribute(HELD_ATTRIBUTE);
    const target = control.isConnected ? control : control.id ? document.getElementById(control.id) : null;
    const part = target ? [...pendingParts].find((pending) => pending.contains(target)) : undefined;
    if (target instanceof HTMLFormElement) target.requestSubmit();
    else if (part && target instanceof HTMLElement) part.take(target);
    else if (target instanceof HTMLElement) target.click();
  }
}

/**
 * Called once hydration has committed. Holding stops at once; the held presses are replayed in a
 * task of their own, after the updates that follow hydration (views that start from the query
 * string or storage) have rendered. A message, not a timer: a paused test clock must not keep
 * the page holding presses.
 */
export function replayEarlyPressesSoon(): void {
  const state = earlyPresses();
  if (!state || state.done) return;
  state.done = true;
  if (state.held.length === 0) return;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    replayEarlyPresses();
  };
  channel.port2.postMessage(null);
}
