import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FLOWS_NOT_BUILT_MESSAGE } from '../../server/flows-explorer';
import { startServer } from './helpers';

const EXPLORER_HTML =
  '<!doctype html><html lang="es"><head><meta name="robots" content="noindex, nofollow"><title>Flujos del sitio</title></head><body><div id="root"></div></body></html>';
const NOT_FOUND =
  '<!doctype html><html lang="es"><head><title>No existe</title></head><body>404</body></html>';

/** A GET with the path sent as written (fetch would resolve the dot segments first). */
function rawGet(base: string, urlPath: string): Promise<{ status: number; robots: unknown }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const req = request({ hostname, port, path: urlPath }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, robots: res.headers['x-robots-tag'] }));
    });
    req.on('error', reject);
    req.end();
  });
}

let root: string;
let distDir: string;
let artifacts: string;

function write(file: string, content: string | Buffer) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'flows-explorer-test-'));
  distDir = path.join(root, 'client');
  artifacts = path.join(root, 'flows-artifacts');
  write(path.join(distDir, '404.html'), NOT_FOUND);
  write(path.join(distDir, 'routes-manifest.json'), JSON.stringify({ routes: {}, notFound: '404.html' }));
  write(path.join(root, 'flujos/index.html'), EXPLORER_HTML);
  write(path.join(root, 'flujos/assets/index-AbC123.js'), 'export {};\n');
  write(path.join(root, 'flujos/data/welcome.json'), '{"width":1}');
  write(path.join(artifacts, 'coverage.json'), '{"version":1,"machines":{}}');
  write(path.join(artifacts, 'screens/welcome/welcome.preparing-360.png'), Buffer.from([137, 80, 78, 71]));
  write(path.join(artifacts, 'screens/welcome/welcome.preparing-1280.png'), Buffer.from([137, 80, 78, 71]));
  write(path.join(artifacts, 'screens/welcome/notes.txt'), 'not a screenshot');
  // An earlier version's screenshots, kept when a run of another version replaced them.
  write(
    path.join(artifacts, 'versions/welcome/0badc0de/screens/welcome.ready-360.png'),
    Buffer.from([137, 80, 78, 71]),
  );
  write(path.join(artifacts, 'versions/welcome/0badc0de/run.json'), '{}');
  write(path.join(artifacts, 'versions/welcome/not-a-version/screens/welcome.ready-360.png'), 'x');
  write(path.join(artifacts, 'versions/welcome/1234abcd/screens/notes.txt'), 'not a screenshot');
  process.env.FLOWS_ARTIFACTS_DIR = artifacts;
});

afterEach(() => {
  delete process.env.FLOWS;
});

afterAll(() => {
  delete process.env.FLOWS_ARTIFACTS_DIR;
  rmSync(root, { recursive: true, force: true });
});

describe('the flow explorer at /flujos/', () => {
  it('serves its page and files, never indexed, with hashed assets cached for a year', async () => {
    const server = await startServer({ distDir });
    try {
      // Every body is read: an unread one can keep its connection busy past server.close()
      // (Fastify's keep-alive is 72 s), which made this test time out on busy cores.
      const redirect = await fetch(`${server.base}/flujos`, { redirect: 'manual' });
      expect(redirect.status).toBe(301);
      expect(redirect.headers.get('location')).toBe('/flujos/');
      await redirect.arrayBuffer();

      const page = await fetch(`${server.base}/flujos/`);
      expect(page.status).toBe(200);
      expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(await page.text()).toBe(EXPLORER_HTML);

      const asset = await fetch(`${server.base}/flujos/assets/index-AbC123.js`);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await asset.text()).toBe('export {};\n');
      const data = await fetch(`${server.base}/flujos/data/welcome.json`);
      expect(await data.json()).toEqual({ width: 1 });

      for (const bad of [
        '/flujos/nada.js',
        '/flujos/%2e%2e/client/404.html',
        '/flujos/../client/404.html',
        '/flujos/.hidden',
        '/flujos/a%5Cb',
      ]) {
        expect(await rawGet(server.base, bad), bad).toEqual({ status: 404, robots: 'noindex, nofollow' });
      }
      // The site's own pages do not get the header.
      const sitePage = await fetch(`${server.base}/no-existe`);
      expect(sitePage.headers.get('x-robots-tag')).toBeNull();
      await sitePage.arrayBuffer();
    } finally {
      await server.close();
    }
  });

  it("serves the QA run's artifacts with an index of what is present", async () => {
    const server = await startServer({ distDir });
    try {
      const index = await fetch(`${server.base}/flujos/artefactos/index.json`);
      expect(await index.json()).toEqual({
        coverage: true,
        results: false,
        screens: { welcome: { 'welcome.preparing': [1280, 360] } },
        versions: { welcome: { '0badc0de': { 'welcome.ready': [360] } } },
      });
      const kept = await fetch(
        `${server.base}/flujos/artefactos/versions/welcome/0badc0de/screens/welcome.ready-360.png`,
      );
      expect(kept.status).toBe(200);
      expect(kept.headers.get('content-type')).toBe('image/png');
      await kept.arrayBuffer();
      const shot = await fetch(`${server.base}/flujos/artefactos/screens/welcome/welcome.preparing-360.png`);
      expect(shot.status).toBe(200);
      expect(shot.headers.get('content-type')).toBe('image/png');
      expect(new Uint8Array(await shot.arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71]));
      const coverage = await fetch(`${server.base}/flujos/artefactos/coverage.json`);
      expect(await coverage.json()).toEqual({ version: 1, machines: {} });
      const missing = await fetch(`${server.base}/flujos/artefactos/screens/x/y-360.png`);
      expect(missing.status).toBe(404);
      await missing.arrayBuffer();
    } finally {
      await server.close();
    }
    // Without artifacts the index is empty.
    process.env.FLOWS_ARTIFACTS_DIR = path.join(root, 'none');
    const bare = await startServer({ distDir });
    try {
      const index = await fetch(`${bare.base}/flujos/artefactos/index.json`);
      expect(await index.json()).toEqual({ coverage: false, results: false, screens: {}, versions: {} });
    } finally {
      await bare.close();
      process.env.FLOWS_ARTIFACTS_DIR = artifacts;
    }
  });

  it('says in Spanish when the explorer is not built', async () => {
    const server = await startServer({ distDir: path.join(root, 'missing', 'client') });
    try {
      const response = await fetch(`${server.base}/flujos/`);
      expect(response.status).toBe(503);
      expect(await response.text()).toBe(FLOWS_NOT_BUILT_MESSAGE);
    } finally {
      await server.close();
    }
  });

  it('is hidden with FLOWS=off: /flujos/ is the 404 page', async () => {
    process.env.FLOWS = 'off';
    const server = await startServer({ distDir });
    try {
      for (const url of ['/flujos/', '/flujos/data/welcome.json', '/flujos/artefactos/index.json']) {
        const response = await fetch(`${server.base}${url}`);
        expect(response.status, url).toBe(404);
        expect(await response.text()).toBe(NOT_FOUND);
      }
    } finally {
      await server.close();
    }
  });
});
