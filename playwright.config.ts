import { defineConfig, devices } from '@playwright/test';
import { sitePageOptions } from './scripts/chromium';

const PORT = Number(process.env.E2E_PORT ?? 4174);
export const E2E_DB_FILE = 'data/e2e.db';
/** A PostgreSQL database for the e2e server instead of the SQLite file (specs that read rows honour it). */
export const E2E_DATABASE_URL = process.env.E2E_DATABASE_URL;
// One id per run, inherited by the workers: the browser model paths write their coverage parts under it.
process.env.BROWSER_MODEL_RUN_ID ??= `${Date.now()}-${process.pid}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // One per core: a third worker made every test slower by as much (21.4 min either way).
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // PLAYWRIGHT_JSON_OUTPUT_NAME=<file> also writes every test's duration there (docs/testing.md, "What npm test costs").
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  timeout: 30_000,
  // A page's hydration, waited for by most tests, takes seconds longer on a busy machine; no test
  // measures time with these waits (the specs' delays run on the page clock).
  expect: { timeout: 10_000 },
  // Writes the browser model paths' results for the flow explorer, whatever the tests' outcome.
  globalTeardown: './tests/e2e/model/support/global-teardown.ts',
  use: sitePageOptions(PORT),
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: /\/model\// },
    // The machines' model paths in the pages (tests/e2e/model), then the check of their coverage.
    { name: 'browser-model', use: { ...devices['Desktop Chrome'] }, testMatch: /\/model\/.*\.spec\.ts$/ },
    {
      name: 'browser-model-coverage',
      testMatch: /\/model\/coverage\.check\.ts$/,
      dependencies: ['browser-model'],
    },
  ],
  webServer: {
    // A fresh SQLite file per run; the compiled server (npm run serve) serves the build in dist/client.
    command: `node -e "for (const s of ['','-wal','-shm']) require('fs').rmSync('${E2E_DB_FILE}'+s,{force:true})" && node dist/node/server.js`,
    url: `http://127.0.0.1:${PORT}/api/public/ip2location/`,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DB_FILE: E2E_DB_FILE,
      RATE_LIMIT: 'off',
      ...(E2E_DATABASE_URL ? { DATABASE_URL: E2E_DATABASE_URL } : {}),
    },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
