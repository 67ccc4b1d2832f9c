import { defineConfig } from 'vitest/config';

/**
 * The tests a flow's mutants are run against (`npm run test:mutation`, stryker.config.mjs): the
 * machines' unit tests, the model tests and the domain rules' tests. The API and browser suites
 * are left out: they need a server or a database, and a machine's rule is theirs to catch too.
 */
export default defineConfig({
  test: {
    include: [
      'tests/unit/flows/**/*.test.{ts,tsx}',
      'tests/model/**/*.test.ts',
      'tests/unit/domain/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});
