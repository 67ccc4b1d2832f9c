import { PAYMENT_DEFAULT_LOCALE } from './constants';
import { formatMoney } from './money';

/**
 * The query parameters of the payment page (/pagos, spec sections 2, 5 and 9), validated from
 * their raw form. Every malformed value gets its own Spanish message; the page shows no payment
 * button unless all of them are valid.
 */

/** Every value of each parameter, as the URL gives them (a parameter may repeat). */
export interface RawPaymentParams {
  /** A flag: present means sandbox. */
  sandbox: readonly string[];
  /** One per store. */
  cliente: readonly string[];
  /** Total in USD for all the stores. */
  usd: readonly string[];
  locale: readonly string[];
}

export interface PaymentParams {
  sandbox: boolean;
  clientes: string[];
  /** The usd parameter in whole cents, or null when absent (12 USD per store then). */
  usdCents: number | null;
  /** PayPal's form, e.g. es_CL. */
  locale: string;
}

export type PaymentParamsResult = { ok: true; value: PaymentParams } | { ok: false; errors: string[] };

export const MISSING_CLIENTE_ERROR = 'Falta el parametro cliente en la URL';
/** More stores than this in one order is not a real request. */
export const MAX_STORES_PER_PAYMENT = 50;
const MAX_STORE_NAME_LENGTH = 64;
/** A month of 50 Platinum stores is 4000 USD: anything above this is a typo in the link. */
export const MAX_PAYMENT_USD = 10000;

/** Letters (any script), digits, spaces and . _ & ' - ; starting with a letter or digit. */
const CLIENTE_PATTERN = new RegExp(
  `^[\\p{L}\\p{N}][\\p{L}\\p{N} ._&'-]{0,${MAX_STORE_NAME_LENGTH - 1}}$`,
  'u',
);
const USD_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;
const TRUE_FLAGS = new Set(['', '1', 'true', 'si', 'sí', 'yes']);
const FALSE_FLAGS = new Set(['0', 'false', 'no']);

/**
 * The locales the page accepts: Spanish and English in the Americas and Spain, Portuguese in
 * Brazil and Portugal. Each is one PayPal accepts (its SDK refuses to load with any other).
 */
const PAYPAL_LOCALES: ReadonlySet<string> = new Set(
  Object.entries({
    es: 'AR BO CL CO CR DO EC ES GT HN MX NI PA PE PY SV US UY VE',
    en: 'AR BO BR CA CL CO CR DO EC ES GT HN MX NI PA PE PY SV US UY VE',
    pt: 'BR PT',
  }).flatMap(([lang, countries]) => countries.split(' ').map((country) => `${lang}_${country}`)),
);

export function readPaymentParams(query: URLSearchParams): RawPaymentParams {
  return {
    sandbox: query.getAll('sandbox'),
    cliente: query.getAll('cliente'),
    usd: query.getAll('usd'),
    locale: query.getAll('locale'),
  };
}

/** Shows a hostile value safely inside a message: short, printable, quoted. */
function quote(value: string): string {
  const printable = value.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');
  return `"${printable.length > 40 ? `${printable.slice(0, 40)}...` : printable}"`;
}

/** Amount in whole cents from a validated usd text, without floating-point drift. */
function toCents(text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The single value of an optional parameter; a repeated one is an error. */
function single(name: string, values: readonly string[], errors: string[]): string | null {
  if (values.length > 1) {
    errors.push(`El parámetro ${name} aparece ${values.length} veces en la URL: debe aparecer una sola vez.`);
    return null;
  }
  return values[0] ?? null;
}

function validateSandbox(values: readonly string[], errors: string[]): boolean {
  const raw = single('sandbox', values, errors);
  if (raw === null) return false;
  const flag = raw.trim().toLowerCase();
  if (TRUE_FLAGS.has(flag)) return true;
  if (!FALSE_FLAGS.has(flag)) {
    errors.push(`El parámetro sandbox ${quote(raw)} no es válido: usa sandbox=1 o quítalo.`);
  }
  return false;
}

function validateClientes(values: readonly string[], errors: string[]): string[] {
  const clientes = values.map((c) => c.trim().replace(/\s+/g, ' '));
  if (clientes.every((c) => c === '')) {
    errors.push(MISSING_CLIENTE_ERROR);
    return clientes;
  }
  if (clientes.length > MAX_STORES_PER_PAYMENT) {
    errors.push(`No se pueden pagar más de ${MAX_STORES_PER_PAYMENT} tiendas en un mismo pago.`);
    return clientes;
  }
  const seen = new Set<string>();
  clientes.forEach((cliente, index) => {
    const key = cliente.toLocaleLowerCase('es');
    if (cliente === '') {
      errors.push(`El parámetro cliente número ${index + 1} está vacío: indica el nombre de la tienda.`);
    } else if (cliente.length > MAX_STORE_NAME_LENGTH) {
      errors.push(
        `El parámetro cliente ${quote(cliente)} es demasiado largo: hasta ${MAX_STORE_NAME_LENGTH} caracteres.`,
      );
    } else if (!CLIENTE_PATTERN.test(cliente)) {
      errors.push(
        `El parámetro cliente ${quote(cliente)} no es válido: usa letras, números, espacios, punto, guion, guion bajo, & o apóstrofo.`,
      );
    } else if (seen.has(key)) {
      errors.push(`La tienda ${quote(cliente)} está repetida en la URL.`);
    }
    seen.add(key);
  });
  return clientes;
}

function validateUsd(values: readonly string[], stores: number, errors: string[]): number | null {
  const raw = single('usd', values, errors);
  if (raw === null) return null;
  const text = raw.trim();
  if (!USD_PATTERN.test(text)) {
    errors.push(
      `El parámetro usd ${quote(raw)} no es válido: debe ser un importe positivo con hasta 2 decimales separados por punto, por ejemplo 36 o 99.90.`,
    );
    return null;
  }
  const cents = toCents(text);
  if (cents <= 0) {
    errors.push('El parámetro usd debe ser mayor que cero.');
    return null;
  }
  if (cents > MAX_PAYMENT_USD * 100) {
    errors.push(
      `El parámetro usd no puede superar ${formatMoney(MAX_PAYMENT_USD, 'USD', PAYMENT_DEFAULT_LOCALE)}.`,
    );
    return null;
  }
  if (stores > 0 && stores <= MAX_STORES_PER_PAYMENT && cents < stores) {
    errors.push(
      `El parámetro usd es demasiado bajo para ${stores} tiendas: cada tienda debe pagar al menos ${formatMoney(0.01, 'USD', PAYMENT_DEFAULT_LOCALE, { decimals: 2 })}.`,
    );
    return null;
  }
  return cents;
}

function validateLocale(values: readonly string[], errors: string[]): string {
  const raw = single('locale', values, errors);
  if (raw === null) return PAYMENT_DEFAULT_LOCALE;
  const text = raw.trim();
  if (PAYPAL_LOCALES.has(text)) return text;
  errors.push(
    `El parámetro locale ${quote(raw)} no es válido: usa un idioma y país que PayPal acepte, por ejemplo ${PAYMENT_DEFAULT_LOCALE}.`,
  );
  return PAYMENT_DEFAULT_LOCALE;
}

export function validatePaymentParams(raw: RawPaymentParams): PaymentParamsResult {
  const errors: string[] = [];
  const sandbox = validateSandbox(raw.sandbox, errors);
  const clientes = validateClientes(raw.cliente, errors);
  const usdCents = validateUsd(raw.usd, clientes.length, errors);
  const locale = validateLocale(raw.locale, errors);
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: { sandbox, clientes, usdCents, locale } };
}
