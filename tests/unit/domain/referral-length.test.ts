import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { LANDING_RULES } from '../../../src/domain/attribution';
import { REFERRAL_CODE_MAX_LENGTH } from '../../../src/domain/constants';
import { recordLanding, referralCodeFrom } from '../../../src/domain/landing';
import { validateProspect } from '../../../src/domain/prospect-schema';
import { parseReferralCode } from '../../../src/domain/referral';
import { leadWizardMachine } from '../../../src/flows/registration/lead-wizard.machine';
import { restoreLeadWizardSnapshot } from '../../../src/flows/registration/lead-wizard.restore';

/**
 * One measure of a referral code's length on every side (issue 51, item 4): the landing that keeps
 * it, the API that stores it and the wizard's restore after a reload count characters (code
 * points), so a code of letters outside the basic plane (two UTF-16 units each) is kept, stored
 * and resumed alike, up to REFERRAL_CODE_MAX_LENGTH characters and not one more.
 */

/** `n` mathematical bold letters (U+1D400...): `n` characters, 2n UTF-16 units. */
const astral = (n: number) =>
  Array.from({ length: n }, (_, i) => String.fromCodePoint(0x1d400 + (i % 52))).join('');

const BODY = {
  nombreEmpresa: 'Pizzería Luis',
  nombre: 'Luis',
  apellido: 'Pérez',
  pais: { codigo: 'CL', nombre: 'Chile', prefijo: '+56' },
  whatsapp: '+56912345678',
  infoEmpresa: '{}',
};

/** A wizard with this code and a business typed, stored as the browser stores it, then restored. */
function reloaded(code: string) {
  const actor = createActor(leadWizardMachine, {
    input: { idempotencyKey: 'b8c4e0de-1c61-4f7e-8a53-7b0ad9e0f001', codigoReferido: code },
  }).start();
  actor.send({ type: 'contact.change', field: 'nombreEmpresa', value: 'Pizzería Luis' });
  const stored = JSON.stringify(actor.getPersistedSnapshot());
  actor.stop();
  return restoreLeadWizardSnapshot(stored);
}

/** What each side does with a code. */
function sides(code: string) {
  const restored = reloaded(code) as { context?: { codigoReferido?: unknown } } | undefined;
  return {
    landing: referralCodeFrom(code, LANDING_RULES.referralMax) === code,
    api: validateProspect({ ...BODY, codigoReferido: code }).ok,
    restore: restored?.context?.codigoReferido === code,
  };
}

describe('the length of a referral code, on every side', () => {
  it.each([1, 16, 17, 20, 32])('keeps a code of %i letters outside the basic plane everywhere', (n) => {
    expect(astral(n).length).toBe(2 * n);
    expect(sides(astral(n))).toEqual({ landing: true, api: true, restore: true });
  });

  it('refuses one of 33 characters everywhere, astral or not', () => {
    expect(sides(astral(REFERRAL_CODE_MAX_LENGTH + 1)).landing).toBe(false);
    expect(sides(astral(REFERRAL_CODE_MAX_LENGTH + 1)).api).toBe(false);
    expect(sides('A'.repeat(REFERRAL_CODE_MAX_LENGTH + 1)).landing).toBe(false);
    expect(sides('A'.repeat(REFERRAL_CODE_MAX_LENGTH + 1)).api).toBe(false);
    // The restore refuses what the landing would never have kept: the stored progress is dropped.
    expect(reloaded(astral(REFERRAL_CODE_MAX_LENGTH + 1))).toBeUndefined();
    expect(reloaded('A'.repeat(REFERRAL_CODE_MAX_LENGTH + 1))).toBeUndefined();
  });

  it('keeps a 32-letter code with accents written in two parts (NFC) on every side', () => {
    const decomposed = `${'n\u0303'.repeat(16)}${'A'.repeat(16)}`;
    const code = parseReferralCode(decomposed);
    expect(code).toBe(`${'ñ'.repeat(16)}${'A'.repeat(16)}`);
    expect(sides(code ?? '')).toEqual({ landing: true, api: true, restore: true });
  });

  it('the landing keeps the astral code of a link in session storage, as the wizard reads it', () => {
    const stored = new Map<string, string>();
    const session = {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    };
    const local = { setItem: () => undefined };
    Object.assign(globalThis, { sessionStorage: session, localStorage: local });
    try {
      const code = astral(20);
      expect(recordLanding(`?ref=${encodeURIComponent(code)}`, LANDING_RULES)).toBe(code);
      expect(stored.get(LANDING_RULES.referralKey)).toBe(code);
      expect(parseReferralCode(stored.get(LANDING_RULES.referralKey))).toBe(code);
    } finally {
      Reflect.deleteProperty(globalThis, 'sessionStorage');
      Reflect.deleteProperty(globalThis, 'localStorage');
    }
  });
});
