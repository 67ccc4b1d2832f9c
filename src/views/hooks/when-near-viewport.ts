/**
 * How far ahead of the viewport below-the-fold code starts loading: three quarters of a screen,
 * enough for a chunk to arrive while the visitor scrolls towards it.
 */
export const NEAR_VIEWPORT_MARGIN = '75% 0px';

/**
 * Resolves once any of `elements` comes within NEAR_VIEWPORT_MARGIN of the viewport: the code of
 * sections far down the page is fetched when the visitor heads there, not during the page load.
 * Pass every element of the region (a jump to an anchor lands in its middle, past its first one).
 * Resolves at once when there is no element or no IntersectionObserver (the code then loads as
 * before).
 */
export function whenNearViewport(elements: readonly Element[]): Promise<void> {
  if (elements.length === 0 || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    for (const element of elements) observer.observe(element);
  });
}

/** The element's following siblings: the server HTML of a region that comes after a marker. */
export function siblingsAfter(marker: Element | null): Element[] {
  const siblings: Element[] = [];
  for (let next = marker?.nextElementSibling; next; next = next.nextElementSibling) siblings.push(next);
  return siblings;
}
