import { createElement, lazy, type ComponentType } from 'react';
import { registerPendingPart } from '../boot/early-presses';

/**
 * How far ahead of the viewport below-the-fold code starts loading: three quarters of a screen,
 * enough for a chunk to arrive while the visitor scrolls towards it.
 */
export const NEAR_VIEWPORT_MARGIN = '75% 0px';

/**
 * Server HTML whose code loads on demand: `wanted` resolves once any of its elements comes within
 * NEAR_VIEWPORT_MARGIN of the viewport, or the visitor presses a control in it. Such a press
 * (a jump to an anchor and a tap right away) would reach HTML that does nothing yet: the presses
 * module (src/boot/early-presses.ts) holds every one, in order, and presses them again at
 * `hydrated()`, which the region's code calls once it has hydrated; `failed()` (its code could not
 * load) releases them. With no element or no IntersectionObserver, `wanted` resolves at once.
 */
export interface LazyRegion {
  wanted: Promise<void>;
  hydrated(): void;
  failed(): void;
}

export function lazyRegion(elements: readonly Element[]): LazyRegion {
  if (elements.length === 0 || typeof IntersectionObserver === 'undefined') {
    return { wanted: Promise.resolve(), hydrated: () => {}, failed: () => {} };
  }
  let want: () => void = () => {};
  const wanted = new Promise<void>((resolve) => (want = resolve));
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) want();
    },
    { rootMargin: NEAR_VIEWPORT_MARGIN },
  );
  for (const element of elements) observer.observe(element);
  // Presses in the region, made before or after the page's hydration, wait for its code there.
  const part = registerPendingPart({
    contains: (control) => elements.some((element) => element.contains(control)),
    wanted: () => want(),
  });
  void wanted.then(() => observer.disconnect());
  return { wanted, hydrated: part.hydrated, failed: part.release };
}

/** The element's following siblings: the server HTML of a region that comes after a marker. */
export function siblingsAfter(marker: Element | null): Element[] {
  const siblings: Element[] = [];
  for (let next = marker?.nextElementSibling; next; next = next.nextElementSibling) siblings.push(next);
  return siblings;
}

/**
 * A lazy component whose code loads when its region is wanted (lazyRegion over `elementsOf()`,
 * read when the page's code starts, before hydration). The loaded component gets `onHydrated` to call from an
 * effect, which replays a press held meanwhile.
 * To prerender the section, a caller awaits `load()` behind `import.meta.env.SSR` at its own
 * module's top level. A helper that awaited for it would leave a top-level await in the client
 * bundle, and Rolldown then splits every module the page imports into a chunk of its own.
 */
export function lazyInRegion(
  elementsOf: () => Element[],
  load: () => Promise<ComponentType<{ onHydrated?: () => void }>>,
) {
  // Made at once, with the page's own code and before hydration, so that a press in the region is
  // held from then on, even before React first tries to render it.
  const region = lazyRegion(elementsOf());
  return lazy(async () => {
    await region.wanted;
    const Loaded = await load().catch((error: unknown) => {
      // No control of the region stays waiting on code that is not coming.
      region.failed();
      throw error;
    });
    return { default: () => createElement(Loaded, { onHydrated: region.hydrated }) };
  });
}
