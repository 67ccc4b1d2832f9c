/**
 * The flow explorer (@tienda/flow-workbench, built by workbench/vite.config.ts into dist/flujos next to the site's build) at /flujos/,
 * never indexed (X-Robots-Tag here, a robots meta in its page). Off in production unless FLOWS=on,
 * and anywhere with FLOWS=off: /flujos/ is then the site's 404 like any unknown path. The QA run's artifacts (results.json, coverage.json,
 * screens/<machine id>/<state id>-<360|1280>.png and the earlier versions' versions/<machine id>/<version>/screens/…,
 * docs/testing.md) are served from FLOWS_ARTIFACTS_DIR (flows-artifacts) under /flujos/artefactos/, with an index of what is present.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { API_BODY_LIMIT_BYTES } from '../src/domain/api-limits';
import { toErrorResponse } from './errors';
import { flowsAccess, flowsGuard, type FlowsAccess } from './flows-login';

const FLOWS_PREFIX = '/flujos';
const ARTIFACTS_SEGMENT = 'artefactos';
export const FLOWS_NOT_BUILT_MESSAGE =
  'El explorador de flujos todavía no está compilado. Ejecuta `npm run build` y vuelve a cargar esta página.\n';
/**
 * How long a browser may keep the explorer's files: hashed ones for a year, the others revalidated.
 * Behind the login (production) they are `private`: a shared cache (a CDN, a company proxy) must
 * never keep them, or it would hand them to the next person without asking for the login. Open
 * (outside production) they are as public as the site itself.
 */
const CACHE = {
  open: { asset: 'public, max-age=31536000, immutable', file: 'no-cache' },
  login: { asset: 'private, max-age=31536000, immutable', file: 'private, no-cache' },
} as const;
const SCREEN_FILE = /^(.+)-(360|1280)\.png$/;
/** A flow's version, eight hexadecimal digits: the folders of versions/<machine id>/. */
const VERSION_DIR = /^[0-9a-f]{8}$/;

export interface FlowsExplorerOptions {
  /** The site's build folder (dist/client): the explorer's is its sibling flujos/. */
  distDir: string;
  /** Serve it (server/config.ts decides); from the environment when absent. */
  enabled?: boolean;
  /** Who may see it (server/flows-login.ts): in production, only with the login; from the environment when absent (no login set). */
  access?: FlowsAccess;
}

/**
 * Whether /flujos/ is served: FLOWS=on or off says so; unset, it is on everywhere but in
 * production, where the company's own site would otherwise show its flows to anyone.
 */
export function flowsEnabled(setting: { flows: boolean | undefined; production: boolean }): boolean {
  return setting.flows ?? !setting.production;
}

/** The same decision from the environment as it is (the server's own start reads server/config.ts). */
export function flowsEnabledByEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  const flows = env.FLOWS?.trim();
  return flowsEnabled({
    flows: flows === 'on' ? true : flows === 'off' ? false : undefined,
    production: env.NODE_ENV?.trim() === 'production',
  });
}

/** A relative path of plain segments (no dot segments, backslashes or NULs), or undefined. */
function safeRelative(urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\\') || decoded.includes('\0')) return undefined;
  const segments = decoded.split('/');
  if (segments.some((s) => s === '' || s.startsWith('.'))) return undefined;
  return segments.join('/');
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

async function listDir(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch {
    return [];
  }
}

type StateScreens = Record<string, number[]>;

/** A folder's screenshots by state id (`<state id>-<width>.png`), or undefined when it has none. */
async function screensIn(dir: string): Promise<StateScreens | undefined> {
  const byState: StateScreens = {};
  for (const file of (await listDir(dir)).sort()) {
    const match = SCREEN_FILE.exec(file);
    if (!match?.[1] || match[1].startsWith('.')) continue;
    (byState[match[1]] ??= []).push(Number(match[2]));
  }
  return Object.keys(byState).length > 0 ? byState : undefined;
}

/** The folders of `dir` that can be a machine's id (no dot files). */
async function machinesIn(dir: string): Promise<string[]> {
  return (await listDir(dir)).sort().filter((name) => !name.startsWith('.'));
}

/**
 * What the explorer reads first: whether coverage.json is there, the last run's screenshots per
 * machine, and those kept of each machine's earlier versions (tests/e2e/model/support/kept-screens.ts).
 */
async function artifactsIndex(dir: string): Promise<{
  coverage: boolean;
  results: boolean;
  screens: Record<string, StateScreens>;
  versions: Record<string, Record<string, StateScreens>>;
}> {
  const screens: Record<string, StateScreens> = {};
  const screensDir = path.join(dir, 'screens');
  for (const machine of await machinesIn(screensDir)) {
    const found = await screensIn(path.join(screensDir, machine));
    if (found) screens[machine] = found;
  }
  const versions: Record<string, Record<string, StateScreens>> = {};
  const versionsDir = path.join(dir, 'versions');
  for (const machine of await machinesIn(versionsDir)) {
    const kept: Record<string, StateScreens> = {};
    for (const version of (await listDir(path.join(versionsDir, machine))).sort()) {
      if (!VERSION_DIR.test(version)) continue;
      const found = await screensIn(path.join(versionsDir, machine, version, 'screens'));
      if (found) kept[version] = found;
    }
    if (Object.keys(kept).length > 0) versions[machine] = kept;
  }
  return {
    coverage: await isFile(path.join(dir, 'coverage.json')),
    results: await isFile(path.join(dir, 'results.json')),
    screens,
    versions,
  };
}

export async function flowsExplorerPlugin(
  app: FastifyInstance,
  options: FlowsExplorerOptions,
): Promise<void> {
  if (!(options.enabled ?? flowsEnabledByEnv())) return;
  const root = path.resolve(options.distDir, '..', 'flujos');
  const artifactsDir = path.resolve(process.env.FLOWS_ARTIFACTS_DIR || 'flows-artifacts');

  await app.register(fastifyStatic, {
    root,
    serve: false,
    cacheControl: false,
    dotfiles: 'deny',
    index: false,
    suppressWarning: true,
  });

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-robots-tag', 'noindex, nofollow');
  });
  const guard = await flowsGuard(
    app,
    options.access ??
      flowsAccess({ production: process.env.NODE_ENV?.trim() === 'production', login: undefined }),
  );
  if (guard) app.addHook('onRequest', guard);
  const cache = guard ? CACHE.login : CACHE.open;
  // The explorer's refusals are for a person in a browser: the sentence alone, as its other answers.
  app.setErrorHandler(async (error, _request, reply) => {
    const { status, body, retryAfterSeconds } = toErrorResponse(error, API_BODY_LIMIT_BYTES / 1024);
    if (status >= 500 && status !== 503) throw error;
    if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
    return reply
      .code(status)
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(`${body.error}\n`);
  });

  const notFound = (reply: FastifyReply) =>
    reply
      .code(404)
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send('No encontrado.\n');

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const queryStart = url.indexOf('?');
    const urlPath = queryStart === -1 ? url : url.slice(0, queryStart);
    if (urlPath === FLOWS_PREFIX) return reply.redirect(`${FLOWS_PREFIX}/`, 301);
    const rest = urlPath.slice(FLOWS_PREFIX.length + 1);

    if (!(await isFile(path.join(root, 'index.html')))) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(FLOWS_NOT_BUILT_MESSAGE);
    }
    if (rest === '' || rest === 'index.html') {
      return reply.header('cache-control', cache.file).sendFile('index.html', root, { cacheControl: false });
    }
    const relative = safeRelative(rest);
    if (relative === undefined) return notFound(reply);

    if (relative === ARTIFACTS_SEGMENT || relative.startsWith(`${ARTIFACTS_SEGMENT}/`)) {
      const inner = relative.slice(ARTIFACTS_SEGMENT.length + 1);
      if (inner === 'index.json') {
        return reply.header('cache-control', 'no-store').send(await artifactsIndex(artifactsDir));
      }
      if (inner === '' || !(await isFile(path.join(artifactsDir, inner)))) return notFound(reply);
      return reply.header('cache-control', cache.file).sendFile(inner, artifactsDir, { cacheControl: false });
    }

    if (!(await isFile(path.join(root, relative)))) return notFound(reply);
    const cacheControl = relative.startsWith('assets/') ? cache.asset : cache.file;
    return reply.header('cache-control', cacheControl).sendFile(relative, root, { cacheControl: false });
  };

  app.get(FLOWS_PREFIX, handler);
  app.get(`${FLOWS_PREFIX}/*`, handler);
}
