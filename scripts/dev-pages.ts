/**
 * The development server's pages, made the way the build makes them (scripts/prerender.ts): each
 * route rendered by src/entry-server.tsx, with its title and head tags, the head script at the top
 * of the head, the notice of a page whose code never runs, and the boot script that starts the code
 * after the first paint. The browser then hydrates server markup as in production, so a hydration
 * mismatch shows up in `npm run dev`, not first on a deployed page.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import react from '@vitejs/plugin-react';
import type { Connect, Plugin, ViteDevServer } from 'vite';
import { bootTags } from '../src/boot/boot-script';
import { notLoadedMarkup } from '../src/boot/not-loaded';
import { LAYOUT_COPY } from '../src/content/layout';
import type * as ServerEntryModule from '../src/entry-server';
import { buildInlineScripts, type InlineScripts } from './inline-scripts';

type ServerEntry = typeof ServerEntryModule;

const SERVER_ENTRY = '/src/entry-server.tsx';
/** index.html's entry script, as Vite serves it (with `?t=` once the entry has been updated). */
const CLIENT_ENTRY_TAG = /<script type="module" src="\/src\/entry-client\.tsx(\?t=\d+)?"><\/script>/;
/** The client entry in development: the React refresh runtime first, then entry-client.tsx. */
const DEV_ENTRY = '/src/entry-dev.ts';
/** The folders whose files the inline scripts are bundled from. */
const INLINE_SOURCES = ['src/boot/', 'src/domain/', 'src/content/'];

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A path that names a page rather than a file: no extension, or an `.html` alias. */
const isPagePath = (pathname: string) => !/\.[a-z0-9]+$/i.test(pathname) || pathname.endsWith('.html');

/** The site's global stylesheet, which only the client entry imports. */
const GLOBAL_CSS = '/src/styles.css';
const PAGE_MODULE = /\/src\/pages\/[^/]+-page\.tsx$/;

/**
 * The stylesheets of a page: the global one, then those its server render imported (skipping the
 * other pages the render of earlier requests loaded), linked so the page paints styled before its
 * code runs, as a built page does with its inline CSS.
 */
function stylesheetsOf(server: ViteDevServer, entryFile: string, pageFile: string): string[] {
  const graph = server.environments.ssr.moduleGraph;
  const seen = new Set<string>();
  const css = [GLOBAL_CSS];
  const visit = (id: string | null) => {
    const mod = id ? graph.getModuleById(id) : undefined;
    if (!mod?.id || seen.has(mod.id) || (PAGE_MODULE.test(mod.id) && mod.id !== pageFile)) return;
    seen.add(mod.id);
    if (/\.css($|\?)/.test(mod.url) && !css.includes(mod.url)) css.push(mod.url);
    for (const imported of mod.importedModules) visit(imported.id);
  };
  visit(entryFile);
  visit(pageFile);
  return css;
}

export function devPages(): Plugin {
  let scripts: Promise<InlineScripts> | undefined;
  return {
    name: 'dev-pages',
    apply: (_config, env) => env.command === 'serve' && !env.isPreview,
    // Vite's own HTML handling is not wanted: every page path is rendered here.
    config: () => ({ appType: 'custom' }),
    configureServer(server) {
      const root = server.config.root;
      server.watcher.on('change', (file) => {
        const relative = path.relative(root, file).split(path.sep).join('/');
        if (INLINE_SOURCES.some((folder) => relative.startsWith(folder))) scripts = undefined;
        // A module only the server render uses (the footer, a static section, the head tags) has no
        // hot update in the browser, which never loaded it and keeps its server HTML: the page is
        // rendered again. (The client's graph may still list it, from an import it never runs.)
        const { client, ssr } = server.environments;
        const inBrowser = [...(client.moduleGraph.getModulesByFile(file) ?? [])].some(
          (m) => m.transformResult,
        );
        if (ssr.moduleGraph.getModulesByFile(file)?.size && !inBrowser)
          client.hot.send({ type: 'full-reload' });
      });

      async function render(pathname: string, url: string, res: ServerResponse) {
        scripts ??= buildInlineScripts();
        const inline = await scripts;
        const entry = (await server.ssrLoadModule(SERVER_ENTRY)) as ServerEntry;
        const page = entry.resolvePage(pathname);
        // The static server's rule (server/static-site.ts): a route with a trailing slash redirects.
        const withoutSlash = pathname.replace(/\/+$/, '');
        if (page.key === 'notFound' && withoutSlash && entry.resolvePage(withoutSlash).key !== 'notFound') {
          res.statusCode = 301;
          res.setHeader('location', `${withoutSlash}${new URL(url, 'http://localhost').search}`);
          res.end();
          return;
        }
        const template = await server.transformIndexHtml(
          url,
          await readFile(path.join(root, 'index.html'), 'utf8'),
        );
        const appHtml = await entry.render(pathname);
        const { title, description } = entry.pageHead(page.key);
        const head = [
          `<script>${inline.head}</script>`,
          `<title>${escapeHtml(title)}</title>`,
          `<meta name="description" content="${escapeHtml(description)}">`,
          page.noindex ? '<meta name="robots" content="noindex">' : '',
          ...entry.seoHead(page).tags,
          // Vite adds each stylesheet again as a style element when the code runs; a link goes when
          // its file is updated in place (entry-dev.ts), so its old rules do not outlive the edit.
          ...stylesheetsOf(
            server,
            path.join(root, SERVER_ENTRY),
            path.join(root, 'src/pages', `${entry.pageModule(page.key)}.tsx`),
          ).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}" data-dev-css>`),
        ]
          .filter(Boolean)
          .join('\n    ');
        const notice = notLoadedMarkup(entry.whatsappLink(LAYOUT_COPY.mensajeContacto));
        // The boot script imports the entry after the first paint, so the refresh runtime comes
        // from the entry itself (entry-dev.ts), not from the inline preamble, which could run later.
        const preamble = `<script type="module">${react.preambleCode.replace('__BASE__', '/')}</script>`;
        if (!CLIENT_ENTRY_TAG.test(template) || !template.includes(preamble))
          throw new Error('index.html: falta el script de entrada o el preámbulo de React');
        const html = template
          .replace(preamble, '')
          .replace('<!--app-head-->', () => head)
          .replace('<!--app-html-->', () => appHtml)
          .replace('<body>', () => `<body>\n    ${notice}`)
          .replace(CLIENT_ENTRY_TAG, () => bootTags([DEV_ENTRY], inline.boot));
        res.statusCode = page.key === 'notFound' ? 404 : 200;
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.setHeader('cache-control', 'no-store');
        res.end(html);
      }

      // After Vite's own middlewares: module and static file requests never get here.
      return () => {
        server.middlewares.use(
          (req: Connect.IncomingMessage, res: ServerResponse, next: Connect.NextFunction) => {
            if (req.method !== 'GET' && req.method !== 'HEAD') return next();
            const url = req.originalUrl ?? req.url ?? '/';
            const { pathname } = new URL(url, 'http://localhost');
            if (!isPagePath(pathname)) return next();
            render(pathname, url, res).catch((error: unknown) => {
              if (error instanceof Error) server.ssrFixStacktrace(error);
              next(error);
            });
          },
        );
      };
    },
  };
}
