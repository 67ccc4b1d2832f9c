/**
 * Finds a Chromium for the end-to-end tests, in this order:
 * 1. the CHROMIUM_PATH environment variable;
 * 2. Playwright's own browser, where `npx playwright install chromium` has put one;
 * 3. a system Chromium (/usr/bin/chromium from Debian's package, or similar).
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const SYSTEM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

export interface FoundChromium {
  path: string;
  source: 'env' | 'playwright' | 'system';
}

export function findChromium(env: NodeJS.ProcessEnv = process.env): FoundChromium | undefined {
  const fromEnv = env.CHROMIUM_PATH?.trim();
  if (fromEnv) return existsSync(fromEnv) ? { path: fromEnv, source: 'env' } : undefined;
  try {
    const own = chromium.executablePath();
    if (own && existsSync(own)) return { path: own, source: 'playwright' };
  } catch {
    // Playwright has no browser of its own here.
  }
  const system = SYSTEM_CANDIDATES.find((p) => existsSync(p));
  return system ? { path: system, source: 'system' } : undefined;
}

/** Flags that keep a system Chromium quiet on a machine with a closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** What every Playwright config's pages share: the site at `port`, Spanish (Argentina), this Chromium. */
export function sitePageOptions(port: number) {
  const path = findChromium()?.path;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'es-AR',
    trace: 'retain-on-failure' as const,
    launchOptions: { ...(path ? { executablePath: path } : {}), args: CHROMIUM_ARGS },
  };
}
