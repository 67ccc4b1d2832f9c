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

function stopScrolling() {
  if (frame !== 0) cancelAnimationFrame(frame);
  frame = 0;
}

/**
 * Scrolls to an element over SMOOTH_SCROLL_MS (spec section 9), or at once under
 * prefers-reduced-motion, and moves the focus there so keyboard and screen reader users follow.
 * The target is measured again on every frame, so content loading above it does not make the
 * scroll miss.
 */
export function scrollToElement(element: HTMLElement): void {
  stopScrolling();
  if (!element.matches('a[href], button, input, select, textarea, [tabindex]')) element.tabIndex = -1;
  element.focus({ preventScroll: true });
  if (window.matchMedia(REDUCED_MOTION_QUERY).matches) {
    window.scrollTo({ top: topOf(element), behavior: 'instant' });
    return;
  }
  const from = window.scrollY;
  let start: number | undefined;
  const step = (now: number) => {
    start ??= now;
    const elapsed = now - start;
    window.scrollTo({ top: scrollPositionAt(from, topOf(element), elapsed), behavior: 'instant' });
    frame = elapsed < SMOOTH_SCROLL_MS ? requestAnimationFrame(step) : 0;
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
