/**
 * How a prerendered page starts its code: after the first paint, not before it. Inline at the end
 * of every page's body, bundled and minified by the build like the head script
 * (scripts/inline-scripts.ts), allowed by its hash in the Content-Security-Policy.
 *
 * A module script in the HTML is fetched while the page is parsed and, when it arrives first (a
 * fast network, a slow phone), it runs and hydrates before the browser paints anything: the
 * visitor waits for hydration to see text that was already in the HTML. This script waits for the
 * browser's first paint (a paint-timing entry: unlike a timer or an animation frame, it is not held
 * back by a test's fake clock), then asks for the entry module and preloads the page's own chunks,
 * so the static HTML shows at once and hydration follows. A hidden tab (opened in the background,
 * or prerendered) paints nothing, and an old browser may not report paints: both start right away.
 * If the code cannot be fetched (the connection dropped), the page stays the readable static HTML
 * it already is, without an uncaught error (and the head script's notice follows).
 */
import {
  BOOT_MODULES_ID,
  FIRST_PAINT_KEY,
  HEAD_AFTER_PAINT_ELEMENT,
  HREF_AFTER_PAINT_ATTRIBUTE,
} from './boot-script';

const modules = JSON.parse(document.getElementById(BOOT_MODULES_ID)?.textContent ?? '[]') as string[];

function go() {
  // Each step is a task of its own (a message to itself: not held back by a fake clock either):
  // the page's dozen preloads, or the home page's icons, added in one task made a long task on
  // the simulated phone (docs/performance.md, "Measurements behind the code").
  const steps = [
    () => void import(/* @vite-ignore */ modules[0] as string).catch(() => {}),
    ...modules.slice(1).map((href) => () => {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }),
    // What waited for the paint (boot-script.ts): the head's <noscript>s become their markup, and
    // elements with the address in an attribute get it as their href.
    ...[...document.querySelectorAll(`head>${HEAD_AFTER_PAINT_ELEMENT},[${HREF_AFTER_PAINT_ATTRIBUTE}]`)].map(
      (element) => () => {
        if (element.localName === HEAD_AFTER_PAINT_ELEMENT) element.outerHTML = element.textContent as string;
        else element.setAttribute('href', element.getAttribute(HREF_AFTER_PAINT_ATTRIBUTE) as string);
      },
    ),
  ];
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    steps.shift()?.();
    if (steps.length > 0) channel.port2.postMessage(0);
  };
  channel.port2.postMessage(0);
}

if (
  document.visibilityState === 'hidden' ||
  !self.PerformanceObserver?.supportedEntryTypes?.includes('paint')
)
  go();
else {
  const observer = new PerformanceObserver(() => {
    observer.disconnect();
    (self as unknown as Record<string, number>)[FIRST_PAINT_KEY] = performance.now();
    go();
  });
  observer.observe({ type: 'paint', buffered: true });
}
