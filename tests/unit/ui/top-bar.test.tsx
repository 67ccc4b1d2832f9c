import { readFileSync } from 'node:fs';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, FLAG_HEIGHT, FLAG_WIDTH } from '../../../src/domain/countries';
import { TopBar, countryHref } from '../../../src/ui/layout/top-bar';

const hrefs = (html: string) => [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]);

describe('the top bar’s flags', () => {
  it('lead to the same page in that country', () => {
    expect(countryHref('/caracteristicas', 'CL')).toBe('/caracteristicas?cc=CL');
    expect(countryHref('/', 'PE')).toBe('/?cc=PE');
    expect(hrefs(renderToString(<TopBar path="/caracteristicas" showCountrySelector />))).toEqual(
      COUNTRY_CODES.map((code) => `/caracteristicas?cc=${code}`),
    );
  });

  it('lead from the not-found page (prerendered as /404, or any unknown path) to the home page’s prices', () => {
    for (const path of ['/404', '/no-existe/para-nada']) {
      expect(hrefs(renderToString(<TopBar path={path} showCountrySelector />)), path).toEqual(
        COUNTRY_CODES.map((code) => `/?cc=${code}#planes`),
      );
    }
  });

  it('are sized by the stylesheet, not by a style attribute on each', () => {
    const html = renderToString(<TopBar path="/" showCountrySelector />);
    expect(html).toContain('class="flag flag-AR"');
    expect(html).not.toContain('style=');
    const rule = /\n\.flag \{([^}]*)\}/.exec(readFileSync('src/styles.css', 'utf8'))?.[1] ?? '';
    expect(rule).toContain(`width: ${FLAG_WIDTH}px;`);
    expect(rule).toContain(`height: ${FLAG_HEIGHT}px;`);
  });
});
