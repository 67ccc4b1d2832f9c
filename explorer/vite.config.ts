import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { flowLayouts } from './layouts-plugin';

/**
 * The flow explorer: its own page, built into dist/flujos (the public site's build, bundles and
 * route table are untouched) with relative URLs, so the folder can be served under any path.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react(), flowLayouts()],
  build: {
    outDir: path.resolve(import.meta.dirname, '../dist/flujos'),
    emptyOutDir: true,
    target: 'es2022',
  },
});
