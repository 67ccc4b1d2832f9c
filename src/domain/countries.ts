import { DEFAULT_COUNTRY_CODE } from './constants';

export const COUNTRY_CODES = ['AR', 'CL', 'CO', 'MX', 'PA', 'PE', 'UY'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

export interface Currency {
  codigo: 'ARS' | 'CLP' | 'COP' | 'MXN' | 'USD' | 'PEN' | 'UYU';
  nombre: string;
}

export interface Country {
  codigo: CountryCode;
  nombre: string;
  /** Dialling prefix put in front of the WhatsApp number. */
  prefijo: string;
  /** Flag image path (served from public/flags). */
  bandera: string;
  moneda: Currency;
  /** Intl locale used to format amounts for this country. */
  locale: string;
}

/** A flag as the site shows it, in CSS pixels (the PNG is drawn at twice this size). */
export const FLAG_WIDTH = 24;
export const FLAG_HEIGHT = 16;

/**
 * A PNG drawn from public/flags/XX.svg (npm run images:raster), for those who read the country data;
 * the site's own pages draw flags in CSS (src/ui/flag.tsx).
 */
const flag = (code: CountryCode) => `/flags/${code}.png`;

export const COUNTRIES: Readonly<Record<CountryCode, Country>> = {
  AR: {
    codigo: 'AR',
    nombre: 'Argentina',
    prefijo: '+549',
    bandera: flag('AR'),
    moneda: { codigo: 'ARS', nombre: 'Peso argentino' },
    locale: 'es-AR',
  },
  CL: {
    codigo: 'CL',
    nombre: 'Chile',
    prefijo: '+56',
    bandera: flag('CL'),
    moneda: { codigo: 'CLP', nombre: 'Peso chileno' },
    locale: 'es-CL',
  },
  CO: {
    codigo: 'CO',
    nombre: 'Colombia',
    prefijo: '+57',
    bandera: flag('CO'),
    moneda: { codigo: 'COP', nombre: 'Peso colombiano' },
    locale: 'es-CO',
  },
  MX: {
    codigo: 'MX',
    nombre: 'México',
    prefijo: '+52',
    bandera: flag('MX'),
    moneda: { codigo: 'MXN', nombre: 'Peso mexicano' },
    locale: 'es-MX',
  },
  PA: {
    codigo: 'PA',
    nombre: 'Panamá',
    prefijo: '+507',
    bandera: flag('PA'),
    moneda: { codigo: 'USD', nombre: 'Dólar estadounidense' },
    locale: 'es-PA',
  },
  PE: {
    codigo: 'PE',
    nombre: 'Perú',
    prefijo: '+51',
    bandera: flag('PE'),
    moneda: { codigo: 'PEN', nombre: 'Sol peruano' },
    locale: 'es-PE',
  },
  UY: {
    codigo: 'UY',
    nombre: 'Uruguay',
    prefijo: '+598',
    bandera: flag('UY'),
    moneda: { codigo: 'UYU', nombre: 'Peso uruguayo' },
    locale: 'es-UY',
  },
};

export const COUNTRY_LIST: readonly Country[] = COUNTRY_CODES.map((c) => COUNTRIES[c]);

function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);
}

/** Parses a country code from untrusted input (query string, API, cookie); case-insensitive. */
export function parseCountryCode(value: unknown): CountryCode | undefined {
  if (typeof value !== 'string') return undefined;
  const upper = value.trim().toUpperCase();
  return isCountryCode(upper) ? upper : undefined;
}

/** Country for a code from untrusted input; unknown codes fall back to the default (AR). */
export function countryOrDefault(value: unknown): Country {
  return COUNTRIES[parseCountryCode(value) ?? DEFAULT_COUNTRY_CODE];
}

/** esArgentina of spec section 3: derived from the code. */
export function esArgentina(country: Pick<Country, 'codigo'>): boolean {
  return country.codigo === 'AR';
}

/** Where the country a visitor sees can come from, besides the default. */
export interface CountrySources {
  /** The cc query parameter. */
  param?: unknown;
  /** The cc cookie: the country the visitor chose on an earlier page (flag or dropdown). */
  cookie?: unknown;
  /** The country-detection lookup's answer. */
  lookup?: unknown;
}

/**
 * The country asked for in the address or remembered from an earlier choice: the cc query
 * parameter, then the cc cookie; undefined when neither holds a known code (the lookup decides).
 */
export function chosenCountry({ param, cookie }: CountrySources): CountryCode | undefined {
  return parseCountryCode(param) ?? parseCountryCode(cookie);
}

/**
 * The country a visitor sees (spec section 2, with the cc cookie): the cc query parameter, then
 * the cc cookie, then the lookup, then AR. A value that is not a known code counts as absent.
 */
export function resolveCountry(sources: CountrySources): CountryCode {
  return chosenCountry(sources) ?? parseCountryCode(sources.lookup) ?? DEFAULT_COUNTRY_CODE;
}
