import { describe, expect, it } from 'vitest';
import { attributionToStore, readStoredAttribution } from '../../../src/domain/attribution';
import { hasHiddenChars } from '../../../src/domain/hidden-chars';
import { isCampaignText } from '../../../src/domain/landing';
import { PROSPECT_FIELD_LABELS } from '../../../src/domain/prospect';
import { validateProspect } from '../../../src/domain/prospect-schema';

/**
 * One rule for the characters that hide or reorder text (issue 51, item 4), applied to the names
 * and to every campaign value, by the browser (the landing, the wizard's check) and the API alike.
 */

const REFUSED: readonly [string, string][] = [
  ['a line separator', '\u2028'],
  ['a paragraph separator', '\u2029'],
  ['a left-to-right embedding', '\u202A'],
  ['a right-to-left embedding', '\u202B'],
  ['a pop directional formatting', '\u202C'],
  ['a left-to-right override', '\u202D'],
  ['a right-to-left override', '\u202E'],
  ['a left-to-right isolate', '\u2066'],
  ['a right-to-left isolate', '\u2067'],
  ['a first-strong isolate', '\u2068'],
  ['a pop directional isolate', '\u2069'],
  ['a left-to-right mark', '\u200E'],
  ['a right-to-left mark', '\u200F'],
  ['an Arabic letter mark', '\u061C'],
  ['a deprecated symmetric-swapping control', '\u206A'],
  ['an interlinear annotation anchor', '\uFFF9'],
  ['a newline', '\n'],
  ['a tab', '\t'],
  ['NUL', '\u0000'],
  ['a C1 control', '\u0085'],
  ['a lone surrogate', '\uD800'],
];

const KEPT: readonly [string, string][] = [
  ['accents and ñ', 'Ñandú José'],
  ['an emoji sequence with a zero-width joiner', 'Cocina 👩‍🍳'],
  ['a zero-width non-joiner (Persian)', 'می\u200Cخواهم'],
  ['right-to-left letters', 'مريم כהן'],
  ['a flag of tags', '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}'],
  ['a soft hyphen and a zero-width space', 'Pizze\u00ADría\u200B Luis'],
];

const BODY = {
  nombreEmpresa: 'Pizzería Luis',
  nombre: 'Luis',
  apellido: 'Pérez',
  pais: { codigo: 'CL', nombre: 'Chile', prefijo: '+56' },
  whatsapp: '+56912345678',
  infoEmpresa: '{}',
};

const fieldsOf = (body: Record<string, unknown>) => {
  const result = validateProspect({ ...BODY, ...body });
  return result.ok ? [] : result.errors.map((e) => e.campo);
};

describe('characters that hide or reorder text', () => {
  it.each(REFUSED)('%s is refused in a name and in a campaign value', (_, char) => {
    const text = `Ana${char}María`;
    expect(hasHiddenChars(text)).toBe(true);
    expect(isCampaignText(text)).toBe(false);
    expect(fieldsOf({ nombre: text })).toEqual(['nombre']);
    expect(fieldsOf({ nombreEmpresa: text })).toEqual(['nombre de la empresa']);
    expect(fieldsOf({ utmCampaign: text })).toEqual([PROSPECT_FIELD_LABELS.utmCampaign]);
    expect(fieldsOf({ fbclid: text })).toEqual([PROSPECT_FIELD_LABELS.fbclid]);
  });

  it.each(KEPT)('%s is kept in a name and in a campaign value', (_, text) => {
    expect(hasHiddenChars(text)).toBe(false);
    expect(isCampaignText(text)).toBe(true);
    expect(fieldsOf({ nombre: text, utmCampaign: text, urlQueryString: 'utm_source=ig' })).toEqual([]);
  });

  it('a name with one says what it is, in Spanish, for each name field', () => {
    const result = validateProspect({
      ...BODY,
      nombreEmpresa: 'A\u2028B',
      nombre: 'A\u202EB',
      apellido: 'A\u2066B',
    });
    expect(result.ok ? [] : result.errors).toEqual([
      {
        campo: 'nombre de la empresa',
        mensaje:
          'El nombre de la empresa tiene un salto de línea o un carácter invisible (suele venir al copiar y pegar). Escríbelo de nuevo.',
      },
      {
        campo: 'nombre',
        mensaje:
          'El nombre tiene un salto de línea o un carácter invisible (suele venir al copiar y pegar). Escríbelo de nuevo.',
      },
      {
        campo: 'apellido',
        mensaje:
          'El apellido tiene un salto de línea o un carácter invisible (suele venir al copiar y pegar). Escríbelo de nuevo.',
      },
    ]);
  });

  it('the landing leaves a campaign parameter carrying one out of the visit, and keeps the rest', () => {
    expect(attributionToStore('?utm_source=ig&utm_campaign=verano%E2%80%AE2026&utm_term=t')).toBe(
      'utm_source=ig&utm_term=t',
    );
    expect(attributionToStore('?utm_source=ig&fbclid=abc%E2%80%A8def')).toBe('utm_source=ig');
    // A trigger that carries one stores nothing.
    expect(attributionToStore('?utm_source=ig%E2%81%A6')).toBeUndefined();
    // What an older visit stored before this rule is read back without it.
    expect(readStoredAttribution('utm_source=ig&utm_campaign=ver%E2%80%AEano')?.utmCampaign).toBeUndefined();
  });
});
