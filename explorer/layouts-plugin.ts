/**
 * Lays out every machine of the flow catalogue with elkjs when the explorer is built, and hands
 * the geometry to the page as the module `virtual:flow-layouts` (layout key -> geometry), so the
 * first diagram needs no request and no layout work in the browser: each flow as it opens (every
 * state expanded) and with its identifiers drawn. Other views (a state collapsed) are laid out in
 * the browser when asked for. Under `vite --config explorer/vite.config.ts` the layouts come from
 * the current machines and are recomputed when a file under src/flows changes.
 *
 * It also hands the page the flows' change against a base commit as `virtual:flow-changes`
 * (./flow-changes.ts: FLOWS_DIFF_BASE, else the merge base with main), null when there is none.
 */
import path from 'node:path';
import ELK from 'elkjs/lib/elk.bundled.js';
import type { Plugin, ViteDevServer } from 'vite';
import { FlowsDiffError } from '../scripts/flows-diff/trees';
import { flowChanges } from './flow-changes';
import type * as Catalogue from './src/catalogue';
import { describeMachine } from './src/graph/describe';
import { layoutGraph, layoutKey, type Geometry } from './src/graph/layout';
import { PRECOMPUTED_VIEWS } from './src/graph/layout-input';

export const LAYOUTS_MODULE = 'virtual:flow-layouts';
export const CHANGES_MODULE = 'virtual:flow-changes';
const RESOLVED = `\0${LAYOUTS_MODULE}`;
const RESOLVED_CHANGES = `\0${CHANGES_MODULE}`;
const FLOWS_DIR = `${path.sep}src${path.sep}flows${path.sep}`;
const MODEL_DIR = `${path.sep}flow-kit${path.sep}`;

async function layoutsOf(catalogue: typeof Catalogue): Promise<Record<string, Geometry>> {
  const elk = new ELK();
  const out: Record<string, Geometry> = {};
  for (const flow of catalogue.flows) {
    const graph = describeMachine(flow.machine);
    for (const options of PRECOMPUTED_VIEWS)
      out[layoutKey(flow.slug, options)] = await layoutGraph(elk, graph, options);
  }
  return out;
}

export function flowLayouts(): Plugin {
  let server: ViteDevServer | undefined;
  return {
    name: 'flow-layouts',
    configureServer(devServer) {
      server = devServer;
      devServer.watcher.on('change', (file) => {
        if (!file.includes(FLOWS_DIR) && !file.includes(MODEL_DIR)) return;
        const modules = [RESOLVED, RESOLVED_CHANGES].map((id) => devServer.moduleGraph.getModuleById(id));
        if (modules.every((m) => !m)) return;
        for (const module of modules) if (module) devServer.moduleGraph.invalidateModule(module);
        devServer.ws.send({ type: 'full-reload' });
      });
    },
    resolveId(id) {
      if (id === LAYOUTS_MODULE) return RESOLVED;
      return id === CHANGES_MODULE ? RESOLVED_CHANGES : undefined;
    },
    async load(id) {
      if (id !== RESOLVED && id !== RESOLVED_CHANGES) return undefined;
      const catalogue = server
        ? ((await server.ssrLoadModule('/src/catalogue.ts')) as typeof Catalogue)
        : await import('./src/catalogue');
      if (id === RESOLVED) return `export default ${JSON.stringify(await layoutsOf(catalogue))};\n`;
      try {
        const changes = await flowChanges({ dir: import.meta.dirname, catalogue });
        return `export default ${JSON.stringify(changes)};\n`;
      } catch (error) {
        // A base that does not exist or does not load: its Spanish line, without a stack.
        if (error instanceof FlowsDiffError) this.error(error.message);
        throw error;
      }
    },
  };
}
