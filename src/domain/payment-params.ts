import { PAYMENT_CURRENCY, PAYMENT_DEFAULT_LOCALE, PAYMENT_DEFAULT_PRICE_PER_STORE_USD } from './constants';

/**
 * The query parameters of the payment page (/pagos, spec sections 2, 5 and 9), validated from
 * their raw form, and the order they describe. Every malformed value gets its own Spanish message.
 */

export interface RawPaymentParams {
  /** Present (any value but a false-like one) means sandbox; null or undefined means live. */
  sandbox?: string | null;
  /** Every `cliente` value, one per store. */
  cliente: readonly string[];
  /** Total in USD for all the stores. */
  usd?: string | null;
  locale?: string | null;
}

export interface PaymentParams {
  sandbox: boolean;
  clientes: string[];
  /** The usd parameter as given, when given. */
  usd?: number;
  locale: string;
  perStoreUsd: number;
  totalUsd: number;
}

export type PaymentParamsResult = { ok: true; value: PaymentParams } | { ok: false; errors: string[] };

export const MISSING_CLIENTE_ERROR = 'Falta el parametro cliente en la URL';
export const CLIENTE_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
export const LOCALE_PATTERN = /^[a-z]{2}_[A-Z]{2}$/;
/** More stores than this in one order is not a real request. */
export const MAX_STORES_PER_PAYMENT = 50;
export const MAX_PAYMENT_USD = 100000;

const USD_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;
const TRUE_FLAGS = new Set(['', '1', 'true', 'si', 'sí', 'yes']);
const FALSE_FLAGS = new Set(['0', 'false', 'no']);

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

export function validatePaymentParams(raw: RawPaymentParams): PaymentParamsResult {
  const errors: string[] = [];

  let sandbox = false;
  if (raw.sandbox !== null && raw.sandbox !== undefined) {
    const flag = raw.sandbox.trim().toLowerCase();
    if (TRUE_FLAGS.has(flag)) sandbox = true;
    else if (!FALSE_FLAGS.has(flag))
      errors.push(`El parámetro sandbox ${quote(raw.sandbox)} no es válido: usá sandbox=1 o quitalo.`);
  }

  const clientes = raw.cliente.map((c) => c.trim());
  if (clientes.length === 0 || clientes.every((c) => c === '')) {
    errors.push(MISSING_CLIENTE_ERROR);
  } else {
    const seen = new Set<string>();
    for (const cliente of clientes) {
      if (!CLIENTE_PATTERN.test(cliente)) {
        errors.push(
          `El parámetro cliente ${quote(cliente)} no es válido: usá letras, números, punto, guion o guion bajo (hasta 64).`,
        );
      } else if (seen.has(cliente)) {
        errors.push(`El cliente ${quote(cliente)} está repetido en la URL.`);
      }
      seen.add(cliente);
    }
    if (clientes.length > MAX_STORES_PER_PAYMENT) {
      errors.push(`No se pueden pagar más de ${MAX_STORES_PER_PAYMENT} tiendas en un mismo pago.`);
    }
  }

  let usdCents: number | undefined;
  if (raw.usd !== null && raw.usd !== undefined) {
    const text = raw.usd.trim();
    if (!USD_PATTERN.test(text)) {
      errors.push(
        `El parámetro usd ${quote(raw.usd)} no es válido: debe ser un importe positivo con hasta 2 decimales.`,
      );
    } else {
      const cents = toCents(text);
      if (cents <= 0) errors.push('El parámetro usd debe ser mayor que cero.');
      else if (cents > MAX_PAYMENT_USD * 100)
        errors.push(`El parámetro usd no puede superar ${MAX_PAYMENT_USD} USD.`);
      else usdCents = cents;
    }
  }

  let locale: string = PAYMENT_DEFAULT_LOCALE;
  if (raw.locale !== null && raw.locale !== undefined) {
    const text = raw.locale.trim();
    if (LOCALE_PATTERN.test(text)) locale = text;
    else errors.push(`El parámetro locale ${quote(raw.locale)} no es válido: usá el formato es_CL.`);
  }

  if (errors.length > 0) return { ok: false, errors };

  const stores = clientes.length;
  // Spec section 9: 12 USD per store without usd; with usd, usd divided by the stores (to the cent).
  const perStoreCents =
    usdCents === undefined ? PAYMENT_DEFAULT_PRICE_PER_STORE_USD * 100 : Math.round(usdCents / stores);
  if (perStoreCents < 1) {
    return { ok: false, errors: ['El parámetro usd es demasiado bajo para la cantidad de tiendas.'] };
  }
  const value: PaymentParams = {
    sandbox,
    clientes,
    locale,
    perStoreUsd: perStoreCents / 100,
    totalUsd: (perStoreCents * stores) / 100,
  };
  if (usdCents !== undefined) value.usd = usdCents / 100;
  return { ok: true, value };
}

export interface PaymentOrderItem {
  name: string;
  quantity: '1';
  unit_amount: { currency_code: typeof PAYMENT_CURRENCY; value: string };
}

export interface PaymentOrder {
  intent: 'CAPTURE';
  purchase_units: [
    {
      amount: {
        currency_code: typeof PAYMENT_CURRENCY;
        value: string;
        breakdown: { item_total: { currency_code: typeof PAYMENT_CURRENCY; value: string } };
      };
      items: PaymentOrderItem[];
    },
  ];
}

/** The order of spec section 3: one item per store (quantity 1, unit amount, name) and the total. */
export function buildPaymentOrder(params: PaymentParams, planName = 'Suscripción mensual'): PaymentOrder {
  const total = params.totalUsd.toFixed(2);
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        amount: {
          currency_code: PAYMENT_CURRENCY,
          value: total,
          breakdown: { item_total: { currency_code: PAYMENT_CURRENCY, value: total } },
        },
        items: params.clientes.map((cliente) => ({
          name: `${planName} - ${cliente}`,
          quantity: '1',
          unit_amount: { currency_code: PAYMENT_CURRENCY, value: params.perStoreUsd.toFixed(2) },
        })),
      },
    ],
  };
}
