// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import {
  BOOT_MODULES_ID,
  HEAD_AFTER_PAINT_ELEMENT,
  HREF_AFTER_PAINT_ATTRIBUTE,
  bootModules,
  bootTags,
} from '../../../src/boot/boot-script';

const BOOT = '(()=>{})()';

describe('boot script tags', () => {
  it('carries the module list the boot script reads, entry first', () => {
    const modules = ['/assets/index-a1.js', '/assets/home-page-b2.js'];
    const html = `<body><div id="root"></div>${bootTags(modules, BOOT)}</body>`;
    expect(bootModules(html)).toEqual(modules);
    expect(html).toContain(`<script>${BOOT}</script>`);
  });

  it('never lets a module URL close the script element', () => {
    const tags = bootTags(['/assets/x</script><script>alert(1)</script>.js'], BOOT);
    expect(tags.match(/<\/script>/g)).toHaveLength(2);
    expect(bootModules(tags)).toEqual(['/assets/x</script><script>alert(1)</script>.js']);
  });

  it('finds no modules in a page without the tags', () => {
    expect(bootModules('<html><body><p>Hola</p></body></html>')).toEqual([]);
  });
});

describe('files linked after the first paint', () => {
  function pageWithBoot() {
    // With scripts on, a <noscript>'s content is text: the link's markup, as the prerender wrote it.
    document.head.innerHTML = `<${HEAD_AFTER_PAINT_ELEMENT}></${HEAD_AFTER_PAINT_ELEMENT}>`;
    (document.head.firstElementChild as Element).textContent =
      '<link rel="manifest" href="/manifest.webmanifest">';
    document.body.innerHTML =
      `<svg><use ${HREF_AFTER_PAINT_ATTRIBUTE}="/assets/icons.svg#cart"></use></svg>` +
      `<script type="application/json" id="${BOOT_MODULES_ID}">["data:text/javascript,"]</script>`;
  }
  const linked = () => [
    ...[...document.head.querySelectorAll('link[rel="manifest"]')].map((e) => e.getAttribute('href')),
    ...[...document.querySelectorAll(`[${HREF_AFTER_PAINT_ATTRIBUTE}]`)].map((e) => e.getAttribute('href')),
  ];

  it('waits for the paint, then gives each waiting element its address', async () => {
    pageWithBoot();
    let paint: () => void = () => {};
    const Observer = vi.fn(function (this: unknown, callback: () => void) {
      paint = callback;
      return { observe: () => {}, disconnect: () => {} };
    });
    vi.stubGlobal('PerformanceObserver', Object.assign(Observer, { supportedEntryTypes: ['paint'] }));
    // The entry runs as it is imported, as its built text runs inline.
    vi.resetModules();
    await import('../../../src/boot/boot.entry');
    // Before the paint the manifest's link is only the <noscript>'s text: no element, no request.
    expect(linked()).toEqual([null]);
    paint();
    await vi.waitFor(() => expect(linked()).toEqual(['/manifest.webmanifest', '/assets/icons.svg#cart']));
    expect(document.head.querySelector(HEAD_AFTER_PAINT_ELEMENT)).toBeNull();
    vi.unstubAllGlobals();
  });
});
