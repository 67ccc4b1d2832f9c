/** One Lighthouse run in a fresh headless Chromium: mobile preset (the default), simulated throttling. */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../chromium';
import type { LighthouseResult } from './summary';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

export interface LighthouseRun {
  lhr: LighthouseResult & { lighthouseVersion?: string; environment?: { hostUserAgent?: string } };
  /** The whole report, as Lighthouse writes it. */
  json: string;
}

export async function runLighthouse(url: string, chromePath: string): Promise<LighthouseRun> {
  const chrome = await launch({
    chromePath,
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const json = typeof result.report === 'string' ? result.report : (result.report[0] ?? '');
    return { lhr: result.lhr as unknown as LighthouseRun['lhr'], json };
  } finally {
    chrome.kill();
  }
}
