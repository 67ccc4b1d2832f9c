/**
 * Lays out every machine of the flow catalogue with elkjs when the explorer is built, and writes
 * the geometry as layouts/<slug>.json next to the page (fetched when a flow is opened). Under
 * `vite --config explorer/vite.config.ts` the same files are computed on request from the current
 * machines.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { Plugin, ViteDevServer } from 'vite';
import type * as Catalogue from './src/catalogue';
import { describeMachine } from './src/graph/describe';
import { layoutGraph } from './src/graph/layout';

export const LAYOUTS_DIR = 'layouts';

async function layoutsOf(catalogue: typeof Catalogue): Promise<Map<string, string>> {
  const elk = new ELK();
  const out = new Map<string, string>();
  for (const flow of catalogue.flows) {
    const geometry = await layoutGraph(elk, describeMachine(flow.machine));
    out.set(`${LAYOUTS_DIR}/${flow.slug}.json`, JSON.stringify(geometry));
  }
  return out;
}

function serveLayouts(server: ViteDevServer): void {
  server.middlewares.use(async (req, res, next) => {
    const match = /^\/layouts\/([\w-]+)\.json$/.exec((req.url ?? '').replace(server.config.base, '/'));
    if (!match) return next();
    try {
      const catalogue = (await server.ssrLoadModule('/src/catalogue.ts')) as typeof Catalogue;
      const file = (await layoutsOf(catalogue)).get(`${LAYOUTS_DIR}/${match[1]}.json`);
      if (file === undefined) {
        res.statusCode = 404;
        res.end();
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(file);
    } catch (error) {
      next(error);
    }
  });
}

export function flowLayouts(): Plugin {
  return {
    name: 'flow-layouts',
    configureServer: serveLayouts,
    async generateBundle() {
      const catalogue = await import('./src/catalogue');
      for (const [fileName, source] of await layoutsOf(catalogue)) {
        this.emitFile({ type: 'asset', fileName, source });
      }
    },
  };
}
