import { PAYMENT_CURRENCY, PAYMENT_DEFAULT_PRICE_PER_STORE_USD } from './constants';
import { formatMoney } from './money';
import type { PaymentParams } from './payment-params';

/**
 * The payment order of spec sections 3 and 9, in integer cents: one line per store and the total.
 * Without usd every store pays 12 USD. With usd, the total is exactly usd and it is split over the
 * stores; when it does not divide evenly the first stores pay one cent more (100 USD over 3
 * stores: 33.34 + 33.33 + 33.33), so the items always add up to the total the order states.
 */

const PAYMENT_ITEM_NAME = 'Suscripción mensual';

interface PaymentLine {
  cliente: string;
  cents: number;
}

export interface PaymentQuote {
  lines: PaymentLine[];
  totalCents: number;
  /** The lowest price per store (all stores pay it, or one cent more when the split is uneven). */
  perStoreCents: number;
  /** How many stores pay one cent more than perStoreCents (0 when the split is even). */
  extraCentStores: number;
}

/** `total` cents over `parts`: the first `total % parts` get one cent more. */
export function splitCents(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  const extra = total - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < extra ? 1 : 0));
}

export function quotePayment(params: PaymentParams): PaymentQuote {
  const stores = params.clientes.length;
  const totalCents = params.usdCents ?? PAYMENT_DEFAULT_PRICE_PER_STORE_USD * 100 * stores;
  const amounts = splitCents(totalCents, stores);
  return {
    lines: params.clientes.map((cliente, i) => ({ cliente, cents: amounts[i] ?? 0 })),
    totalCents,
    perStoreCents: Math.floor(totalCents / stores),
    extraCentStores: totalCents % stores,
  };
}

/** Cents as the provider's amount text: 3334 -> '33.34'. */
export function centsToAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Cents for a reader, in the buyer's locale (es_CL): 3334 -> 'US$ 33,34'. */
export function formatUsd(cents: number, locale: string): string {
  return formatMoney(cents / 100, PAYMENT_CURRENCY, locale, { decimals: 2 });
}

interface Money {
  currency_code: typeof PAYMENT_CURRENCY;
  value: string;
}

interface PaymentOrderItem {
  name: string;
  quantity: '1';
  unit_amount: Money;
}

/** The order body of PayPal's Orders v2 API (`intent` CAPTURE, one purchase unit). */
export interface PaymentOrder {
  intent: 'CAPTURE';
  purchase_units: [{ amount: Money & { breakdown: { item_total: Money } }; items: PaymentOrderItem[] }];
}

const money = (cents: number): Money => ({ currency_code: PAYMENT_CURRENCY, value: centsToAmount(cents) });

export function buildPaymentOrder(quote: PaymentQuote): PaymentOrder {
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        amount: { ...money(quote.totalCents), breakdown: { item_total: money(quote.totalCents) } },
        items: quote.lines.map((line) => ({
          name: `${PAYMENT_ITEM_NAME} - ${line.cliente}`,
          quantity: '1',
          unit_amount: money(line.cents),
        })),
      },
    ],
  };
}
