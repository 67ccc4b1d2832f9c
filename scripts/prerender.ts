/**
 * Prerenders every route of the route table to static HTML in dist/client, with per-route
 * head tags, the page's CSS inlined, the two inline scripts (built from their entry files:
 * scripts/inline-scripts.ts) and the notice of a page whose code never ran, and writes
 * routes-manifest.json for the server.
 * Run after `vite build` (client) and `vite build --ssr src/entry-server.tsx` (server).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ANCHOR_LANDING_CLASS,
  bootTags,
  COOKIES_ACKNOWLEDGED_CLASS,
  FLAG_ART_CLASS,
  REFERRAL_ACTIVE_CLASS,
} from '../src/boot/boot-script';
import { notLoadedMarkup } from '../src/boot/not-loaded';
import { LAYOUT_COPY } from '../src/content/layout';
import { buildInlineScripts, scriptHash } from './inline-scripts';
import { compactHead, inlineFavicon, takeOutModuleTags } from './prerender-html';
import { fileForPath } from './prerender-paths';
import { usedCss } from './prune-css';
import { writeSiteFiles } from './prerender-seo';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
type ViteManifest = Record<string, ManifestChunk>;

interface ServerEntry {
  render(path: string): Promise<string>;
  PAGES: readonly {
    key: string;
    paths: readonly string[];
    noindex?: boolean;
    thirdParties?: readonly string[];
  }[];
  pageHead(key: string): { title: string; description: string };
  pageModule(key: string): string;
  canonicalPath(page: { paths: readonly string[] }): string;
  config: { siteUrl: string; brandName: string };
  whatsappLink(message: string): string;
  seoHead(page: { key: string }): { ogType: string; tags: string[] };
  siteFiles(): { path: string; body: string }[];
  placeholders: readonly { where: string; setting: string; value: string }[];
}

const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.join(root, 'dist/client');
const serverEntry = path.join(root, 'dist/server/entry-server.js');

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function collectChunk(manifest: ViteManifest, key: string, seen = new Set<string>()): ManifestChunk[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return [];
  return [chunk, ...(chunk.imports ?? []).flatMap((k) => collectChunk(manifest, k, seen))];
}

const readCss = (file: string) => readFile(path.join(clientDir, file), 'utf8');

/*
 * The CSS is small (a few KB gzip per page), so it travels inside the HTML: no stylesheet request
 * blocks the first paint. Each inlined file also gets a disabled link (never fetched): Vite's
 * loader looks for that link when hydration imports the page chunk, and skips loading it again.
 */
async function inlineStyles(files: readonly string[]): Promise<string> {
  if (files.length === 0) return '';
  const css = await Promise.all(files.map(readCss));
  const markers = files.map((file) => `<link rel="stylesheet" href="/${file}" disabled>`);
  return [`<style>${css.join('\n').trim()}</style>`, ...markers].join('\n    ');
}

/** Classes the head script may set on <html> before the body is laid out. */
const HEAD_SCRIPT_CLASSES = [ANCHOR_LANDING_CLASS, COOKIES_ACKNOWLEDGED_CLASS, REFERRAL_ACTIVE_CLASS];

/*
 * Each page's inline CSS keeps only the rules that can match that page before its code runs
 * (usedCss): the rest (a menu variant, the states the code draws later, other pages' parts) cost
 * the first round trip for nothing. The whole file follows right after the first paint, from a
 * <noscript> in the head that the boot script turns into its link (HEAD_AFTER_PAINT_ELEMENT) and
 * that a browser without scripts reads as it is. It sits right after its inline copy, so the cascade
 * keeps its order; the disabled marker stays for Vite's loader.
 */
async function firstPaintStyles(html: string): Promise<string> {
  const body = html.slice(html.indexOf('<body'));
  const found = [
    ...html.matchAll(/<style>([\s\S]*?)<\/style>((?:\s*<link rel="stylesheet" href="[^"]+" disabled>)+)/g),
  ];
  const blocks = found.map(([, css = '']) => css);
  const used = await usedCss(blocks, body, HEAD_SCRIPT_CLASSES, [FLAG_ART_CLASS]);
  let out = html;
  found.forEach(([whole, css = '', markers = ''], i) => {
    const kept = used[i] ?? css;
    if (kept.length >= css.length) return;
    const files = [...markers.matchAll(/href="([^"]+)"/g)].map(([, href]) => href);
    const later = files.map((href) => `<noscript><link rel="stylesheet" href="${href}"></noscript>`);
    out = out.replace(whole, () => `<style>${kept}</style>${markers}${later.join('')}`);
  });
  return out;
}

/** The template's own stylesheet links (the global CSS Vite put there) as inline style. */
async function inlineStylesheetLinks(html: string): Promise<string> {
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g)];
  let out = html;
  for (const [tag, file] of links) {
    if (!file) continue;
    const style = await inlineStyles([file]);
    out = out.replace(tag, () => style);
  }
  return out;
}

async function main() {
  const scripts = await buildInlineScripts();
  // The Content-Security-Policy sources of the inline scripts, for the server: the hashes of the
  // very text written into the pages.
  const scriptHashes = [scripts.head, scripts.boot].map(scriptHash);
  const built = await readFile(path.join(clientDir, 'index.html'), 'utf8');
  const { html: withoutScripts, modules: entryModules } = takeOutModuleTags(built);
  const styled = await inlineFavicon(await inlineStylesheetLinks(withoutScripts), clientDir);
  const manifest = JSON.parse(
    await readFile(path.join(clientDir, '.vite/manifest.json'), 'utf8'),
  ) as ViteManifest;
  const entry = (await import(pathToFileURL(serverEntry).href)) as ServerEntry;
  const { siteUrl, brandName } = entry.config;
  // First in the body, outside the app's root (hydration never sees it).
  const notice = notLoadedMarkup(entry.whatsappLink(LAYOUT_COPY.mensajeContacto));
  const template = styled.replace(/<body>/, () => `<body>\n    ${notice}`);
  if (!template.includes(notice)) throw new Error('La plantilla no tiene <body>');
  const entryChunks = new Set(collectChunk(manifest, 'index.html').map((c) => c.file));

  const routes: Record<string, string> = {};
  /** Each route's third parties: the server allows their hosts in that page's policy. */
  const thirdParties: Record<string, readonly string[]> = {};
  let written = 0;
  for (const page of entry.PAGES) {
    const chunks = collectChunk(manifest, `src/pages/${entry.pageModule(page.key)}.tsx`);
    const boot = bootTags(
      [...entryModules, ...chunks.filter((c) => !entryChunks.has(c.file)).map((c) => `/${c.file}`)],
      scripts.boot,
    );
    const styles = [...new Set(chunks.flatMap((c) => c.css ?? []))].filter((css) => !built.includes(css));
    const pageStyle = await inlineStyles(styles);
    const canonical = `${siteUrl}${entry.canonicalPath(page)}`;
    const { title, description } = entry.pageHead(page.key);
    const seo = entry.seoHead(page);
    const head = [
      `<script>${scripts.head}</script>`,
      `<title>${escapeHtml(title)}</title>`,
      `<meta name="description" content="${escapeHtml(description)}">`,
      page.noindex ? '<meta name="robots" content="noindex">' : '',
      page.key === 'notFound' ? '' : `<link rel="canonical" href="${canonical}">`,
      `<meta property="og:type" content="${seo.ogType}">`,
      `<meta property="og:locale" content="es_LA">`,
      `<meta property="og:site_name" content="${escapeHtml(brandName)}">`,
      `<meta property="og:title" content="${escapeHtml(title)}">`,
      `<meta property="og:description" content="${escapeHtml(description)}">`,
      `<meta property="og:url" content="${canonical}">`,
      `<meta property="og:image" content="${siteUrl}/og-image.png">`,
      `<meta property="og:image:width" content="1200">`,
      `<meta property="og:image:height" content="630">`,
      `<meta name="twitter:card" content="summary_large_image">`,
      ...seo.tags,
    ]
      .filter(Boolean)
      .join('\n    ');

    const targets =
      page.key === 'notFound'
        ? [['/404', '404.html'] as const]
        : page.paths.map((p) => [p, fileForPath(p)] as const);
    for (const [routePath, file] of targets) {
      const html = await entry.render(routePath);
      // Page CSS goes after the global stylesheet so page rules win ties. Replaced by functions:
      // a '$' pattern in a replacement string ('$`' in a minified inline script)
      // would be expanded.
      const out = await firstPaintStyles(
        compactHead(
          template
            .replace('<!--app-head-->', () => head)
            .replace('</head>', () => `${pageStyle ? `  ${pageStyle}\n` : ''}  </head>`)
            .replace('<!--app-html-->', () => html)
            .replace('</body>', () => `  ${boot}\n  </body>`),
        ),
      );
      const outFile = path.join(clientDir, file);
      await mkdir(path.dirname(outFile), { recursive: true });
      await writeFile(outFile, out);
      if (page.key !== 'notFound') routes[routePath] = file;
      if (page.thirdParties?.length) thirdParties[routePath] = page.thirdParties;
      written++;
    }
  }
  await writeFile(
    path.join(clientDir, 'routes-manifest.json'),
    `${JSON.stringify({ routes, notFound: '404.html', thirdParties, scriptHashes, placeholders: entry.placeholders }, null, 2)}\n`,
  );
  await writeSiteFiles(entry.siteFiles(), clientDir);
  console.info(`Prerendered ${written} HTML files into dist/client`);
}

await main();
