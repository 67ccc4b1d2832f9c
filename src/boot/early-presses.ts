/**
 * Presses made before the code behind them runs: the one owner of holding, handing over and
 * replaying them (docs/first-seconds.md).
 *
 * A prerendered page paints long before its code arrives, and a lazily loaded part of it (a
 * section, the newsletter form) later still; until then a button, a checkbox or a form's submit
 * does nothing (or, for a form, posts it away from the page). The head script (head.entry.ts)
 * installs holdPresses() from the first byte: such a press is stopped, its control is marked with
 * HELD_ATTRIBUTE (drawn as waiting, styles.css) and the press joins a queue. Every press is kept,
 * in order: a toggle pressed twice ends pressed twice.
 * - The page's queue is replayed once the page has hydrated (replayEarlyPressesSoon). A press made
 *   after hydration while earlier ones still wait joins the queue behind them.
 * - A part whose code is still loading (registerPendingPart) has a queue of its own: a press in it
 *   waits there, also after the page has hydrated, until the part says it has hydrated.
 * - A page that has not hydrated after PAGE_LOAD_NOTICE_MS gives up (giveUpHolding): every mark is
 *   released, the held presses are dropped and nothing is held any more, so the page behaves as
 *   the plain HTML it is (its forms post to the server).
 * Links, text fields and selects need no holding: links work without code, and what is typed or
 * chosen stays in the field until the view adopts it.
 *
 * The head script and the page's code are two bundles: they share the state through
 * self[EARLY_PRESSES_KEY], and only the head script listens to presses.
 */
import { hideNotLoadedNotice, showNotLoadedNotice } from './not-loaded';

/** Controls whose press is held until their code is in (links work without code). */
const PRESSABLE = 'button,[role=button],summary,input[type=checkbox],input[type=radio]';

/** Set on a held control until its last held press is replayed. */
export const HELD_ATTRIBUTE = 'data-held';

/** Where the head script keeps the state, for the page's code. */
export const EARLY_PRESSES_KEY = '__earlyPresses';

/** A held press: a control's click, or a form's submit (Enter in a form without a button). */
interface Press {
  control: Element;
  submit: boolean;
}

/** A part of the page whose code loads later than the page's (src/ui/lazy-region.ts). */
export interface PendingPart {
  contains(control: Element): boolean;
  /** Called with each press held for the part: the part should load its code now. */
  wanted(): void;
}

interface Part extends PendingPart {
  queue: Press[];
}

// The fields left out of the head script's object literal (every byte of it is in every page)
// are false until set.
interface Presses {
  /** Presses waiting for the page's code. */
  queue: Press[];
  /** Parts whose code is not in yet, each with its own queue. */
  parts: Part[];
  /** The page has hydrated: a press waits only behind earlier ones or for a pending part. */
  live?: boolean;
  /**
   * Nothing is held: a held press is being pressed again (it must reach the page), or the page
   * did not hydrate in time (until it hydrates after all).
   */
  off?: boolean;
}

const stateOf = () => (self as unknown as Record<string, Presses | undefined>)[EARLY_PRESSES_KEY];

/**
 * Installs the holding (the head script, at the first byte). Where no head script ran (the
 * development server, a unit test), the page's code installs it on first use, already live.
 */
export function holdPresses(live?: boolean): Presses {
  const state: Presses = { queue: [], parts: [], live };
  (self as unknown as Record<string, Presses>)[EARLY_PRESSES_KEY] = state;
  const hold = (event: Event) => {
    if (state.off || !(event.target instanceof Element)) return;
    const submit = event.type === 'submit';
    const control = event.target.closest(submit ? 'form' : PRESSABLE);
    if (!control) return;
    const pending = state.parts.find((part) => part.contains(control));
    if (!pending && state.live && state.queue.length === 0) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    control.setAttribute(HELD_ATTRIBUTE, '');
    (pending ?? state).queue.push({ control, submit });
    pending?.wanted();
  };
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
  return state;
}

function queues(state: Presses): Press[][] {
  return [state.queue, ...state.parts.map((part) => part.queue)];
}

/** Removes the control's mark unless another of its presses still waits. */
function unmark(state: Presses, control: Element): void {
  if (!queues(state).some((queue) => queue.some((press) => press.control === control)))
    control.removeAttribute(HELD_ATTRIBUTE);
}

/** The control to press now: the held one, or the one React put in its place (same id). */
function current(control: Element): Element | null {
  if (control.isConnected) return control;
  return control.id ? document.getElementById(control.id) : null;
}

/** Presses a held press again, past the holding. */
function press(state: Presses, { control, submit }: Press): void {
  const target = current(control);
  state.off = true;
  try {
    if (submit && target instanceof HTMLFormElement) target.requestSubmit();
    else if (target instanceof HTMLElement) target.click();
  } finally {
    state.off = false;
  }
}

/**
 * Replays the page's queue in order: a press whose control is in a part still loading moves to
 * that part's queue (its code will press it), every other one is pressed again now.
 */
function drainPage(state: Presses): void {
  while (state.queue.length > 0) {
    const held = state.queue.shift() as Press;
    const target = current(held.control);
    const pending = target ? state.parts.find((part) => part.contains(target)) : undefined;
    if (target && pending) {
      if (target !== held.control) held.control.removeAttribute(HELD_ATTRIBUTE);
      target.setAttribute(HELD_ATTRIBUTE, '');
      pending.queue.push({ control: target, submit: held.submit });
      pending.wanted();
      continue;
    }
    unmark(state, held.control);
    press(state, held);
  }
}

/**
 * Called once the page's hydration has committed. From then on a press waits only behind earlier
 * ones; the queue is replayed in a task of its own, after the updates that follow hydration (views
 * that start from the query string or storage) have rendered. A message, not a timer: a paused
 * test clock must not keep the page holding presses. A page that had given up holds again (its
 * code is here after all) and takes its notice away.
 */
export function replayEarlyPressesSoon(): void {
  const state = stateOf() ?? holdPresses(true);
  if (state.live) return;
  state.live = true;
  state.off = false;
  hideNotLoadedNotice();
  if (state.queue.length === 0) return;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    drainPage(state);
  };
  channel.port2.postMessage(null);
}

/** Replays the page's queue now (the page has hydrated). */
export function replayEarlyPresses(): void {
  const state = stateOf();
  if (!state) return;
  state.live = true;
  drainPage(state);
}

/** What a pending part's code calls: it has hydrated, or it failed to load. */
export interface PartHandle {
  /** The part's code is live: its presses are replayed, in order. */
  hydrated(): void;
  /** The part's code will not come: its presses are dropped and their marks released. */
  release(): void;
}

/** Registers a part whose code is not in yet: presses in it are held until it says otherwise. */
export function registerPendingPart(part: PendingPart): PartHandle {
  const state = stateOf() ?? holdPresses(true);
  const pending: Part = {
    contains: (control) => part.contains(control),
    wanted: () => part.wanted(),
    queue: [],
  };
  state.parts.push(pending);
  const settle = (replay: boolean) => {
    const index = state.parts.indexOf(pending);
    if (index === -1) return;
    state.parts.splice(index, 1);
    for (const held of pending.queue.splice(0)) {
      unmark(state, held.control);
      if (replay) press(state, held);
    }
  };
  return { hydrated: () => settle(true), release: () => settle(false) };
}

/**
 * The page has not hydrated in time (the head script's timer): no control stays waiting, nothing
 * is held any more, and the page says it did not finish loading.
 */
export function giveUpHolding(): void {
  const state = stateOf();
  if (!state || state.live || state.off) return;
  state.off = true;
  for (const queue of queues(state)) queue.length = 0;
  for (const control of document.querySelectorAll(`[${HELD_ATTRIBUTE}]`))
    control.removeAttribute(HELD_ATTRIBUTE);
  showNotLoadedNotice();
}
