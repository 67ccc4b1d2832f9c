// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyRegion, NEAR_VIEWPORT_MARGIN, siblingsAfter } from '../../../src/ui/lazy-region';

/** A stand-in IntersectionObserver (jsdom has none) that the test fires by hand. */
class FakeObserver {
  static last: FakeObserver | undefined;
  readonly observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: (entries: { isIntersecting: boolean }[]) => void,
    readonly options: { rootMargin?: string },
  ) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  fire(isIntersecting: boolean) {
    this.callback([{ isIntersecting }]);
  }
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  document.body.innerHTML = `
    <section id="antes"></section><div id="marca"></div>
    <section id="a"><button id="boton">Pregunta</button><a id="enlace" href="#faq">FAQ</a></section>
    <section id="b"></section>`;
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('lazy region', () => {
  it('watches every section after the marker, a margin ahead of the viewport', async () => {
    const elements = siblingsAfter(document.getElementById('marca'));
    expect(elements.map((e) => e.id)).toEqual(['a', 'b']);
    const region = lazyRegion(elements);
    expect(FakeObserver.last?.observed).toEqual(elements);
    expect(FakeObserver.last?.options.rootMargin).toBe(NEAR_VIEWPORT_MARGIN);
    FakeObserver.last?.fire(false);
    expect(await settled(region.wanted)).toBe(false);
    FakeObserver.last?.fire(true);
    expect(await settled(region.wanted)).toBe(true);
    expect(FakeObserver.last?.disconnected).toBe(true);
  });

  it('holds a press on a control before the code is in, and presses it again once hydrated', async () => {
    const region = lazyRegion(siblingsAfter(document.getElementById('marca')));
    const button = document.getElementById('boton') as HTMLButtonElement;
    const presses: boolean[] = [];
    button.addEventListener('click', (event) => presses.push(event.defaultPrevented));
    button.click();
    expect(presses).toEqual([]);
    expect(await settled(region.wanted)).toBe(true);
    region.hydrated();
    expect(presses).toEqual([false]);
    button.click();
    expect(presses).toEqual([false, false]);
  });

  it('keeps every press: a toggle pressed twice before the code is in is pressed twice', async () => {
    const region = lazyRegion(siblingsAfter(document.getElementById('marca')));
    const button = document.getElementById('boton') as HTMLButtonElement;
    let presses = 0;
    button.addEventListener('click', () => presses++);
    button.click();
    button.click();
    expect(presses).toBe(0);
    expect(button.hasAttribute('data-held')).toBe(true);
    region.hydrated();
    expect(presses).toBe(2);
    expect(button.hasAttribute('data-held')).toBe(false);
  });

  it('releases its presses when its code fails to load: nothing stays waiting', () => {
    const region = lazyRegion(siblingsAfter(document.getElementById('marca')));
    const button = document.getElementById('boton') as HTMLButtonElement;
    let presses = 0;
    button.addEventListener('click', () => presses++);
    button.click();
    region.failed();
    expect(button.hasAttribute('data-held')).toBe(false);
    expect(presses).toBe(0);
    button.click();
    expect(presses).toBe(1);
  });

  it('lets links and presses outside the region through', async () => {
    const region = lazyRegion(siblingsAfter(document.getElementById('marca')));
    const seen: string[] = [];
    document.addEventListener('click', (event) => seen.push((event.target as Element).id));
    (document.getElementById('enlace') as HTMLAnchorElement).click();
    document.getElementById('antes')?.click();
    expect(seen).toEqual(['enlace', 'antes']);
    expect(await settled(region.wanted)).toBe(false);
  });

  it('wants the code at once where nothing can be watched', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    expect(await settled(lazyRegion([document.body]).wanted)).toBe(true);
    expect(await settled(lazyRegion([]).wanted)).toBe(true);
  });
});
