import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One voice (issue 8, item 9): copy in neutral Latin-American Spanish with tú. Voseo verb forms
 * end in a stressed vowel (revisá, elegí, podés, tenés); this flags every word that does, except
 * the ordinary words below and tú futures (podrás, verá).
 */
const ORDINARY = new Set([
  // Food, places and names the product's copy may use.
  'ají',
  'bebé',
  'bogotá',
  'canapé',
  'josé',
  'maní',
  'puré',
  'té',
  'además',
  'ahí',
  'allí',
  'aquí',
  'así',
  'atrás',
  'través',
  'café',
  'demás',
  'después',
  'detrás',
  'déjanos',
  'está',
  'estás',
  'esté',
  'jamás',
  'más',
  'panamá',
  'país',
  'qué',
  'sí',
  'también',
  'empecé',
  // First-person preterites (yo pagué, recibí), not voseo.
  'pagué',
  'recibí',
]);
const FUTURE = /r[áé]s?$/u;
const STRESSED_END = /(?<!\p{L})\p{L}+[áéí]s?(?!\p{L})|(?<!\p{L})vos(?!\p{L})/gu;

/** The spec's own strings, kept verbatim even where they use vos (spec section 8). */
const SPEC_STRINGS = ['Estamos en mantenimiento. Por favor, volvé a intentar más tarde'];

/** Files not in this voice pass: quotes in the owners' own words, and copy converted elsewhere. */
const NOT_CHECKED = new Set([
  // Testimonials are the business owners' own words (spec section 3: user content).
  'src/content/home/testimonials.ts',
]);

const FILES = ['src', 'server', 'scripts']
  .flatMap((root) => readdirSync(root, { recursive: true, encoding: 'utf8' }).map((f) => join(root, f)))
  .filter((file) => /\.(ts|tsx)$/.test(file))
  .sort();

function voseoIn(text: string): string[] {
  let rest = text;
  for (const verbatim of SPEC_STRINGS) rest = rest.split(verbatim).join('');
  return [...rest.matchAll(STRESSED_END)]
    .map((m) => m[0])
    .filter((word) => !ORDINARY.has(word.toLowerCase()) && !FUTURE.test(word));
}

describe('one voice: tú, not vos', () => {
  it('the check catches voseo and lets tú, futures and the spec strings through', () => {
    expect(voseoIn('Revisá el e-mail, elegí tu país: podés y tenés; vos sabés.')).toEqual([
      'Revisá',
      'elegí',
      'podés',
      'tenés',
      'vos',
      'sabés',
    ]);
    expect(voseoIn('Revisa el e-mail, elige tu país: puedes, tienes y podrás más; así está.')).toEqual([]);
    expect(voseoIn('Estamos en mantenimiento. Por favor, volvé a intentar más tarde.')).toEqual([]);
  });

  it('every file not listed is checked, and every listed file still exists', () => {
    expect(FILES.length).toBeGreaterThan(50);
    for (const file of NOT_CHECKED) expect(FILES).toContain(file);
  });

  it.each(FILES.filter((file) => !NOT_CHECKED.has(file)))('%s speaks with tú', (file) => {
    expect(voseoIn(readFileSync(file, 'utf8'))).toEqual([]);
  });
});
