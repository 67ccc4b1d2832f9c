import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The release test alone (`npm run test:release`): it packages and starts the build, so it runs
 * after `npm run build` inside `npm run test:e2e`, never with the unit tests before it.
 */
export default defineConfig({
  root: path.resolve(import.meta.dirname, '../..'),
  test: {
    include: ['tests/release/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 60_000,
    // Packaging takes under a minute; building first, when there is no build, a few more.
    hookTimeout: 360_000,
  },
});
