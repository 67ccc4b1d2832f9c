import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFERRAL_DISCOUNT_PERCENT } from '../../../src/domain/constants';
import {
  parseReferralCode,
  referralBannerText,
  referralFor,
  resolveReferralCode,
} from '../../../src/domain/referral';

describe('parseReferralCode', () => {
  it.each([
    ['AMIGO-1', 'AMIGO-1'],
    ['  juan2024 ', 'juan2024'],
    ['a', 'a'],
    ['A'.repeat(32), 'A'.repeat(32)],
  ])('accepts %j as %j', (raw, code) => {
    expect(parseReferralCode(raw)).toBe(code);
  });

  it.each([
    '',
    '   ',
    'A'.repeat(33),
    '<script>alert(1)</script>',
    'ÑANDÚ',
    'dos palabras',
    'code_with_underscore',
    'a/b',
    '"quoted"',
  ])('rejects %j', (raw) => {
    expect(parseReferralCode(raw)).toBeUndefined();
  });

  it('rejects anything that is not a string', () => {
    for (const raw of [undefined, null, 12, {}, ['A']]) expect(parseReferralCode(raw)).toBeUndefined();
  });

  it('only ever returns letters, digits and dashes, at most 32 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 64 }), (raw) => {
        const code = parseReferralCode(raw);
        if (code !== undefined) expect(code).toMatch(/^[A-Za-z0-9-]{1,32}$/);
      }),
    );
  });
});

describe('resolveReferralCode', () => {
  it('prefers a valid ?ref over the stored code', () => {
    expect(resolveReferralCode('NUEVO', 'VIEJO')).toBe('NUEVO');
  });
  it('falls back to the stored code when ?ref is absent or invalid', () => {
    expect(resolveReferralCode(null, 'VIEJO')).toBe('VIEJO');
    expect(resolveReferralCode('no válido!', 'VIEJO')).toBe('VIEJO');
  });
  it('is undefined when neither is valid', () => {
    expect(resolveReferralCode(null, undefined)).toBeUndefined();
    expect(resolveReferralCode('<b>', 'x'.repeat(40))).toBeUndefined();
  });
});

describe('referral banner and entity', () => {
  it('writes the banner text with the code as given', () => {
    expect(referralBannerText('Amigo-1')).toBe('¡Amigo-1 TE REGALA UN GRAN DESCUENTO!');
  });
  it('gives the fixed 25 % discount', () => {
    expect(referralFor('X')).toEqual({ codigo: 'X', porcentajeDescuento: REFERRAL_DISCOUNT_PERCENT });
    expect(REFERRAL_DISCOUNT_PERCENT).toBe(25);
  });
});
