import { execFileSync } from 'node:child_process';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { flowLayouts } from './layouts-plugin';

/** The code the explorer is built from, to tell whether QA's results are older (explorer/src/build-info.ts). */
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

/**
 * The flow explorer: its own page, built into dist/flujos (the public site's build, bundles and
 * route table are untouched) with relative URLs, so the folder can be served under any path.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react(), flowLayouts()],
  define: { __FLUJOS_BUILD__: JSON.stringify(buildInfo()) },
  build: {
    outDir: path.resolve(import.meta.dirname, '../dist/flujos'),
    emptyOutDir: true,
    target: 'es2022',
  },
});
