/**
 * The names the two inline scripts (head.entry.ts, boot.entry.ts) and the page's code agree on,
 * and the tags that carry the boot script. The scripts' own text is built from their entry files
 * (scripts/inline-scripts.ts).
 */

/**
 * Set on <html> when the page's address names an anchor (/#planes from another page's menu): every
 * part of the page is then drawn from the start (styles.css), so the browser places the anchor by
 * real heights, not by the guessed heights of parts it has not drawn yet.
 */
export const ANCHOR_LANDING_CLASS = 'to-anchor';

/**
 * Set on <html> by the head script, before the body is laid out, when the visitor already
 * acknowledged the cookie notice: the notice is part of the prerendered HTML (so it paints with the
 * page instead of appearing later), at the top of the page's flow, and this class keeps it out for
 * a returning visitor from the first paint until hydration removes it.
 */
export const COOKIES_ACKNOWLEDGED_CLASS = 'cookies-ok';

/**
 * Set on <html> by the head script, before the body is laid out, when a referral code is active: the
 * home page then keeps room for its referral strip at the top from the first paint, so the strip
 * moves nothing when it appears (src/flows/referral-banner/referral-banner.tsx releases the room).
 * Another page whose address carries a code gets it too, with no effect: it has no such room.
 */
export const REFERRAL_ACTIVE_CLASS = 'has-referral';

/**
 * Where the boot script notes the moment of the first paint (performance.now(), in ms), for the
 * delays that count from when the visitor first saw the page (src/services/page-clock.ts).
 */
export const FIRST_PAINT_KEY = '__firstPaintAt';

/**
 * A file the page may ask for only after its first paint: the element carries its address in this
 * attribute and no `href`, and the boot script moves it to `href` when the page has painted. The
 * content icons' sprite is such a file: Chromium asks for a `<use>` file as soon as the element is
 * parsed, and each request that ends before the largest paint cost every page a round trip in
 * Lighthouse's simulation (the figures: docs/performance.md, "Measurements behind the code").
 * A `<link>` cannot wait this way (HTML requires its `href`): see HEAD_AFTER_PAINT_ELEMENT.
 */
export const HREF_AFTER_PAINT_ATTRIBUTE = 'data-href-after-paint';

/**
 * The class of a flag's colours (src/ui/flag.tsx, `.flag-XX` in styles.css). A prerendered page's
 * first-paint CSS leaves these rules to the whole stylesheet, which follows right after the first
 * paint, as the icons' sprite does: the flag's box and outline (`.flag`) are drawn at once at their
 * size, so nothing moves, and the seven flags' gradients stay out of the page's first round trip.
 */
export const FLAG_ART_CLASS = /^flag-[A-Z]{2}$/;

/**
 * Head elements that wait for the first paint are written inside a `<noscript>` of the head, and
 * the boot script puts each one's markup in its place once the page has painted. The web app
 * manifest's `<link>` is one: Chromium asks for a linked manifest while the page loads (to know if
 * it can be installed), a round trip before the largest paint like the sprite's. With scripts on, a
 * `<noscript>`'s content is only text, so nothing is requested; without scripts (or to a reader of
 * the markup) it is the valid `<link rel="manifest" href>` itself.
 */
export const HEAD_AFTER_PAINT_ELEMENT = 'noscript';

/** The id of the JSON list: the entry module first, then the chunks the page needs at once. */
export const BOOT_MODULES_ID = 'boot-modules';

/** The two tags that replace the entry's `<script type="module" src>` at the end of the body. */
export function bootTags(modules: readonly string[], bootScript: string): string {
  // '<' is escaped so no URL can close the script element early.
  const json = JSON.stringify(modules).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${BOOT_MODULES_ID}">${json}</script><script>${bootScript}</script>`;
}

/** The module list of a prerendered page (empty when it has none). */
export function bootModules(html: string): string[] {
  const match = new RegExp(`<script type="application/json" id="${BOOT_MODULES_ID}">([^<]*)</script>`).exec(
    html,
  );
  if (!match?.[1]) return [];
  const parsed: unknown = JSON.parse(match[1]);
  return Array.isArray(parsed) ? parsed.filter((u): u is string => typeof u === 'string') : [];
}
