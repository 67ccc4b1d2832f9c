import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { customMediaPlugin } from './scripts/custom-media';

export default defineConfig({
  plugins: [react(), customMediaPlugin()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    // One JSON manifest lets the prerender step link each page's own chunk.
    manifest: true,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:4173' },
  },
});
