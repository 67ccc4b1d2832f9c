import { execFileSync } from 'node:child_process';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { UserConfig } from 'vite';
import { flowExplorer, type FlowExplorerOptions } from './plugin';

/** The code the explorer is built from, to tell whether QA's results are older (../explorer/build-info.ts). */
function buildInfo(): { commit: string | null; date: string | null; dirty: boolean } {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
    return {
      commit: git('rev-parse', 'HEAD'),
      date: git('show', '-s', '--format=%cI', 'HEAD'),
      dirty: git('status', '--porcelain', '--untracked-files=no') !== '',
    };
  } catch {
    return { commit: null, date: null, dirty: false };
  }
}

export interface ExplorerConfigOptions extends FlowExplorerOptions {
  /** The folder the explorer is built into (emptied first). */
  outDir: string;
}

/**
 * The flow explorer as its own page, built into `outDir` with relative URLs, so the folder can be
 * served under any path; the site's own build, bundles and route table are untouched.
 */
export function explorerConfig({ outDir, ...plugin }: ExplorerConfigOptions): UserConfig {
  return {
    root: path.resolve(import.meta.dirname, '../explorer'),
    base: './',
    plugins: [react(), flowExplorer(plugin)],
    define: { __FLUJOS_BUILD__: JSON.stringify(buildInfo()) },
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  };
}
