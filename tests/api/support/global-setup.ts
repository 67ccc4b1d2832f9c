/**
 * Vitest global setup: starts one throwaway PostgreSQL server for the API tests (each test file
 * makes its own database on it) when API tests are selected and the binaries exist. Otherwise the
 * PostgreSQL half of the API suite is skipped, and this says why. TEST_DATABASE_URL (a superuser
 * URL of an existing server) is used instead of starting one; TEST_POSTGRES=off skips them.
 */
import type { TestProject } from 'vitest/node';
import { startPostgres } from '../../../scripts/throwaway-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    postgresSkipReason: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const given = process.env.TEST_DATABASE_URL?.trim();
  if (given) {
    project.provide('postgresAdminUrl', given);
    project.provide('postgresSkipReason', '');
    return undefined;
  }
  if (process.env.TEST_POSTGRES === 'off') {
    console.warn('\n[api] PostgreSQL tests SKIPPED: TEST_POSTGRES=off\n');
    project.provide('postgresAdminUrl', '');
    project.provide('postgresSkipReason', 'TEST_POSTGRES=off');
    return undefined;
  }
  // The command-line file filters (`vitest run tests/unit/x`); without them every file is selected.
  const filters =
    project.vitest.config.filters ??
    (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  const { testFiles } = await project.globTestFiles(filters);
  if (!testFiles.some((file) => file.replaceAll('\\', '/').includes('/tests/api/'))) {
    project.provide('postgresAdminUrl', '');
    project.provide('postgresSkipReason', 'no API test selected');
    return undefined;
  }
  const started = await startPostgres({ fast: true });
  if (!started.ok) {
    console.warn(`\n[api] PostgreSQL tests SKIPPED: ${started.reason}\n`);
    project.provide('postgresAdminUrl', '');
    project.provide('postgresSkipReason', started.reason);
    return undefined;
  }
  console.info(`[api] PostgreSQL ${started.server.version} started for the API tests`);
  project.provide('postgresAdminUrl', started.server.adminUrl);
  project.provide('postgresSkipReason', '');
  return () => started.server.stop();
}
