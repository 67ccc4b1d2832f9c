// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { SMOOTH_SCROLL_MS } from '../../../src/domain/constants';
import {
  easeInOutCubic,
  inPageTarget,
  scrollPositionAt,
} from '../../../src/ui/hooks/use-smooth-anchor-scroll';

describe('smooth scroll timing', () => {
  it('lasts the 1500 ms of spec section 9: starts at the start, ends at the target, never overshoots', () => {
    expect(scrollPositionAt(100, 2100, 0)).toBe(100);
    expect(scrollPositionAt(100, 2100, 750)).toBeCloseTo(1100);
    expect(scrollPositionAt(100, 2100, 1499)).toBeLessThan(2100);
    expect(scrollPositionAt(100, 2100, 1500)).toBe(2100);
    expect(scrollPositionAt(100, 2100, 4000)).toBe(2100);
    expect(scrollPositionAt(2100, 100, 750)).toBeCloseTo(1100);
  });

  it('moves forward on every frame', () => {
    let last = -1;
    for (let t = 0; t <= SMOOTH_SCROLL_MS; t += 16) {
      const y = scrollPositionAt(0, 3000, t);
      expect(y).toBeGreaterThanOrEqual(last);
      last = y;
    }
    expect(easeInOutCubic(-1)).toBe(0);
    expect(easeInOutCubic(2)).toBe(1);
  });
});

describe('inPageTarget', () => {
  document.body.innerHTML = '<section id="planes"></section><section id="ñandú"></section>';
  const here = new URL('http://sitio.test/?cc=AR') as unknown as Location;
  const link = (href: string, attrs: Record<string, string> = {}) => {
    const a = document.createElement('a');
    a.href = new URL(href, 'http://sitio.test/?cc=AR').href;
    for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
    return a;
  };

  it('finds the section a same-page link points at', () => {
    expect(inPageTarget(link('#planes'), here, document)?.id).toBe('planes');
    expect(inPageTarget(link('/?cc=AR#planes'), here, document)?.id).toBe('planes');
    expect(inPageTarget(link('#%C3%B1and%C3%BA'), here, document)?.id).toBe('ñandú');
  });

  it('leaves every other link to the browser', () => {
    expect(inPageTarget(link('/caracteristicas#planes'), here, document)).toBeNull();
    expect(inPageTarget(link('/?cc=CL#planes'), here, document)).toBeNull();
    expect(inPageTarget(link('https://otro.test/?cc=AR#planes'), here, document)).toBeNull();
    expect(inPageTarget(link('#planes', { target: '_blank' }), here, document)).toBeNull();
    expect(inPageTarget(link('#no-existe'), here, document)).toBeNull();
    expect(inPageTarget(link('#'), here, document)).toBeNull();
    expect(inPageTarget(link('#%E0%A4%A'), here, document)).toBeNull();
  });
});
