import fc from 'fast-check';
import { DEFAULT_COUNTRY_CODE } from '../../../src/domain/constants';
import { describe, expect, it } from 'vitest';
import {
  businessIdentity,
  businessName,
  businessNumber,
  contactBusiness,
  leadKeyFor,
} from '../../../src/domain/lead-key';
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

describe('businessName: the name as anyone would write it again', () => {
  const same: [written: string, again: string][] = [
    ['Pizzería Don Pepe', 'PIZZERÍA DON PEPE'], // case
    ['Pizzería Don Pepe', '  Pizzería   Don\tPepe '], // spacing
    ['Pizzería Don Pepe', 'Pizzeria Don Pepe'], // an accent left out
    ['Panadería Ñandú', 'Panaderia Nandu'], // tilde and diaeresis-like marks
    ['Café Müller', 'Cafe Muller'],
    ['Pizzeri\u0301a', 'Pizzería'], // a decomposed accent is the same letter
    ['Don-Pepe S.A.', 'Don Pepe SA'], // punctuation
    ['Don Pepe', 'DonPepe'], // a space in or out
    ['Ｐｉｚｚａ ２', 'Pizza 2'], // full-width forms (a phone's keyboard)
    ['ﬁnanzas', 'finanzas'], // a ligature
  ];
  for (const [written, again] of same) {
    it(`"${written}" and "${again}" are one name`, () => {
      expect(businessName(again)).toBe(businessName(written));
    });
  }

  it('keeps letters and digits: another word or number is another business', () => {
    expect(businessName('Pizzería Don Pepe')).toBe('pizzeriadonpepe');
    expect(businessName('Pizzería Don Pablo')).not.toBe(businessName('Pizzería Don Pepe'));
    expect(businessName('Local 2')).not.toBe(businessName('Local 3'));
    expect(businessName('Ölbar')).toBe('olbar');
    expect(businessName('Кафе Мир')).toBe('кафемир');
  });

  it('a name of symbols only keeps its symbols, without spaces', () => {
    expect(businessName(' ★ ★ ')).toBe('★★');
    expect(businessName('★★')).not.toBe(businessName('☆☆'));
    expect(businessName('★!')).not.toBe(businessName('★'));
  });
});

describe('businessNumber and businessIdentity', () => {
  it('keeps only the digits of the number, the prefix included', () => {
    expect(businessNumber('+54 9 (11) 2345-6789')).toBe('5491123456789');
    expect(businessNumber('+5491123456789')).toBe('5491123456789');
  });

  it('is the number and the name: both must match', () => {
    const pepe = { nombreEmpresa: 'Pizzería Don Pepe', whatsapp: '+5491123456789' };
    expect(businessIdentity(pepe)).toBe('5491123456789:pizzeriadonpepe');
    expect(businessIdentity({ ...pepe, whatsapp: '+5491123456780' })).not.toBe(businessIdentity(pepe));
    expect(businessIdentity({ ...pepe, nombreEmpresa: 'Pizzería Don Pablo' })).not.toBe(
      businessIdentity(pepe),
    );
  });

  it("step 1's business is the body's: the number with the chosen country's prefix", () => {
    expect(contactBusiness(ANA)).toBe('5491123456789:pizzeriadonpepe');
    expect(contactBusiness({ ...ANA, pais: 'UY' })).toBe('5981123456789:pizzeriadonpepe');
    // No country chosen yet: the default one's prefix, as the body would carry.
    expect(contactBusiness({ ...ANA, pais: null })).toBe(
      contactBusiness({ ...ANA, pais: DEFAULT_COUNTRY_CODE }),
    );
  });
});

describe('leadKeyFor: one key per tab and business', () => {
  it('gives the same key for the same business written again, whoever types it and with any e-mail', () => {
    const again: LeadContact = {
      ...ANA,
      nombreEmpresa: '  pizzeria   DON-pepe ',
      nombre: 'Ana María',
      apellido: 'Gomez',
      whatsapp: '1123456789',
      email: '',
    };
    expect(leadKeyFor(SEED, again)).toBe(leadKeyFor(SEED, ANA));
  });

  it('gives another key for another business name, number or country', () => {
    const key = leadKeyFor(SEED, ANA);
    const others: Partial<LeadContact>[] = [
      { nombreEmpresa: 'Pizzería Don Pablo' },
      { pais: 'UY' },
      { whatsapp: '11 2345-6780' },
    ];
    for (const change of others) expect(leadKeyFor(SEED, { ...ANA, ...change })).not.toBe(key);
  });

  it('gives another key in another tab (another seed) for the same business', () => {
    expect(leadKeyFor('otra-pestana-1', ANA)).not.toBe(leadKeyFor(SEED, ANA));
  });

  it('starts with the seed, so a tab can tell its keys apart', () => {
    expect(leadKeyFor(SEED, ANA)).toMatch(new RegExp(`^${SEED}-[0-9a-f]{16}$`));
    expect(leadKeyFor('no válida', ANA)).toMatch(/^pestana-[0-9a-f]{16}$/);
    expect(leadKeyFor('x'.repeat(ID_MAX_LENGTH), ANA)).toMatch(
      new RegExp(`^x{${ID_MAX_LENGTH - 17}}-[0-9a-f]{16}$`),
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
