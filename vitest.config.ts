import { defineConfig } from 'vitest/config';
import { flowVersions } from '@tienda/flow-workbench/behaviour';

export default defineConfig({
  // Each flow's version, as the site's build writes it (src/config/flow-versions.ts).
  define: { __FLOW_VERSIONS__: JSON.stringify(flowVersions(process.cwd())) },
  test: {
    include: [
      'tests/unit/**/*.test.{ts,tsx}',
      'tests/model/**/*.test.ts',
      // Each flow's model paths test, in its flow folder.
      'src/flows/*/*.model.test.ts',
      'tests/api/**/*.test.ts',
      // The flow workbench's own tests, on its fixture machines.
      'packages/*/test/**/*.test.{ts,tsx}',
    ],
    environment: 'node',
    pool: 'forks',
    testTimeout: 20000,
    // The API suites' hooks create and drop a database, build a site or close a server that writes
    // what it holds; on a busy 2-core machine that has taken over the default 10 s.
    hookTimeout: 30000,
    // A throwaway PostgreSQL server when API tests run (skipped, with the reason, without one).
    globalSetup: ['tests/api/support/global-setup.ts'],
  },
});
