import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFERRAL_CODE_MAX_LENGTH } from '../../../src/domain/constants';
import { parseReferralCode, referralBannerText, resolveReferralCode } from '../../../src/domain/referral';

/** The rule of issue 8 written out independently of the code: letters, digits, '-', '_', 1 to 32. */
const ALLOWED = /^[\p{L}0-9_-]+$/u;

describe('parseReferralCode', () => {
  it.each([
    ['AMIGO-1', 'AMIGO-1'],
    ['  juan2024 ', 'juan2024'],
    ['a', 'a'],
    ['A'.repeat(32), 'A'.repeat(32)],
    ['Ñandú_2024', 'Ñandú_2024'],
    ['ÑANDÚ', 'ÑANDÚ'],
    ['code_with_underscore', 'code_with_underscore'],
    ['José-María', 'José-María'],
    ['Ç_ã_ö_ß', 'Ç_ã_ö_ß'],
    ['ñ'.repeat(32), 'ñ'.repeat(32)],
  ])('accepts %j as %j', (raw, code) => {
    expect(parseReferralCode(raw)).toBe(code);
  });

  it('counts characters, not UTF-16 units: 32 letters outside the basic plane are accepted', () => {
    const code = '𝒜'.repeat(REFERRAL_CODE_MAX_LENGTH);
    expect(code.length).toBe(64);
    expect(parseReferralCode(code)).toBe(code);
    expect(parseReferralCode(code + '𝒜')).toBeUndefined();
  });

  it('stores an accent typed as a combining mark as the single accented letter', () => {
    const decomposed = 'Nandu\u0301'.replace('N', 'N\u0303');
    expect(decomposed).toHaveLength(7);
    expect(parseReferralCode(decomposed)).toBe('Ñandú');
  });

  it.each([
    '',
    '   ',
    'A'.repeat(33),
    'ñ'.repeat(33),
    '<script>alert(1)</script>',
    '<b>',
    'dos palabras',
    'a/b',
    'a.b',
    '"quoted"',
    "o'neil",
    'javascript:alert(1)',
    'café!',
    '%3Cscript%3E',
    'a\u200bb',
    'a\u202eb',
    'a\nb',
    '١٢٣',
    '😀',
  ])('ignores %j', (raw) => {
    expect(parseReferralCode(raw)).toBeUndefined();
  });

  it('ignores anything that is not a string, without throwing', () => {
    for (const raw of [undefined, null, 12, {}, ['A'], Symbol('x')])
      expect(parseReferralCode(raw)).toBeUndefined();
  });

  it('only ever returns letters, digits, dashes and underscores, 1 to 32 characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 64 }), (raw) => {
        const code = parseReferralCode(raw);
        if (code === undefined) return;
        expect(code).toMatch(ALLOWED);
        expect([...code].length).toBeLessThanOrEqual(REFERRAL_CODE_MAX_LENGTH);
      }),
    );
  });

  it('accepts every code made only of allowed characters', () => {
    const allowedChar = fc.constantFrom(...'abcXYZ019-_ñÑáéíóúüÁÉÍÓÚÜçÇãõâêô'.split(''));
    fc.assert(
      fc.property(fc.array(allowedChar, { minLength: 1, maxLength: REFERRAL_CODE_MAX_LENGTH }), (chars) => {
        const code = chars.join('');
        expect(parseReferralCode(code)).toBe(code);
      }),
    );
  });
});

describe('resolveReferralCode', () => {
  it('prefers a valid ?ref over the stored code', () => {
    expect(resolveReferralCode('NUEVO', 'VIEJO')).toBe('NUEVO');
    expect(resolveReferralCode('Ñandú_2024', 'VIEJO')).toBe('Ñandú_2024');
  });
  it('falls back to the stored code when ?ref is absent or invalid', () => {
    expect(resolveReferralCode(null, 'VIEJO')).toBe('VIEJO');
    expect(resolveReferralCode('no válido!', 'VIEJO')).toBe('VIEJO');
    expect(resolveReferralCode('<script>', 'Peña-7')).toBe('Peña-7');
  });
  it('is undefined when neither is valid', () => {
    expect(resolveReferralCode(null, undefined)).toBeUndefined();
    expect(resolveReferralCode('<b>', 'x'.repeat(40))).toBeUndefined();
  });
});

describe('referral banner', () => {
  it('writes the banner text with the code as given', () => {
    expect(referralBannerText('Amigo-1')).toBe('¡Amigo-1 TE REGALA UN GRAN DESCUENTO!');
    expect(referralBannerText('Ñandú_2024')).toBe('¡Ñandú_2024 TE REGALA UN GRAN DESCUENTO!');
  });
});
