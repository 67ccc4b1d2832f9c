import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Typography of our own copy (issue 27, item 4), read from the strings and JSX text of src/:
 * - a number and its '%', a currency sign or code and its figure are joined by a no-break space
 *   (a line never ends between them);
 * - a Spanish exclamation or question opens with '¡' or '¿'.
 * tests/e2e/typography.spec.ts checks the same joins in the rendered pages' line boxes.
 */

/** Strings the specification gives verbatim (sections 2 and 8), kept exactly as written. */
const SPEC_STRINGS = ['Ups! Parece que la página no existe', 'Unexpected Application Error!'];

const SPACE = '[ \\t\\n]';
const CODES = '(?:USD|ARS|CLP|COP|MXN|PEN|UYU)';
/** A breakable space inside a figure and its '%', sign or code. */
const BROKEN_JOINS = [
  new RegExp(`\\d${SPACE}+%`),
  new RegExp(`(?:US\\$|\\$|S/)${SPACE}+\\d`),
  new RegExp(`\\b${CODES}${SPACE}+\\d`),
  new RegExp(`\\d${SPACE}+${CODES}\\b`),
];

/** An exclamation or question mark closing a word ('.com?' and '?ref=' are not). */
const CLOSING = /\p{L}([!?])(?=$|[\s"'»)])/gu;
/** Where the sentence a mark closes begins. */
const SENTENCE_START = /^|[.!?:;](?=\s)|[«»]/g;

/**
 * Every piece of text in a source file: string literals, template text (a substitution reads as a
 * number) and JSX text; a Markdown file (a blog post) is all text.
 */
function textsOf(file: string): string[] {
  if (file.endsWith('.md')) return [readFileSync(file, 'utf8')];
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      texts.push(node.text);
    } else if (ts.isTemplateExpression(node)) {
      texts.push(node.head.text + node.templateSpans.map((span) => `0${span.literal.text}`).join(''));
    } else if (ts.isJsxText(node)) {
      texts.push(node.getText());
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

function brokenJoins(text: string): string[] {
  return BROKEN_JOINS.flatMap((pattern) => text.match(pattern) ?? []);
}

function missingOpeningMarks(text: string): string[] {
  let rest = text;
  for (const verbatim of SPEC_STRINGS) rest = rest.split(verbatim).join('');
  return [...rest.matchAll(CLOSING)].flatMap((closing) => {
    const end = closing.index + closing[0].length;
    const starts = [...rest.slice(0, end).matchAll(SENTENCE_START)].map((s) => s.index + s[0].length);
    const sentence = rest.slice(Math.max(...starts), end);
    return sentence.includes(closing[1] === '!' ? '¡' : '¿') ? [] : [sentence.trim()];
  });
}

const FILES = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .map((f) => join('src', f))
  .filter((file) => /\.(ts|tsx|md)$/.test(file))
  .sort();

describe('typography of our own copy', () => {
  it('the checks catch a broken join and a missing opening mark, and let the right forms through', () => {
    expect(brokenJoins('Vende con 0 % de comisión desde US$ 12 o 12 USD')).toEqual(['0 %', 'US$ 1', '2 USD']);
    expect(
      brokenJoins('Vende con 0\u00a0% de comisión desde US$\u00a012, 12\u00a0USD o $\u00a014.000'),
    ).toEqual([]);
    expect(missingOpeningMarks('Hola! Quiero más información. Cómo va?')).toEqual(['Hola!', 'Cómo va?']);
    expect(
      missingOpeningMarks('¡Hola! Quiero saber: ¿me ayudan? ¿Y el dominio .com? Ver /registro?ref=x'),
    ).toEqual([]);
    expect(missingOpeningMarks('Ups! Parece que la página no existe')).toEqual([]);
  });

  it('reads the strings, template text and JSX text of a file', () => {
    expect(FILES.length).toBeGreaterThan(50);
    const texts = textsOf('src/flows/country-prices/copy.ts');
    expect(texts).toContain('0\u00a0% de descuento con el código 0');
  });

  it.each(FILES)('%s', (file) => {
    const texts = textsOf(file);
    expect(texts.flatMap(brokenJoins)).toEqual([]);
    expect(texts.flatMap(missingOpeningMarks)).toEqual([]);
  });
});
