/**
 * How a prerendered page starts its code: after the first paint, not before it.
 *
 * A module script in the HTML is fetched while the page is parsed and, when it arrives first (a
 * fast network, a slow phone), it runs and hydrates before the browser paints anything: the
 * visitor waits for hydration to see text that was already in the HTML. This small inline script
 * waits for the browser's first paint (a paint-timing entry: unlike a timer or an animation frame,
 * it is not held back by a test's fake clock), then asks for the entry module and preloads the
 * page's own chunks, so the static HTML shows at once and hydration follows. A hidden tab (opened
 * in the background, or prerendered) paints nothing, and an old browser may not report paints:
 * both start right away. If the code cannot be fetched (the connection dropped), the page stays
 * the readable static HTML it already is, without an uncaught error.
 *
 * The prerender (scripts/prerender.ts) writes the module list as JSON and this script inline; the
 * server allows the script by its hash in the Content-Security-Policy (server/security.ts), so the
 * text below is the one source of both.
 */

import { COOKIE_NOTICE_KEY } from '../domain/constants';

/**
 * Set on <html> before the first paint when the visitor already acknowledged the cookie notice:
 * the strip is part of the prerendered HTML (so it paints with the page instead of appearing
 * later), and this class keeps it hidden for a returning visitor until hydration removes it.
 */
export const COOKIES_ACKNOWLEDGED_CLASS = 'cookies-ok';

/**
 * Where the boot script notes the moment of the first paint (performance.now(), in ms), for the
 * delays that count from when the visitor first saw the page (src/services/page-clock.ts).
 */
export const FIRST_PAINT_KEY = '__firstPaintAt';

/**
 * A file the page may ask for only after its first paint: the element carries its address in this
 * attribute and no `href`, and the boot script moves it to `href` when the page has painted. The
 * web app manifest and the content icons' sprite are such files: Chromium asks for the manifest
 * while the page loads (to know if it can be installed) and for a `<use>` file as soon as the
 * element is parsed, and each request that ends before the largest paint cost every page a round
 * trip in Lighthouse's simulation (LCP 677 to 750 ms on /privacidad, 905 ms on the home page).
 */
export const HREF_AFTER_PAINT_ATTRIBUTE = 'data-href-after-paint';

/** The id of the JSON list: the entry module first, then the chunks the page needs at once. */
export const BOOT_MODULES_ID = 'boot-modules';

export const BOOT_SCRIPT =
  '(()=>{' +
  `try{document.cookie.split("; ").includes("${COOKIE_NOTICE_KEY}=1")&&document.documentElement.classList.add("${COOKIES_ACKNOWLEDGED_CLASS}")}catch{}` +
  `const m=JSON.parse(document.getElementById("${BOOT_MODULES_ID}").textContent);` +
  // Each step is a task of its own (a message to itself: not held back by a fake clock either):
  // adding the page's dozen preloads in one task took 2 to 25 ms of the main thread on a busy
  // machine, a long task on the simulated phone, and linking the home page's 20 icons 2 to 16 ms.
  'const go=()=>{const q=[()=>import(m[0]).catch(()=>{}),' +
  '...m.slice(1).map(h=>()=>{const l=document.createElement("link");' +
  'l.rel="modulepreload";l.crossOrigin="";l.href=h;document.head.append(l)}),' +
  `...[...document.querySelectorAll("[${HREF_AFTER_PAINT_ATTRIBUTE}]")].map(e=>()=>e.setAttribute("href",e.getAttribute("${HREF_AFTER_PAINT_ATTRIBUTE}")))],` +
  'c=new MessageChannel;c.port1.onmessage=()=>{q.shift()();q.length&&c.port2.postMessage(0)};c.port2.postMessage(0)};' +
  'if(document.visibilityState==="hidden"||!self.PerformanceObserver?.supportedEntryTypes?.includes("paint"))go();' +
  `else{const o=new PerformanceObserver(()=>{o.disconnect();self.${FIRST_PAINT_KEY}=performance.now();go()});o.observe({type:"paint",buffered:true})}` +
  '})()';

/** The two tags that replace the entry's `<script type="module" src>` at the end of the body. */
export function bootTags(modules: readonly string[]): string {
  // '<' is escaped so no URL can close the script element early.
  const json = JSON.stringify(modules).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${BOOT_MODULES_ID}">${json}</script><script>${BOOT_SCRIPT}</script>`;
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
