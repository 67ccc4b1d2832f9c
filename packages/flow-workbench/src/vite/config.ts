import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { UserConfig } from 'vite';
import { buildStamp } from './flow-changes';
import { flowExplorer, type FlowExplorerOptions } from './plugin';

export interface ExplorerConfigOptions extends FlowExplorerOptions {
  /** The folder the explorer is built into (emptied first). */
  outDir: string;
}

/**
 * The flow explorer as its own page, built into `outDir` with relative URLs, so the folder can be
 * served under any path; the site's own build, bundles and route table are untouched. It reads
 * git only when FLOWS_DIFF_BASE asks for a comparison (./flow-changes.ts).
 */
export function explorerConfig({ outDir, ...plugin }: ExplorerConfigOptions): UserConfig {
  return {
    root: path.resolve(import.meta.dirname, '../explorer'),
    base: './',
    plugins: [react(), flowExplorer(plugin)],
    define: { __FLUJOS_BUILD__: JSON.stringify(buildStamp(path.dirname(plugin.catalogue), plugin.env)) },
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  };
}
