import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
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
