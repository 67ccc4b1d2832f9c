import { defineConfig, devices } from '@playwright/test';
import { sitePageOptions } from './scripts/chromium';

/**
 * The smoke test of `npm run dev` (tests/e2e-dev): the development server, started as a newcomer
 * starts it, serves every route with its API. The main suite (playwright.config.ts) tests the build.
 */
const PORT = Number(process.env.E2E_DEV_PORT ?? 4204);
const DB_FILE = 'data/e2e-dev.db';

export default defineConfig({
  testDir: 'tests/e2e-dev',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  // A page's first visit compiles its modules on demand.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  use: sitePageOptions(PORT),
  projects: [{ name: 'dev', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `node -e "for (const s of ['','-wal','-shm']) require('fs').rmSync('${DB_FILE}'+s,{force:true})" && npm run dev -- --host 127.0.0.1 --port ${PORT} --strictPort`,
    // Through the dev server's proxy: answers once the API behind it has started.
    url: `http://127.0.0.1:${PORT}/api/public/ip2location/`,
    env: { DB_FILE, RATE_LIMIT: 'off', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
