import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FLAG_ART_CLASS } from '../../../src/boot/boot-script';
import { COUNTRY_CODES } from '../../../src/domain/countries';
import { Flag } from '../../../src/ui/flag';
import { usedCss } from '../../../scripts/prune-css';

const STYLES = readFileSync('src/styles.css', 'utf8');

describe('Flag', () => {
  it.each(COUNTRY_CODES)(
    '%s: the first paint draws its box at its size; its colours come with the whole stylesheet',
    async (code) => {
      const html = renderToStaticMarkup(<Flag country={{ codigo: code }} label={code} />);
      const classes = /class="([^"]+)"/.exec(html)?.[1]?.split(' ') ?? [];
      expect(classes.filter((c) => FLAG_ART_CLASS.test(c))).toEqual([`flag-${code}`]);
      const [firstPaint] = await usedCss([STYLES], `<body>${html}</body>`, [], [FLAG_ART_CLASS]);
      expect(firstPaint).toMatch(/\.flag\s*\{[^}]*width:\s*24px[^}]*height:\s*16px/);
      expect(firstPaint).not.toContain(`.flag-${code}`);
      // The whole stylesheet, which follows the first paint, has the colours.
      expect((await usedCss([STYLES], `<body>${html}</body>`))[0]).toMatch(
        new RegExp(`\\.flag-${code}\\s*\\{[^}]*gradient`),
      );
    },
  );
});
