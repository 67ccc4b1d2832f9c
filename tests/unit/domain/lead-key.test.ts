import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leadKeyFor } from '../../../src/domain/lead-key';
import type { LeadContact } from '../../../src/domain/lead-payload';
import { ID_MAX_LENGTH, ID_PATTERN } from '../../../src/domain/prospect';

const SEED = '3f6d2a1c-8b4e-4c9a-9e21-7a5b0c3d4e5f';
const ANA: LeadContact = {
  nombreEmpresa: 'Pizzería Don Pepe',
  nombre: 'Ana',
  apellido: 'Gómez',
  pais: 'AR',
  whatsapp: '11 2345-6789',
  email: 'ana@example.com',
};

describe('leadKeyFor: one key per tab and business', () => {
  it('gives the same key for the same business written again (spaces, case, phone separators)', () => {
    const again: LeadContact = {
      ...ANA,
      nombreEmpresa: '  pizzería   DON pepe ',
      nombre: 'ANA',
      whatsapp: '1123456789',
      email: ' Ana@Example.com',
    };
    expect(leadKeyFor(SEED, again)).toBe(leadKeyFor(SEED, ANA));
  });

  it('gives another key when any step-1 field names another business or person', () => {
    const key = leadKeyFor(SEED, ANA);
    const others: Partial<LeadContact>[] = [
      { nombreEmpresa: 'Pizzería Don Pablo' },
      { nombre: 'Ana María' },
      { apellido: 'Gómez Paz' },
      { pais: 'UY' },
      { whatsapp: '11 2345-6780' },
      { email: 'otra@example.com' },
    ];
    for (const change of others) expect(leadKeyFor(SEED, { ...ANA, ...change })).not.toBe(key);
  });

  it('gives another key in another tab (another seed) for the same business', () => {
    expect(leadKeyFor('otra-pestana-1', ANA)).not.toBe(leadKeyFor(SEED, ANA));
  });

  it('never gives a field boundary away: moving text between fields is another business', () => {
    expect(leadKeyFor(SEED, { ...ANA, nombre: 'Ana Gómez', apellido: '' })).not.toBe(
      leadKeyFor(SEED, { ...ANA, nombre: 'Ana', apellido: 'Gómez' }),
    );
  });

  it('is always a key the API accepts, whatever the seed and the data', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 300 }),
        fc.record({
          nombreEmpresa: fc.string(),
          nombre: fc.string(),
          apellido: fc.string(),
          whatsapp: fc.string(),
          email: fc.string(),
        }),
        (seed, texts) => {
          const key = leadKeyFor(seed, { ...texts, pais: null });
          expect(key).toMatch(ID_PATTERN);
          expect(key.length).toBeLessThanOrEqual(ID_MAX_LENGTH);
        },
      ),
    );
  });
});
