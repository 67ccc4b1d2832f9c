import { describe, expect, it } from 'vitest';
import { CONTACT_FIELD_MAX_LENGTH } from '../../../../src/domain/lead-payload';
import { isValidContactValue } from '../../../../src/flows/registration/lead-wizard.machine';

/** What the wizard keeps of a value typed on step 1 (a value it does not keep gets its message). */
describe('the values step 1 keeps', () => {
  it('keeps a text up to the longest a field takes, and not one character more', () => {
    const most = CONTACT_FIELD_MAX_LENGTH.nombre;
    expect(isValidContactValue('nombre', 'a'.repeat(most))).toBe(true);
    expect(isValidContactValue('nombre', 'a'.repeat(most + 1))).toBe(false);
  });

  it('never keeps something that is not text, even with a length that would fit', () => {
    for (const value of [['Ana'], { length: 3 }, 42, null, undefined])
      expect(isValidContactValue('nombre', value), JSON.stringify(value)).toBe(false);
  });

  it('keeps only a country of the list, and nothing for a field step 1 does not have', () => {
    expect(isValidContactValue('pais', 'CL')).toBe(true);
    expect(isValidContactValue('pais', 'XX')).toBe(false);
    expect(isValidContactValue('rubro', 'Gastronomía')).toBe(false);
  });
});
