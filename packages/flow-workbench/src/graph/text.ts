/**
 * Text in the diagram, measured without a browser (the layout is computed when the explorer is
 * built, and again for the docs' SVG): the meanings in a sans-serif font whose metrics Arial,
 * Helvetica and Liberation Sans share, the identifiers in a monospace font. Widths are per
 * 1000 units of the font size, from Helvetica's published metrics; a little slack covers a
 * browser that falls back to a wider font.
 */

export const SANS_FONT = "Arial, 'Liberation Sans', Helvetica, 'Helvetica Neue', sans-serif";
export const MONO_FONT = "ui-monospace, 'DejaVu Sans Mono', 'Liberation Mono', Menlo, Consolas, monospace";

/** Advance of a monospace character, per 1000 units (DejaVu Sans Mono and Menlo: 602; Consolas: 550). */
const MONO_ADVANCE = 602;
const SLACK = 1.06;

/** Characters by their advance (Helvetica's metrics). */
const GROUPS: readonly [number, string][] = [
  [191, "'"],
  [222, 'ijl‘’'],
  [260, '|'],
  [278, ' !,./:;[\\]fIt·'],
  [333, '()-`r¡“”'],
  [334, '{}'],
  [355, '"'],
  [365, 'º'],
  [370, 'ª'],
  [389, '*'],
  [400, '°'],
  [469, '^'],
  [500, 'cksvxyzJ'],
  [556, '#$0123456789?_abdeghnopqu«»–L'],
  [584, '+<=>~≈'],
  [611, 'FTZ¿'],
  [667, '&ABEKPSVXY'],
  [722, 'CDHNRUw'],
  [778, 'GOQ'],
  [833, 'Mm'],
  [889, '%'],
  [944, 'W'],
  [1000, '…—→↻'],
  [1015, '@'],
];

const WIDTHS = new Map<string, number>();
for (const [width, chars] of GROUPS) for (const ch of chars) WIDTHS.set(ch, width);

function advance(ch: string): number {
  const known = WIDTHS.get(ch);
  if (known !== undefined) return known;
  // Accented letters are as wide as their base letter: á, É, ñ, ü...
  const base = ch.normalize('NFD')[0];
  if (base !== undefined && base !== ch) {
    const b = WIDTHS.get(base);
    if (b !== undefined) return b;
  }
  return 600;
}

/** The width in px of `text` in the sans-serif font at `size` px. */
export function sansWidth(text: string, size: number): number {
  let units = 0;
  for (const ch of text) units += advance(ch);
  return (units * size * SLACK) / 1000;
}

/** The width in px of `text` in the monospace font at `size` px. */
export function monoWidth(text: string, size: number): number {
  return ([...text].length * MONO_ADVANCE * size * SLACK) / 1000;
}

/**
 * Splits text into lines no wider than `max` px at spaces; a word wider than a line is cut at
 * `.` or wherever it must (identifiers are long words).
 */
export function wrapText(text: string, max: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  const pushWord = (word: string) => {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (measure(candidate) <= max) {
      line = candidate;
      return;
    }
    if (line !== '') lines.push(line);
    line = '';
    let rest = word;
    while (measure(rest) > max) {
      let cut = rest.length - 1;
      while (cut > 1 && measure(rest.slice(0, cut)) > max) cut--;
      const dot = rest.lastIndexOf('.', cut - 1);
      if (dot > cut / 2) cut = dot + 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  };
  for (const word of text.split(/\s+/)) if (word !== '') pushWord(word);
  if (line !== '') lines.push(line);
  return lines;
}
