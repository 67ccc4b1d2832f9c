import path from 'node:path';
import { defineConfig } from 'vite';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The server as deployed: server/index.ts and the command-line tools compiled to plain JavaScript
 * for Node (dist/node), built with the site (`npm run build`) and run without a TypeScript loader
 * (`npm run serve` is `node dist/node/server.js`). Packages stay in node_modules (imported, not
 * bundled); the server's own code and the src/domain rules it shares with the site are bundled.
 */
export default defineConfig({
  root,
  // Nothing of the site's public folder belongs to the server.
  publicDir: false,
  build: {
    ssr: true,
    outDir: path.join(root, 'dist/node'),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rolldownOptions: {
      input: {
        server: path.join(root, 'server/index.ts'),
        'set-rate': path.join(root, 'server/cli/set-rate.ts'),
        'leads-export': path.join(root, 'server/cli/leads-export.ts'),
        'flows-password': path.join(root, 'server/cli/flows-password.ts'),
      },
      output: { format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
