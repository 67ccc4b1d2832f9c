/**
 * Sets a USD exchange rate in the site database:
 *   npm run rates:set -- CLP 950.25      (or: tsx server/cli/set-rate.ts CLP 950.25)
 * The database is the server's: DATABASE_URL (PostgreSQL) when set, otherwise DB_FILE (default data/site.db).
 * Exit codes: 0 done, 1 database error, 2 bad arguments (usage printed).
 */
import { describeStorage } from '../config';
import { openStorage, type Storage } from '../storage';
import { storageConfigFromEnv } from './storage-env';
import { USAGE, parseArgs } from './rate-args';

async function main(): Promise<number> {
  const parsed = parseArgs(process.argv.slice(2));
  if (!parsed.ok) {
    console.error(`${parsed.problem}\n\n${USAGE}`);
    return 2;
  }
  const config = storageConfigFromEnv(process.env);
  let storage: Storage | undefined;
  try {
    storage = await openStorage(config);
    const before = await storage.getRate(parsed.currency);
    await storage.setRate(parsed.currency, parsed.rate);
    const was = before === undefined ? '' : ` (antes ${before})`;
    console.info(
      `Cotización actualizada: 1 USD = ${parsed.rate} ${parsed.currency}${was}. Base: ${describeStorage(config)}`,
    );
    return 0;
  } catch (error) {
    console.error(
      `No se pudo guardar la cotización: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  } finally {
    await storage?.close();
  }
}

process.exitCode = await main();
