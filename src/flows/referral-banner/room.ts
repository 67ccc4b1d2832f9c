/** Set on the strip's room once released (home.css then keeps no room). */
export const ROOM_RELEASED_ATTRIBUTE = 'data-released';

/**
 * How long the page must stay still before a room above the screen is released: a room that
 * shrinks while a smooth scroll (the 'Aplicar' button's, to the plans) is still running would make
 * that scroll land short by its height.
 */
const SCROLL_SETTLED_MS = 200;

/**
 * Calls `release` once `element` (a room at the top of the page) is entirely above the screen and
 * scrolling has stopped, so that the content the visitor sees does not move: the browser's scroll
 * anchoring keeps it in place as the room above it shrinks, and where the browser has none (Safari)
 * the page scrolls back by the room's height. Returns a function that stops watching.
 */
export function releaseRoomOnceScrolledPast(element: HTMLElement, release: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const aboveTheScreen = () => element.getBoundingClientRect().bottom <= 0;
  const settle = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!aboveTheScreen()) return;
      stop();
      const height = element.getBoundingClientRect().height;
      release();
      if (!CSS.supports('overflow-anchor', 'auto')) window.scrollBy(0, -height);
    }, SCROLL_SETTLED_MS);
  };
  const observer = new IntersectionObserver(([entry]) => {
    if (entry && !entry.isIntersecting && aboveTheScreen()) settle();
  });
  function stop() {
    clearTimeout(timer);
    observer.disconnect();
    window.removeEventListener('scroll', onScroll);
  }
  function onScroll() {
    if (timer !== undefined) settle();
  }
  observer.observe(element);
  window.addEventListener('scroll', onScroll, { passive: true });
  return stop;
}
