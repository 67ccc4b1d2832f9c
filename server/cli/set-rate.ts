/**
 * Sets a USD exchange rate in the site database:
 *   npm run rates:set -- CLP 950.25      (or: tsx server/cli/set-rate.ts CLP 950.25)
 * The database file is DB_FILE (default data/site.db), the same the server uses.
 * Exit codes: 0 done, 1 database error, 2 bad arguments (usage printed).
 */
import path from 'node:path';
import { openDb, type SiteDb } from '../db';
import { USAGE, parseArgs } from './rate-args';

function main(): number {
  const parsed = parseArgs(process.argv.slice(2));
  if (!parsed.ok) {
    console.error(`${parsed.problem}\n\n${USAGE}`);
    return 2;
  }
  const dbFile = path.resolve(process.env.DB_FILE || 'data/site.db');
  let db: SiteDb | undefined;
  try {
    db = openDb(dbFile);
    const before = db.getRate(parsed.currency);
    db.setRate(parsed.currency, parsed.rate);
    const was = before === undefined ? '' : ` (antes ${before})`;
    console.info(`Cotización actualizada: 1 USD = ${parsed.rate} ${parsed.currency}${was}. Base: ${dbFile}`);
    return 0;
  } catch (error) {
    console.error(
      `No se pudo guardar la cotización: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  } finally {
    db?.close();
  }
}

process.exitCode = main();
