import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'tests/unit/**/*.test.{ts,tsx}',
      'tests/model/**/*.test.ts',
      'tests/api/**/*.test.ts',
      // The flow workbench's own tests, on its fixture machines.
      'packages/*/test/**/*.test.{ts,tsx}',
    ],
    environment: 'node',
    pool: 'forks',
    testTimeout: 20000,
    // A throwaway PostgreSQL server when API tests run (skipped, with the reason, without one).
    globalSetup: ['tests/api/support/global-setup.ts'],
  },
});
