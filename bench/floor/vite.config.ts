/** The floor page's client build: the site's toolchain (Vite, the React plugin, the same target). */
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export const FLOOR_DIR = path.resolve(import.meta.dirname, '../../dist/floor');

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: FLOOR_DIR,
    emptyOutDir: true,
    target: 'es2022',
  },
});
