import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flows, type FlowEntry } from '../../../src/flows/catalogue';

/**
 * The flow catalogue is read by product owners who read only Spanish, in the flow explorer
 * (/flujos/) and in docs/flows/: no title, description or note carries a common English word.
 * Three things are skipped: text in backticks (an identifier: `contact.submit`, `{ field, value }`),
 * a page path (/mobile/bienvenida), and a quoted string ('No more posts to show') that the site's
 * own source holds verbatim, as the spec's strings stay exactly as they are. A quoted string the
 * source does not hold is checked like the rest, so quotes cannot hide English.
 */
const ENGLISH = new Set([
  'the',
  'and',
  'or',
  'when',
  'is',
  'are',
  'be',
  'it',
  'its',
  'this',
  'that',
  'which',
  'of',
  'with',
  'without',
  'to',
  'on',
  'in',
  'at',
  'by',
  'for',
  'from',
  'an',
  'if',
  'not',
  'only',
  'after',
  'before',
  'then',
  'else',
  'otherwise',
  'while',
  'until',
  'each',
  'every',
  'new',
  'first',
  'next',
  'back',
  'page',
  'button',
  'click',
  'show',
  'shows',
  'shown',
  'hide',
  'hides',
  'hidden',
  'send',
  'sends',
  'sent',
  'load',
  'loads',
  'sets',
  'keeps',
  'stores',
  'waits',
  'step',
  'steps',
  'lead',
  'wizard',
  'form',
  'field',
  'value',
  'submit',
  'retry',
  'update',
  'spinner',
  'timeout',
  'token',
  'cache',
  'dropdown',
  'checkbox',
  'toggle',
  'default',
  'fallback',
  'provided',
  'view',
  'visitor',
  'user',
  'flow',
  'spec',
  'section',
]);

/** The site's source, without the catalogue itself: where a quoted spec string must be found. */
const SOURCE = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter(
    (file) => /\.(ts|tsx)$/.test(file) && !/\.flow\.ts$/.test(file) && file !== join('flows', 'catalogue.ts'),
  )
  .map((file) => readFileSync(join('src', file), 'utf8'))
  .join('\n');

const BACKTICKED = /`[^`]*`/g;
const QUOTED = /'([^'\n]*)'|"([^"\n]*)"|‘([^’\n]*)’|“([^”\n]*)”/g;
const PATH = /(?<![\p{L}\p{N}])\/[\p{L}\p{N}_./-]*/gu;

/** Whether the source holds the string, a `{name}` in it standing for a `${name}` of a template. */
function isSiteString(text: string, source: string): boolean {
  return (
    source.includes(text) || source.includes(text.replace(/\{(\w+)\}/g, (_, name: string) => `\${${name}}`))
  );
}

/** The English words of a catalogue text, outside identifiers, paths and the site's own strings. */
function englishWordsIn(text: string, source: string = SOURCE): string[] {
  const prose = text
    .replace(BACKTICKED, ' ')
    .replace(QUOTED, (quote, ...groups: (string | undefined)[]) => {
      const inner = groups.slice(0, 4).find((g) => g !== undefined) ?? '';
      return isSiteString(inner, source) ? ' ' : ` ${inner} `;
    })
    .replace(PATH, ' ');
  return (prose.match(/\p{L}+/gu) ?? []).filter((word) => ENGLISH.has(word.toLowerCase()));
}

/** Every text of an entry a product owner reads, named by where it sits. */
function textsOf(entry: FlowEntry): [string, string][] {
  return [
    ['title', entry.title],
    ['description', entry.description],
    ...Object.entries(entry.notes).flatMap(([kind, notes]: [string, Readonly<Record<string, unknown>>]) =>
      Object.entries(notes).flatMap(([name, note]) => dataTexts(`notes.${kind}.${name}`, note)),
    ),
  ];
}

/** The texts of a note: a line, or the meanings of a datum, its values and its fields. */
function dataTexts(where: string, note: unknown): [string, string][] {
  if (typeof note === 'string') return [[where, note]];
  if (typeof note !== 'object' || note === null) return [];
  return Object.entries(note).flatMap(([key, inner]) =>
    key === 'meaning' && typeof inner === 'string'
      ? [[where, inner] as [string, string]]
      : dataTexts(`${where}.${key}`, inner),
  );
}

describe('flow catalogue: plain Spanish', () => {
  it('the check finds English words and lets identifiers, paths and the spec strings through', () => {
    const source = "const a = 'No more posts to show';\nconst b = `Falló para pais ${code}`;";
    expect(englishWordsIn('Shows the next page when the button is pressed.', source)).toEqual([
      'Shows',
      'the',
      'next',
      'page',
      'when',
      'the',
      'button',
      'is',
    ]);
    expect(
      englishWordsIn(
        "El visitante pulsa el botón (`step.next`, `{ value }`) en /registro/is; aparece 'No more posts to show' o 'Falló para pais {code}'.",
        source,
      ),
    ).toEqual([]);
    // A quoted string the source does not hold is prose like the rest.
    expect(englishWordsIn("Se muestra 'Thanks for the visit'.", source)).toEqual(['for', 'the']);
  });

  it('the spec strings the catalogue quotes are found in the source', () => {
    for (const text of [
      "'PREPARANDO TU CUENTA...'",
      "'You have successfully subscribed to our mailing list.'",
    ])
      expect(englishWordsIn(text)).toEqual([]);
  });

  for (const flow of flows) {
    it(`${flow.slug}: the title, description and notes carry no English word`, () => {
      const found = textsOf(flow)
        .map(([where, text]) => [where, englishWordsIn(text)] as const)
        .filter(([, words]) => words.length > 0)
        .map(([where, words]) => `${where}: ${words.join(', ')}`);
      expect(found).toEqual([]);
    });
  }
});
