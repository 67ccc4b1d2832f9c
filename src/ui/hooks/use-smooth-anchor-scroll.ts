import { useEffect } from 'react';
import { SMOOTH_SCROLL_MS } from '../../domain/constants';

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Slow start, slow end: 0 → 0, 0.5 → 0.5, 1 → 1. */
export function easeInOutCubic(progress: number): number {
  const t = Math.min(1, Math.max(0, progress));
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

/** Where a scroll from `from` to `to` lasting `durationMs` is after `elapsedMs`. */
export function scrollPositionAt(from: number, to: number, elapsedMs: number, durationMs = SMOOTH_SCROLL_MS) {
  if (durationMs <= 0) return to;
  return from + (to - from) * easeInOutCubic(elapsedMs / durationMs);
}

/**
 * The element a link points at when following it stays on this page (same path and query, a
 * fragment naming an element here); null for any other link, which the browser then follows.
 */
export function inPageTarget(link: HTMLAnchorElement, here: Location, doc: Document): HTMLElement | null {
  if (link.target !== '' && link.target !== '_self') return null;
  if (link.hasAttribute('download')) return null;
  if (link.origin !== here.origin || link.pathname !== here.pathname || link.search !== here.search)
    return null;
  if (link.hash.length < 2) return null;
  let id: string;
  try {
    id = decodeURIComponent(link.hash.slice(1));
  } catch {
    return null;
  }
  return doc.getElementById(id);
}

/** The scroll position that brings the element's top (minus its scroll-margin-top) to the top. */
function topOf(element: HTMLElement): number {
  const margin = Number.parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
  const top = element.getBoundingClientRect().top + window.scrollY - margin;
  const max = document.documentElement.scrollHeight - window.innerHeight;
  return Math.max(0, Math.min(top, max));
}

let frame = 0;

/**
 * Parts further down are drawn only when they come near the viewport (content-visibility in
 * styles.css), so a scroll towards them moves the target as they take their real height, a frame
 * after the scroll reached them. After the last planned step the scroll keeps following the target
 * until it has held still for STILL_FRAMES frames, for at most SETTLE_FRAMES frames.
 */
const STILL_FRAMES = 3;
const SETTLE_FRAMES = 30;

function stopScrolling() {
  if (frame !== 0) cancelAnimationFrame(frame);
  frame = 0;
}

/**
 * Scrolls to an element over SMOOTH_SCROLL_MS (spec section 9), or at once under
 * prefers-reduced-motion, and moves the focus there so keyboard and screen reader users follow.
 * The target is measured again on every frame, so content drawn or loaded above it does not make
 * the scroll miss.
 */
export function scrollToElement(element: HTMLElement): void {
  stopScrolling();
  if (!element.matches('a[href], button, input, select, textarea, [tabindex]')) element.tabIndex = -1;
  element.focus({ preventScroll: true });
  const duration = window.matchMedia(REDUCED_MOTION_QUERY).matches ? 0 : SMOOTH_SCROLL_MS;
  const from = window.scrollY;
  let lastTop = topOf(element);
  if (duration === 0) window.scrollTo({ top: lastTop, behavior: 'instant' });
  let start: number | undefined;
  let settling = 0;
  let still = 0;
  const step = (now: number) => {
    start ??= now;
    const elapsed = now - start;
    const top = topOf(element);
    window.scrollTo({ top: scrollPositionAt(from, top, elapsed, duration), behavior: 'instant' });
    const arrived = elapsed >= duration;
    still = arrived && top === lastTop ? still + 1 : 0;
    lastTop = top;
    if (arrived) settling += 1;
    frame = still >= STILL_FRAMES || settling > SETTLE_FRAMES ? 0 : requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
}

function onClick(event: MouseEvent) {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return;
  const target = inPageTarget(link, window.location, document);
  if (!target) return;
  event.preventDefault();
  if (window.location.hash !== link.hash) window.history.pushState(window.history.state, '', link.hash);
  scrollToElement(target);
}

/** The visitor taking over (wheel, touch, a key) stops a scroll in progress. */
const INTERRUPTIONS = ['wheel', 'touchstart', 'keydown'] as const;

/**
 * Follows every same-page anchor link (menu, 'more info', skip link) with scrollToElement
 * instead of the browser's jump. Used once, by the header every page renders.
 */
export function useSmoothAnchorScroll(): void {
  useEffect(() => {
    document.addEventListener('click', onClick);
    for (const type of INTERRUPTIONS) window.addEventListener(type, stopScrolling, { passive: true });
    return () => {
      document.removeEventListener('click', onClick);
      for (const type of INTERRUPTIONS) window.removeEventListener(type, stopScrolling);
      stopScrolling();
    };
  }, []);
}
