/**
 * The explorer's Vite plugin. It hands the page three modules:
 * - `virtual:flow-catalogue`: the site's catalogue module (its path is the only thing the site
 *   gives), so the page runs the site's machines without the workbench importing the site;
 * - `virtual:flow-layouts`: every flow laid out with elkjs when the explorer is built (layout key
 *   -> geometry), so the first diagram needs no request and no layout work in the browser: each
 *   flow with every state expanded, as it opens (../graph/default-view.ts: its steps, or folded
 *   until it reads at a laptop's size; `views`, slug -> that view), each with its identifiers
 *   drawn too. Other views are laid out in the browser when asked for;
 * - `virtual:flow-changes`: the flows' change against a base commit (./flow-changes.ts), null
 *   when there is none;
 * - `virtual:flow-versions`: each flow's version (machine id -> its behaviour's fingerprint,
 *   ../kit/behaviour.ts, read from the machine's file; a flow without a file the graph's signature),
 *   the version every result the page shows is checked against;
 * and files beside the page: `mutacion.json`, the last mutation run's summary (../kit/mutation.ts)
 * from the file the site names, fetched by the page like QA's other results (a summary with no
 * file in it when there is none or it cannot be read); and `versiones/<slug>.json`, each flow's
 * past versions from the site's registry (../diff/versions.ts), fetched only when a link names a
 * version other than today's (the registry grows with every version: it stays out of the bundle).
 * Under the dev server the catalogue is loaded through Vite, and the page reloads when a watched
 * folder changes.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ELK from 'elkjs/lib/elk.bundled.js';
import { tsImport } from 'tsx/esm/api';
import type { Plugin, ViteDevServer } from 'vite';
import type { Catalogue } from '../catalogue';
import { MUTATION_SUMMARY_VERSION, type MutationSummary } from '../kit/mutation';
import type { CataloguePaths } from '../diff/snapshot';
import { FlowsDiffError } from '../diff/trees';
import { loadVersions } from '../diff/version-registry';
import { readVersions, versionsText } from '../diff/versions';
import { describeMachine } from '../graph/describe';
import { layoutGraph, layoutKey, type Geometry } from '../graph/layout';
import { PRECOMPUTED_VIEWS } from '../graph/layout-input';
import { flowDefaultView } from './default-views';
import type { DefaultView } from '../graph/default-view';
import { flowChanges } from './flow-changes';
import { graphSignature } from '../kit/results';
import { behaviourVersion } from '../kit/behaviour';
import { existsSync } from 'node:fs';

export const CATALOGUE_MODULE = 'virtual:flow-catalogue';
export const LAYOUTS_MODULE = 'virtual:flow-layouts';
export const CHANGES_MODULE = 'virtual:flow-changes';
export const VERSIONS_MODULE = 'virtual:flow-versions';
/** The mutation summary's file name beside the built page (../explorer/mutation.ts fetches it). */
export const MUTATION_FILE = 'mutacion.json';
/** The folder of the flows' past versions beside the built page (../explorer/link/versions.ts fetches it). */
export const VERSIONS_FOLDER = 'versiones';
const RESOLVED_CATALOGUE = `\0${CATALOGUE_MODULE}`;
const RESOLVED = `\0${LAYOUTS_MODULE}`;
const RESOLVED_CHANGES = `\0${CHANGES_MODULE}`;
const RESOLVED_VERSIONS = `\0${VERSIONS_MODULE}`;

export interface FlowExplorerOptions {
  /** Absolute path of the site's catalogue module, whose default export is a Catalogue. */
  catalogue: string;
  /** Where a tree keeps the module exporting its `flows`, relative to the repository root, for the flow diff. */
  diffCatalogues: CataloguePaths;
  /** Folders whose change reloads the dev server's page with fresh layouts. */
  watch?: readonly string[];
  /** Absolute path of the mutation run's summary (JSON, ../kit/mutation.ts), when the site keeps one. */
  mutationSummary?: string;
  /** Absolute path of the registry of the flows' versions (../diff/version-registry.ts), when the site keeps one. */
  flowVersions?: string;
  env?: NodeJS.ProcessEnv;
  /** The folder the catalogue's `source` paths are relative to (the repository root); the working directory by default. */
  root?: string;
}

const EMPTY_SUMMARY: MutationSummary = { version: MUTATION_SUMMARY_VERSION, files: {} };

/** The summary as the page gets it: only a file of the known version, else null. */
async function mutationSummaryOf(file: string | undefined): Promise<MutationSummary | null> {
  if (!file) return null;
  try {
    const raw = JSON.parse(await readFile(file, 'utf8')) as Partial<MutationSummary>;
    return raw.version === MUTATION_SUMMARY_VERSION && typeof raw.files === 'object' && raw.files !== null
      ? (raw as MutationSummary)
      : null;
  } catch {
    return null;
  }
}

/** A flow's registry file as the page gets it: its versions, none without a registry or a file. */
function versionsOf(dir: string | undefined, slug: string): string {
  let registry = readVersions(undefined, slug);
  try {
    if (dir) registry = loadVersions(dir, slug);
  } catch {
    // A file that does not parse: the page says the older versions are not known.
  }
  return versionsText(registry);
}

async function layoutsOf(
  catalogue: Catalogue,
): Promise<{ layouts: Record<string, Geometry>; views: Record<string, DefaultView> }> {
  const elk = new ELK();
  const layouts: Record<string, Geometry> = {};
  const views: Record<string, DefaultView> = {};
  for (const flow of catalogue.flows) {
    const graph = describeMachine(flow.machine);
    const view = await flowDefaultView(flow.machine, graph, elk);
    views[flow.slug] = view;
    for (const options of [...PRECOMPUTED_VIEWS, view, { ...view, ids: true }])
      layouts[layoutKey(flow.slug, options)] ??= await layoutGraph(elk, graph, options);
  }
  return { layouts, views };
}

/** Machine id -> version: the behaviour of the machine's file, or the graph's signature without one. */
function flowVersionsOf(catalogue: Catalogue, root: string): Record<string, string> {
  return Object.fromEntries(
    catalogue.flows.map((flow) => {
      const file = flow.source ? path.resolve(root, flow.source) : undefined;
      const version = file && existsSync(file) ? behaviourVersion(file) : graphSignature(flow.machine);
      return [flow.machine.id, version];
    }),
  );
}

export function flowExplorer(options: FlowExplorerOptions): Plugin {
  let server: ViteDevServer | undefined;
  const watched = (options.watch ?? []).map((dir) => `${path.resolve(dir)}${path.sep}`);
  const loadCatalogue = async (): Promise<Catalogue> => {
    const mod = server
      ? await server.ssrLoadModule(options.catalogue)
      : ((await tsImport(pathToFileURL(options.catalogue).href, import.meta.url)) as Record<string, unknown>);
    return (mod.default ?? mod) as Catalogue;
  };
  return {
    name: 'flow-explorer',
    configureServer(devServer) {
      server = devServer;
      devServer.middlewares.use(`/${MUTATION_FILE}`, (_request, response) => {
        void mutationSummaryOf(options.mutationSummary).then((summary) => {
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify(summary ?? EMPTY_SUMMARY));
        });
      });
      devServer.middlewares.use(`/${VERSIONS_FOLDER}/`, (request, response, next) => {
        const slug = /^\/([A-Za-z0-9_-]+)\.json$/.exec(request.url ?? '')?.[1];
        if (!slug) return next();
        response.setHeader('content-type', 'application/json');
        response.end(versionsOf(options.flowVersions, slug));
      });
      devServer.watcher.on('change', (file) => {
        if (!watched.some((dir) => file.startsWith(dir))) return;
        const modules = [RESOLVED, RESOLVED_CHANGES, RESOLVED_VERSIONS].map((id) =>
          devServer.moduleGraph.getModuleById(id),
        );
        if (modules.every((m) => !m)) return;
        for (const module of modules) if (module) devServer.moduleGraph.invalidateModule(module);
        devServer.ws.send({ type: 'full-reload' });
      });
    },
    async generateBundle() {
      // Always there, empty without a run: the page never asks for a file that is missing.
      const summary = (await mutationSummaryOf(options.mutationSummary)) ?? EMPTY_SUMMARY;
      this.emitFile({ type: 'asset', fileName: MUTATION_FILE, source: JSON.stringify(summary) });
      // One per flow, empty without a registry: the page never asks for a file that is missing.
      for (const flow of (await loadCatalogue()).flows)
        this.emitFile({
          type: 'asset',
          fileName: `${VERSIONS_FOLDER}/${flow.slug}.json`,
          source: versionsOf(options.flowVersions, flow.slug),
        });
    },
    resolveId(id) {
      if (id === CATALOGUE_MODULE) return RESOLVED_CATALOGUE;
      if (id === LAYOUTS_MODULE) return RESOLVED;
      if (id === VERSIONS_MODULE) return RESOLVED_VERSIONS;
      return id === CHANGES_MODULE ? RESOLVED_CHANGES : undefined;
    },
    async load(id) {
      if (id === RESOLVED_CATALOGUE) return `export { default } from ${JSON.stringify(options.catalogue)};\n`;
      if (id !== RESOLVED && id !== RESOLVED_CHANGES && id !== RESOLVED_VERSIONS) return undefined;
      const catalogue = await loadCatalogue();
      if (id === RESOLVED_VERSIONS)
        return `export default ${JSON.stringify(flowVersionsOf(catalogue, options.root ?? process.cwd()))};\n`;
      if (id === RESOLVED) {
        const { layouts, views } = await layoutsOf(catalogue);
        return `export default ${JSON.stringify(layouts)};\nexport const views = ${JSON.stringify(views)};\n`;
      }
      try {
        const changes = await flowChanges({
          dir: path.dirname(options.catalogue),
          flows: catalogue.flows,
          catalogues: options.diffCatalogues,
          ...(options.env ? { env: options.env } : {}),
        });
        return `export default ${JSON.stringify(changes)};\n`;
      } catch (error) {
        // A base that does not exist or does not load: its Spanish line, without a stack.
        if (error instanceof FlowsDiffError) this.error(error.message);
        throw error;
      }
    },
  };
}
