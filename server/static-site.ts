/**
 * Serves the prerendered build (distDir). Path-to-file mapping comes from distDir/routes-manifest.json,
 * written by scripts/prerender.ts:
 *   route path            -> its HTML file, 200, no-cache
 *   route path + "/"      -> 301 to the route path (query string kept)
 *   /assets/*             -> hashed files, cached for a year (immutable)
 *   other existing files  -> cached for an hour (.html files only through the manifest; the
 *                            build's .br/.gz copies only as the encoding of their file)
 *   anything else         -> the notFound file with status 404
 *   other methods         -> on a route path, 405 with `Allow: GET, HEAD` and that page; elsewhere
 *                            the notFound file with status 404
 * Without a build every page answers 503 with a hint to run `npm run build`. A new build under a
 * running server (a new manifest) is read again on the next request (./build-files.ts).
 */
import { readFileSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { followBuildFiles } from './build-files';
import { immutableAssets, sendAsset } from './immutable-assets';
import { FLOW_CATALOGUE_FILE, PREVIOUS_FLOW_CATALOGUES_FILE } from './flow-counts';
import { contentSecurityPolicy, DOCUMENT_ONLY_HEADERS, SUBRESOURCE_FILE } from './security';

export const MANIFEST_FILE = 'routes-manifest.json';
export const PAGE_CACHE = 'no-cache';
export const ASSET_CACHE = 'public, max-age=31536000, immutable';
const FILE_CACHE = 'public, max-age=3600';
/** The methods a page answers; any other gets 405 Method Not Allowed. */
const PAGE_METHODS = 'GET, HEAD';
const NOT_BUILT_MESSAGE =
  'El sitio todavía no está compilado. Ejecuta `npm run build` y vuelve a cargar esta página.\n';

export interface StaticSiteOptions {
  distDir: string;
  /** Called for GET/HEAD paths under /api that no API route matched. */
  apiNotFound: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
}

interface SiteManifest {
  routes: ReadonlyMap<string, string>;
  notFound: string;
  /** The Content-Security-Policy of each route: its inline scripts and its page's third parties. */
  policies: ReadonlyMap<string, string>;
  /** The not-found page's Content-Security-Policy. */
  notFoundPolicy: string;
}

/** A relative file path inside distDir: no absolute paths, no dot segments, no backslashes. */
function isSafeRelativeFile(file: unknown): file is string {
  return (
    typeof file === 'string' &&
    file.length > 0 &&
    !file.startsWith('/') &&
    !file.includes('\\') &&
    !file.includes('\0') &&
    file.split('/').every((segment) => segment !== '' && !segment.startsWith('.'))
  );
}

function readManifest(distDir: string): SiteManifest | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path.join(distDir, MANIFEST_FILE), 'utf8'));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { routes, notFound, thirdParties, scriptHashes } = parsed as {
    routes?: unknown;
    notFound?: unknown;
    thirdParties?: unknown;
    scriptHashes?: unknown;
  };
  if (typeof routes !== 'object' || routes === null || !isSafeRelativeFile(notFound)) return undefined;
  const map = new Map<string, string>();
  for (const [route, file] of Object.entries(routes)) {
    if (route.startsWith('/') && !route.startsWith('//') && isSafeRelativeFile(file)) map.set(route, file);
  }
  const hashes = Array.isArray(scriptHashes) ? scriptHashes.filter(isScriptHash) : [];
  const partiesOf = (route: string): unknown[] => {
    const parties: unknown =
      typeof thirdParties === 'object' && thirdParties !== null
        ? Object.getOwnPropertyDescriptor(thirdParties, route)?.value
        : undefined;
    return Array.isArray(parties) ? parties : [];
  };
  const policies = new Map<string, string>();
  for (const route of map.keys()) policies.set(route, contentSecurityPolicy(partiesOf(route), hashes));
  try {
    if (!statSync(path.join(distDir, notFound)).isFile()) return undefined;
  } catch {
    return undefined;
  }
  return { routes: map, notFound, policies, notFoundPolicy: contentSecurityPolicy([], hashes) };
}

/** A Content-Security-Policy hash source of an inline script, as the prerender writes it. */
function isScriptHash(source: unknown): source is string {
  return typeof source === 'string' && /^'sha256-[A-Za-z0-9+/]{43}='$/.test(source);
}

/** Query strings are echoed in redirects only when they are plain printable ASCII. */
function safeQuery(query: string): string {
  return /^\?[\x21-\x7e]*$/.test(query) ? query : '';
}

/** Files of the build that only the server reads. */
const SERVER_ONLY_FILES = new Set([MANIFEST_FILE, FLOW_CATALOGUE_FILE, PREVIOUS_FLOW_CATALOGUES_FILE]);

/** The file under distDir a URL path names, if any could be served; only canonical, dot-free paths. */
function siteFile(distDir: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const relative = decoded.slice(1);
  if (!decoded.startsWith('/') || !isSafeRelativeFile(relative)) return undefined;
  if (/\.(?:html|br|gz)$/.test(relative) || SERVER_ONLY_FILES.has(relative)) return undefined;
  return path.join(distDir, relative).startsWith(distDir + path.sep) ? relative : undefined;
}

async function isFile(distDir: string, relative: string): Promise<boolean> {
  try {
    return (await stat(path.join(distDir, relative))).isFile();
  } catch {
    return false;
  }
}

export async function staticSitePlugin(app: FastifyInstance, options: StaticSiteOptions): Promise<void> {
  const distDir = path.resolve(options.distDir);
  await app.register(fastifyStatic, {
    root: distDir,
    serve: false,
    cacheControl: false,
    dotfiles: 'deny',
    index: false,
    // The build writes .br and .gz copies of its text files (scripts/precompress.ts): sent as they
    // are, with Vary: Accept-Encoding; a file without copies is compressed per request as before.
    preCompressed: true,
    // A missing build is reported per request (503), not as a start-up warning.
    suppressWarning: true,
  });

  const assets = immutableAssets(distDir);

  /**
   * Loaded on first use, retried while missing (a build made after start is picked up) and read
   * again when the build's manifest changes: a new build's pages get their own scripts' hashes.
   */
  const site = followBuildFiles(
    [path.join(distDir, MANIFEST_FILE)],
    () => readManifest(distDir),
    () =>
      app.log.info(
        { distDir },
        'compilación nueva: el servidor lee de nuevo sus páginas y los hashes de sus scripts (CSP)',
      ),
  );

  // No ranges: a page is always sent whole (and compressed), and its headers count towards the
  // first round trip the home page has to fit in.
  const sendPage = (reply: FastifyReply, file: string, status: number) =>
    reply
      .code(status)
      .header('cache-control', PAGE_CACHE)
      .sendFile(file, distDir, {
        cacheControl: false,
        etag: status === 200,
        lastModified: status === 200,
        acceptRanges: false,
      });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const queryStart = url.indexOf('?');
    const urlPath = queryStart === -1 ? url : url.slice(0, queryStart);
    const query = queryStart === -1 ? '' : url.slice(queryStart);

    if (urlPath === '/api' || urlPath.startsWith('/api/')) return options.apiNotFound(request, reply);

    const current = site();
    if (!current) {
      return reply
        .code(503)
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_BUILT_MESSAGE);
    }

    const page = current.routes.get(urlPath);
    if (page !== undefined) {
      const policy = current.policies.get(urlPath);
      if (policy) reply.header('content-security-policy', policy);
      return sendPage(reply, page, 200);
    }

    if (urlPath.length > 1 && urlPath.endsWith('/')) {
      // Only ever redirects to a manifest route (a same-site path), so it cannot be an open redirect.
      const target = urlPath.replace(/\/+$/, '');
      if (current.routes.has(target)) return reply.redirect(target + safeQuery(query), 301);
    }

    const candidate = siteFile(distDir, urlPath);
    // A hashed script or stylesheet is answered from memory, without a look at the disk.
    const kept = candidate?.startsWith('assets/') ? await assets.lookup(candidate) : undefined;
    const file = kept || (candidate && (await isFile(distDir, candidate))) ? candidate : undefined;
    if (file !== undefined) {
      if (SUBRESOURCE_FILE.test(file)) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      // A hashed asset never changes under its name: no validators to revalidate it with.
      const hashed = file.startsWith('assets/');
      reply.header('cache-control', hashed ? ASSET_CACHE : FILE_CACHE);
      if (kept) return sendAsset(request, reply, kept);
      return (
        reply
          // Nor ranges: a hashed asset is always sent whole (and compressed).
          .sendFile(file, distDir, {
            cacheControl: false,
            etag: !hashed,
            lastModified: !hashed,
            acceptRanges: !hashed,
          })
      );
    }

    return sendPage(reply.header('content-security-policy', current.notFoundPolicy), current.notFound, 404);
  };

  app.route({ method: 'GET', url: '/*', handler });

  // Any other method on a page answers 405 with that Spanish page (spec section 8), before a body
  // is read: a form or a JSON body sent to a page gets the same answer.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const current = site();
    const urlPath = request.url.split('?', 1)[0] ?? '';
    const page = current?.routes.get(urlPath);
    if (page === undefined) return;
    const policy = current?.policies.get(urlPath);
    if (policy) reply.header('content-security-policy', policy);
    return sendPage(reply.header('allow', PAGE_METHODS), page, 405);
  });

  // Other methods on other site paths: the not-found page (API paths have their own JSON handler).
  app.setNotFoundHandler(async (request, reply) => {
    const current = site();
    if (!current) return reply.code(404).type('text/plain; charset=utf-8').send('No encontrado.\n');
    return sendPage(reply, current.notFound, 404);
  });
}
