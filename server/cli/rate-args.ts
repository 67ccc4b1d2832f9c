/** Argument checking of the rates CLI (set-rate.ts), kept apart so tests can import it. */
import { parseArgs as parseCommandLine } from 'node:util';
import { COUNTRY_LIST } from '../../src/domain/countries';

/** Currencies of the site's countries, except USD itself (always 1). */
const SETTABLE_CURRENCIES: readonly string[] = [
  ...new Set(COUNTRY_LIST.map((c) => c.moneda.codigo).filter((code) => code !== 'USD')),
].sort();

const MAX_RATE = 1_000_000_000;

export const USAGE = `Uso: npm run rates:set -- <MONEDA> <COTIZACIÓN>
  MONEDA       una de: ${SETTABLE_CURRENCIES.join(', ')}
  COTIZACIÓN   cuántas unidades de esa moneda vale 1 USD, con punto decimal (por ejemplo 950.25)
Ejemplo: npm run rates:set -- CLP 950.25
La base de datos es la del servidor: DATABASE_URL si está definida, si no DB_FILE (por defecto data/site.db).`;

export type ParsedArgs = { ok: true; currency: string; rate: number } | { ok: false; problem: string };

export function parseArgs(args: readonly string[]): ParsedArgs {
  let positionals: string[];
  try {
    // No options, only the two values: `--x` is refused instead of read as a currency.
    ({ positionals } = parseCommandLine({
      args: [...args],
      options: {},
      allowPositionals: true,
      strict: true,
    }));
  } catch {
    return { ok: false, problem: `No se reconoce la opción «${args.find((a) => a.startsWith('-')) ?? ''}».` };
  }
  if (positionals.length !== 2)
    return { ok: false, problem: 'Hacen falta exactamente dos datos: la moneda y la cotización.' };
  const [rawCurrency = '', rawRate = ''] = positionals;
  const currency = rawCurrency.trim().toUpperCase();
  if (!SETTABLE_CURRENCIES.includes(currency)) {
    return { ok: false, problem: `La moneda «${rawCurrency}» no es una de las que usa el sitio.` };
  }
  if (!/^\d{1,10}(\.\d{1,6})?$/.test(rawRate.trim())) {
    return {
      ok: false,
      problem: `La cotización «${rawRate}» no es un número válido (usa punto decimal, por ejemplo 950.25).`,
    };
  }
  const rate = Number(rawRate.trim());
  if (!(rate > 0) || rate > MAX_RATE) {
    return { ok: false, problem: `La cotización debe ser mayor que 0 y menor que ${MAX_RATE}.` };
  }
  return { ok: true, currency, rate };
}
