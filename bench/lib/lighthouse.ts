/** One Lighthouse run in a fresh headless Chromium: mobile preset (the default), simulated throttling. */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CPU_SLOWDOWN } from '../budgets';
import { CHROMIUM_ARGS } from '../../scripts/chromium';
import { simulatedTasks, type RunArtifacts } from './simulated-tasks';
import type { LighthouseResult, SimulatedTask } from './summary';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

export interface LighthouseRun {
  lhr: LighthouseResult & { lighthouseVersion?: string; environment?: { hostUserAgent?: string } };
  /** The whole report, as Lighthouse writes it. */
  json: string;
  /** The load's top-level main-thread tasks on the simulated phone, longest first. */
  tasks: SimulatedTask[];
}

const launched = new Set<{ kill(): void }>();

/** Ends the browser of a run under way (the benchmark was interrupted). */
export function killBrowsers(): void {
  for (const chrome of launched) chrome.kill();
}

export async function runLighthouse(url: string, chromePath: string): Promise<LighthouseRun> {
  const chrome = await launch({
    chromePath,
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
    logLevel: 'silent',
  });
  launched.add(chrome);
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      // The mobile preset's own slowdown, stated so that the figures and bench/budgets.ts agree.
      throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN },
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const json = typeof result.report === 'string' ? result.report : (result.report[0] ?? '');
    const lhr = result.lhr as unknown as LighthouseRun['lhr'];
    const tasks = lhr.runtimeError
      ? []
      : await simulatedTasks(result.artifacts as unknown as RunArtifacts, result.lhr.configSettings);
    return { lhr, json, tasks };
  } finally {
    chrome.kill();
    launched.delete(chrome);
  }
}
