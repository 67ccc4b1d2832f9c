import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildPaymentOrder,
  centsToAmount,
  formatUsd,
  quotePayment,
  splitCents,
} from '../../../src/domain/payment-order';
import {
  MAX_PAYMENT_USD,
  MAX_STORES_PER_PAYMENT,
  validatePaymentParams,
} from '../../../src/domain/payment-params';

const quoteFor = (cliente: string[], usd?: string) => {
  const result = validatePaymentParams({
    sandbox: [],
    cliente,
    usd: usd === undefined ? [] : [usd],
    locale: [],
  });
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return quotePayment(result.value);
};

/** Parses an Orders v2 amount text strictly into cents. */
const cents = (value: string) => {
  expect(value).toMatch(/^\d+\.\d{2}$/);
  return Number(value.replace('.', ''));
};

describe('payment order', () => {
  it('charges 12 USD per store without usd', () => {
    const quote = quoteFor(['a', 'b']);
    expect(quote).toEqual({
      lines: [
        { cliente: 'a', cents: 1200 },
        { cliente: 'b', cents: 1200 },
      ],
      totalCents: 2400,
      perStoreCents: 1200,
      extraCentStores: 0,
    });
  });

  it('splits 100 USD over 3 stores as 33.34 + 33.33 + 33.33: the total stays 100.00', () => {
    expect(buildPaymentOrder(quoteFor(['a', 'b', 'c'], '100'))).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          amount: {
            currency_code: 'USD',
            value: '100.00',
            breakdown: { item_total: { currency_code: 'USD', value: '100.00' } },
          },
          items: [
            {
              name: 'Suscripción mensual - a',
              quantity: '1',
              unit_amount: { currency_code: 'USD', value: '33.34' },
            },
            {
              name: 'Suscripción mensual - b',
              quantity: '1',
              unit_amount: { currency_code: 'USD', value: '33.33' },
            },
            {
              name: 'Suscripción mensual - c',
              quantity: '1',
              unit_amount: { currency_code: 'USD', value: '33.33' },
            },
          ],
        },
      ],
    });
  });

  it('splits evenly when it can', () => {
    const quote = quoteFor(['pizzeria', 'kiosco'], '25');
    expect(quote.lines.map((l) => l.cents)).toEqual([1250, 1250]);
    expect(quote.extraCentStores).toBe(0);
  });

  it('writes amounts with two decimals, without floating-point drift', () => {
    expect(centsToAmount(1)).toBe('0.01');
    expect(centsToAmount(1005)).toBe('10.05');
    expect(centsToAmount(1000000)).toBe('10000.00');
    expect(splitCents(7, 3)).toEqual([3, 2, 2]);
  });

  it('formats amounts for a reader as US$ with cents, in the buyer locale', () => {
    expect(formatUsd(333334, 'es_CL')).toBe('US$\u00a03.333,34');
    expect(formatUsd(1200, 'es_MX')).toBe('US$\u00a012.00');
  });

  it('items always add up to the stated total, for any 1-50 stores and any valid amount (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_STORES_PER_PAYMENT }),
        fc.option(fc.integer({ min: 1, max: MAX_PAYMENT_USD * 100 }), { nil: undefined }),
        (stores, usdCents) => {
          fc.pre(usdCents === undefined || usdCents >= stores);
          const clientes = Array.from({ length: stores }, (_, i) => `tienda-${i}`);
          const usd = usdCents === undefined ? undefined : centsToAmount(usdCents);
          const order = buildPaymentOrder(quoteFor(clientes, usd));
          const [unit] = order.purchase_units;
          const stated = cents(unit.amount.value);
          expect(stated).toBe(usdCents ?? 1200 * stores);
          expect(unit.amount.breakdown.item_total.value).toBe(unit.amount.value);
          expect(unit.items).toHaveLength(stores);
          const amounts = unit.items.map((item) => cents(item.unit_amount.value) * Number(item.quantity));
          expect(amounts.reduce((a, b) => a + b, 0)).toBe(stated);
          // Fair split: no store pays more than one cent above another, and none pays nothing.
          expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
          expect(Math.min(...amounts)).toBeGreaterThan(0);
        },
      ),
      { numRuns: 500 },
    );
  });
});
