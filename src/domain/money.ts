import type { Currency } from './countries';

/** Keeps a sign, a code or a unit on the same line as its figure. */
export const NO_BREAK_SPACE = '\u00a0';

/**
 * The sign written before each currency's figures. Intl's own currency patterns depend on the
 * locale (USD reads 'USD 12' in es-PA, es-PE and es-MX, 'US$ 12' in es-UY and es-CO, 'US$12' in
 * es-CL): the site writes each currency one way on every page.
 */
const CURRENCY_SIGNS: Readonly<Record<Currency['codigo'], string>> = {
  USD: 'US$',
  ARS: '$',
  CLP: '$',
  COP: '$',
  MXN: '$',
  PEN: 'S/',
  UYU: '$',
};

export interface MoneyFormat {
  /** Decimal places, always shown (0 for the plans' whole prices, 2 for the payment page's cents). */
  decimals?: number;
}

/**
 * Every amount the site shows: the currency's sign, a no-break space, then the figure with the
 * separators of the page's locale (a country's `es-CL`, or the payment link's `es_CL`):
 * `US$ 12`, `$ 14.000`, `S/ 140`, `US$ 33,34`.
 */
export function formatMoney(
  amount: number,
  currency: Currency['codigo'],
  locale: string,
  { decimals = 0 }: MoneyFormat = {},
): string {
  const figure = new Intl.NumberFormat(locale.replace('_', '-'), {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(amount);
  return `${CURRENCY_SIGNS[currency]}${NO_BREAK_SPACE}${figure}`;
}
