import { describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_CODES } from '../../../src/domain/countries';
import { formatMoney } from '../../../src/domain/money';

const NBSP = '\u00a0';

describe('formatMoney: one way to write each currency', () => {
  it('writes USD as US$, a no-break space and the figure on every country page', () => {
    const written = COUNTRY_CODES.map((code) => formatMoney(12, 'USD', COUNTRIES[code].locale));
    expect(new Set(written)).toEqual(new Set([`US$${NBSP}12`]));
  });

  it('writes each local currency with its sign and the country’s separators', () => {
    expect(formatMoney(14000, 'ARS', 'es-AR')).toBe(`$${NBSP}14.000`);
    expect(formatMoney(11628, 'CLP', 'es-CL')).toBe(`$${NBSP}11.628`);
    expect(formatMoney(48960, 'COP', 'es-CO')).toBe(`$${NBSP}48.960`);
    expect(formatMoney(245, 'MXN', 'es-MX')).toBe(`$${NBSP}245`);
    expect(formatMoney(2448, 'MXN', 'es-MX')).toBe(`$${NBSP}2,448`);
    expect(formatMoney(45, 'PEN', 'es-PE')).toBe(`S/${NBSP}45`);
    expect(formatMoney(490, 'UYU', 'es-UY')).toBe(`$${NBSP}490`);
  });

  it('shows the decimals asked for, in the locale given (the payment link writes es_CL)', () => {
    expect(formatMoney(33.34, 'USD', 'es_CL', { decimals: 2 })).toBe(`US$${NBSP}33,34`);
    expect(formatMoney(12, 'USD', 'es-MX', { decimals: 2 })).toBe(`US$${NBSP}12.00`);
    expect(formatMoney(12.5, 'USD', 'es-AR')).toBe(`US$${NBSP}13`);
  });

  it('never leaves a breakable space between the sign and the figure', () => {
    for (const code of COUNTRY_CODES) {
      const { locale, moneda } = COUNTRIES[code];
      for (const text of [formatMoney(80400, moneda.codigo, locale), formatMoney(80400, 'USD', locale)]) {
        expect(text).not.toMatch(/[ \t\n]/);
      }
    }
  });
});
