/**
 * Sets a USD exchange rate in the site database:
 *   npm run rates:set -- CLP 950.25      (or: tsx server/cli/set-rate.ts CLP 950.25)
 * The database is the server's: DATABASE_URL (PostgreSQL) when set, otherwise DB_FILE (default data/site.db).
 * Exit codes: 0 done, 1 database error, 2 bad arguments (usage printed).
 */
import { runStorageCommand } from './storage-env';
import { USAGE, parseArgs } from './rate-args';

process.exitCode = await runStorageCommand({
  parse: parseArgs,
  usage: USAGE,
  failure: 'No se pudo guardar la cotización',
  run: async (storage, { currency, rate }, where) => {
    const before = await storage.getRate(currency);
    await storage.setRate(currency, rate);
    const was = before === undefined ? '' : ` (antes ${before})`;
    console.info(`Cotización actualizada: 1 USD = ${rate} ${currency}${was}. Base: ${where}`);
  },
});
