import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  COUNTRY_CODES,
  FLAG_HEIGHT,
  FLAG_WIDTH,
  chosenCountry,
  countryOrDefault,
  esArgentina,
  parseCountryCode,
  resolveCountry,
} from '../../../src/domain/countries';

describe('countries table', () => {
  it.each([
    ['AR', 'ARS', '+549'],
    ['CL', 'CLP', '+56'],
    ['CO', 'COP', '+57'],
    ['MX', 'MXN', '+52'],
    ['PA', 'USD', '+507'],
    ['PE', 'PEN', '+51'],
    ['UY', 'UYU', '+598'],
  ] as const)('%s pays in %s and dials %s', (code, currency, prefix) => {
    const c = COUNTRIES[code];
    expect(c.codigo).toBe(code);
    expect(c.moneda.codigo).toBe(currency);
    expect(c.prefijo).toBe(prefix);
    expect(c.bandera).toBe(`/flags/${code}.png`);
    expect(c.nombre.length).toBeGreaterThan(3);
  });

  it('has exactly the seven countries', () => {
    expect([...COUNTRY_CODES]).toEqual(['AR', 'CL', 'CO', 'MX', 'PA', 'PE', 'UY']);
  });

  it('esArgentina is derived from the code', () => {
    expect(COUNTRY_CODES.filter((c) => esArgentina(COUNTRIES[c]))).toEqual(['AR']);
  });

  it('parses untrusted codes and falls back to AR', () => {
    expect(parseCountryCode(' cl ')).toBe('CL');
    expect(parseCountryCode('BR')).toBeUndefined();
    expect(parseCountryCode(undefined)).toBeUndefined();
    expect(parseCountryCode('<script>')).toBeUndefined();
    expect(countryOrDefault('XX').codigo).toBe('AR');
    expect(countryOrDefault(null).codigo).toBe('AR');
    expect(countryOrDefault('mx').codigo).toBe('MX');
  });
});

describe('flag images', () => {
  it.each(COUNTRY_CODES)('%s has its PNG in public/, drawn at twice the size the top bar shows', (code) => {
    const png = readFileSync(
      path.resolve(import.meta.dirname, '../../../public', COUNTRIES[code].bandera.slice(1)),
    );
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // IHDR: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([FLAG_WIDTH * 2, FLAG_HEIGHT * 2]);
  });
});

describe('the country a visitor sees: cc parameter, then cc cookie, then lookup, then AR', () => {
  it.each([
    [{ param: 'cl', cookie: 'MX', lookup: 'PE' }, 'CL'],
    [{ param: null, cookie: 'MX', lookup: 'PE' }, 'MX'],
    [{ param: 'XX', cookie: ' uy ', lookup: 'PE' }, 'UY'],
    [{ param: '', cookie: 'Chile', lookup: 'PE' }, 'PE'],
    [{ param: undefined, cookie: undefined, lookup: 'BR' }, 'AR'],
    [{}, 'AR'],
  ] as const)('%j -> %s', (sources, expected) => {
    expect(resolveCountry(sources)).toBe(expected);
  });

  it('without the lookup, the country chosen by parameter or cookie, or none', () => {
    expect(chosenCountry({ param: 'co', cookie: 'MX' })).toBe('CO');
    expect(chosenCountry({ param: '<b>', cookie: 'MX' })).toBe('MX');
    expect(chosenCountry({ param: null, cookie: 'zz' })).toBeUndefined();
  });
});
