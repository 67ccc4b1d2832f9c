/**
 * The browser's "one lead per business" scenarios (tests/e2e/registro-un-prospecto.spec.ts) again
 * with the e2e server on PostgreSQL: a throwaway server started here (scripts/throwaway-postgres.ts),
 * one empty database, the spec run with E2E_DATABASE_URL on its own port, then everything removed.
 * Run by `npm run test:e2e` after the main Playwright run (never beside it). Where PostgreSQL's
 * server binaries are missing it says so and ends without failing, as the API tests do;
 * TEST_POSTGRES=off skips it on purpose.
 */
import { spawnSync } from 'node:child_process';
import { createDatabase, startPostgres } from './throwaway-postgres';

const SPECS = ['tests/e2e/registro-un-prospecto.spec.ts'];
const PORT = process.env.E2E_PG_PORT ?? '4176';

async function main(): Promise<number> {
  if (process.env.TEST_POSTGRES === 'off') {
    console.warn('e2e en PostgreSQL: omitido (TEST_POSTGRES=off).');
    return 0;
  }
  const started = await startPostgres({ fast: true });
  if (!started.ok) {
    console.warn(`e2e en PostgreSQL: OMITIDO, ${started.reason}.`);
    return 0;
  }
  const { server } = started;
  try {
    const url = await createDatabase(server.adminUrl, 'site_e2e');
    console.info(`e2e en PostgreSQL ${server.version}: ${SPECS.join(', ')}`);
    const run = spawnSync('npx', ['playwright', 'test', ...SPECS, '--project=chromium', '--workers=1'], {
      stdio: 'inherit',
      env: { ...process.env, E2E_DATABASE_URL: url, E2E_PORT: PORT },
    });
    return run.status ?? 1;
  } finally {
    await server.stop();
  }
}

process.exitCode = await main();
