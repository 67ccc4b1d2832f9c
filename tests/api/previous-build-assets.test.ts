import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_CACHE } from '../../server/static-site';
import { afterBuild, beforeBuild } from '../../scripts/keep-previous-assets';
import { startServer, type TestServer } from './helpers';

const DAY = 24 * 60 * 60 * 1000;

/** What `vite build` and the prerender do to dist/client: empty it and write a new build. */
function writeBuild(dist: string, chunk: string) {
  const client = path.join(dist, 'client');
  rmSync(client, { recursive: true, force: true });
  mkdirSync(path.join(client, 'assets'), { recursive: true });
  writeFileSync(path.join(client, 'index.html'), `<!doctype html><title>${chunk}</title>`);
  writeFileSync(path.join(client, 'assets', `${chunk}.js`), `export const build = '${chunk}';\n`);
  writeFileSync(
    path.join(client, 'routes-manifest.json'),
    JSON.stringify({ routes: { '/': 'index.html' }, notFound: 'index.html', scriptHashes: [] }),
  );
}

/** One build the way `npm run build` makes it, at `now`. */
async function build(dist: string, chunk: string, now: number) {
  await beforeBuild(dist, now);
  writeBuild(dist, chunk);
  await afterBuild(dist, now);
}

/** A deploy: the build, then the server restarted (a running one keeps the files it has read). */
async function deploy(dist: string, chunk: string, now: number, running?: TestServer) {
  await running?.close();
  await build(dist, chunk, now);
  return startServer({ distDir: path.join(dist, 'client') });
}

describe('a deploy keeps the previous builds’ hashed files served', () => {
  let dist: string;
  let server: TestServer;
  const t0 = Date.UTC(2025, 2, 1);
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'site-previous-build-'));
    server = await deploy(dist, 'home-rest-AAAA', t0);
  });
  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the previous build’s chunk after a rebuild, as an immutable asset', async () => {
    expect((await fetch(`${server.base}/assets/home-rest-AAAA.js`)).status).toBe(200);
    server = await deploy(dist, 'home-rest-BBBB', t0 + DAY, server);
    for (const chunk of ['home-rest-AAAA', 'home-rest-BBBB']) {
      const response = await fetch(`${server.base}/assets/${chunk}.js`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe(ASSET_CACHE);
      expect(await response.text()).toContain(chunk);
    }
  });

  it('stops serving it once the retention after its replacement is over', async () => {
    server = await deploy(dist, 'home-rest-CCCC', t0 + 9 * DAY, server);
    expect((await fetch(`${server.base}/assets/home-rest-AAAA.js`)).status).toBe(404);
    expect((await fetch(`${server.base}/assets/home-rest-BBBB.js`)).status).toBe(200);
    expect(readdirSync(path.join(dist, 'asset-archive', 'files'))).toEqual(['home-rest-BBBB.js']);
  });
});
