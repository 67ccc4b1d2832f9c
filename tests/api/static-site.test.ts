import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectiveSources } from './support/csp';
import { PAGE_OTHER_HEADER_BYTES } from '../../bench/budgets';
import { startServer, type TestServer } from './helpers';

const filler = (label: string) =>
  `<p>${label} ${'Tu tienda online con pedidos por WhatsApp. '.repeat(60)}</p>`;
const page = (title: string) =>
  `<!doctype html><html lang="es"><head><title>${title}</title></head><body>${filler(title)}</body></html>`;
const HOME = page('Inicio');
const REGISTRO = page('Registro');
const NOT_FOUND = page('Ups! Parece que la página no existe');
const SCRIPT = `export const x = ${JSON.stringify('a'.repeat(4000))};\n`;
// The inline scripts' sources as the prerender lists them, one of them not a hash at all.
const HEAD_HASH = `'sha256-${createHash('sha256').update('head').digest('base64')}'`;
const BOOT_HASH = `'sha256-${createHash('sha256').update('boot').digest('base64')}'`;
const CHUNK = `export const y = ${JSON.stringify('b'.repeat(3000))};\n`;

function makeDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'site-dist-test-'));
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), content);
  };
  write('index.html', HOME);
  write('registro/index.html', REGISTRO);
  write('registro.html', REGISTRO);
  write('pagos.html', REGISTRO);
  write('privacidad.html', REGISTRO);
  write('404.html', NOT_FOUND);
  write('assets/index-AbC123.js', SCRIPT);
  // A chunk with the copies the build writes (scripts/precompress.ts).
  write('assets/page-XyZ789.js', CHUNK);
  writeFileSync(path.join(dist, 'assets/page-XyZ789.js.br'), brotliCompressSync(CHUNK));
  writeFileSync(path.join(dist, 'assets/page-XyZ789.js.gz'), gzipSync(CHUNK));
  write('assets/page-XyZ789.css', '.a{color:red}');
  write('flags/AR.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('robots.txt', 'User-agent: *\nAllow: /\n');
  write('.vite/manifest.json', '{}');
  write(
    'routes-manifest.json',
    JSON.stringify({
      routes: {
        '/': 'index.html',
        '/registro': 'registro/index.html',
        '/registro.html': 'registro.html',
        '/pagos': 'pagos.html',
        '/privacidad': 'privacidad.html',
      },
      notFound: '404.html',
      // As the prerender writes them (src/content/pages.ts); an unknown name is ignored.
      thirdParties: { '/': ['youtube'], '/registro': ['recaptcha'], '/pagos': ['paypal', 'hotjar'] },
      scriptHashes: [HEAD_HASH, BOOT_HASH, "'unsafe-inline'"],
    }),
  );
  return dist;
}

/** Raw GET (no automatic decompression) returning status, headers and body bytes. */
function rawGet(base: string, urlPath: string, headers: Record<string, string> = {}) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    const req = request(`${base}${urlPath}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('static site', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = makeDist();
    server = await startServer({ distDir: dist });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves a manifest route with 200, HTML and no-cache', async () => {
    for (const [route, html] of [
      ['/', HOME],
      ['/registro', REGISTRO],
      ['/registro.html', REGISTRO],
      ['/registro?ref=AMIGO', REGISTRO],
    ] as const) {
      const res = await fetch(`${server.base}${route}`);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(html);
    }
  });

  it('answers unknown paths with the not-found page and 404', async () => {
    for (const route of [
      '/no-existe',
      '/registro/otra',
      '/index.html',
      '/404.html',
      '/routes-manifest.json',
    ]) {
      const res = await fetch(`${server.base}${route}`);
      expect(res.status, route).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toBe(NOT_FOUND);
    }
  });

  it('never serves dotfiles or files outside the build', async () => {
    for (const route of [
      '/.vite/manifest.json',
      '/%2e%2e/package.json',
      '/assets/..%2F..%2Fpackage.json',
      '/..%5Cx',
    ]) {
      const res = await fetch(`${server.base}${route}`);
      expect(res.status, route).toBe(404);
      expect(await res.text()).toBe(NOT_FOUND);
    }
  });

  it('redirects a trailing-slash route to the slashless path, keeping the query', async () => {
    const res = await fetch(`${server.base}/registro/?ref=AMIGO`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/registro?ref=AMIGO');
  });

  it('is not an open redirect', async () => {
    for (const route of ['//evil.com/', '//evil.com//', '/%2F%2Fevil.com/', '///evil.com/']) {
      const res = await fetch(`${server.base}${route}`, { redirect: 'manual' });
      expect(res.status, route).toBe(404);
      expect(res.headers.get('location')).toBeNull();
    }
  });

  it('caches hashed assets for a year and other files for an hour', async () => {
    const asset = await fetch(`${server.base}/assets/index-AbC123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe(SCRIPT);

    for (const file of ['/flags/AR.svg', '/robots.txt']) {
      const res = await fetch(`${server.base}${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    }
    const svg = await fetch(`${server.base}/flags/AR.svg`);
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });

  it('compresses HTML and JavaScript with brotli and gzip', async () => {
    const br = await rawGet(server.base, '/', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(HOME);

    const gz = await rawGet(server.base, '/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const notFound = await rawGet(server.base, '/nada', { 'accept-encoding': 'gzip' });
    expect(notFound.status).toBe(404);
    expect(gunzipSync(notFound.body).toString()).toBe(NOT_FOUND);

    const plain = await rawGet(server.base, '/registro', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(REGISTRO);
  });

  it('sends the Content-Security-Policy and hardening headers on pages', async () => {
    const res = await fetch(`${server.base}/registro`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    // Headers only browsers the site does not support read, and ranges of a page.
    for (const name of [
      'x-xss-protection',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'accept-ranges',
    ])
      expect(res.headers.get(name), name).toBeNull();
  });

  it("keeps a page's headers, less its Content-Security-Policy, within the bytes bench:size allows", async () => {
    // Status line, header lines and the blank line, as they travel in the first round trip.
    const headerBytes = (urlPath: string) =>
      new Promise<{ total: number; csp: number }>((resolve, reject) => {
        const req = request(`${server.base}${urlPath}`, { headers: { 'accept-encoding': 'br' } }, (res) => {
          const lines = [`HTTP/1.1 ${res.statusCode} ${res.statusMessage}`];
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
          const csp = lines.find((line) => line.toLowerCase().startsWith('content-security-policy:')) ?? '';
          res.resume();
          res.on('end', () =>
            resolve({
              total: Buffer.byteLength(`${lines.join('\r\n')}\r\n\r\n`),
              csp: Buffer.byteLength(`${csp}\r\n`),
            }),
          );
        });
        req.on('error', reject);
        req.end();
      });
    for (const route of ['/', '/registro', '/pagos', '/privacidad']) {
      const { total, csp } = await headerBytes(route);
      expect(csp, route).toBeGreaterThan(300);
      expect(total - csp, route).toBeLessThanOrEqual(PAGE_OTHER_HEADER_BYTES);
    }
  });

  it('allows on each page the outside hosts it uses, and no others', async () => {
    const policy = async (urlPath: string) => {
      const csp = (await fetch(`${server.base}${urlPath}`)).headers.get('content-security-policy') ?? '';
      // What a browser applies: the directive's own sources, else default-src's.
      return (directive: string) => effectiveSources(csp, directive)?.join(' ') ?? '';
    };
    const pagos = await policy('/pagos');
    for (const directive of ['script-src', 'connect-src', 'frame-src'])
      expect(pagos(directive), directive).toContain('https://www.paypal.com');
    expect(pagos('script-src')).not.toContain('google');

    const registro = await policy('/registro');
    expect(registro('script-src')).toContain('https://www.google.com https://www.gstatic.com');
    expect(registro('frame-src')).toBe('https://www.google.com');
    expect(registro('script-src')).not.toContain('paypal');

    const home = await policy('/');
    expect(home('frame-src')).toBe('https://www.youtube-nocookie.com');
    expect(home('script-src')).not.toMatch(/https:/);

    const privacidad = await policy('/privacidad');
    expect(privacidad('frame-src')).toBe("'none'");
    expect(privacidad('connect-src')).toBe("'self'");
    expect(privacidad('script-src')).not.toMatch(/https:/);
  });

  it('sends scripts without the document-only headers, and SVG files with all of them', async () => {
    const script = await fetch(`${server.base}/assets/index-AbC123.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(script.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    for (const name of [
      'content-security-policy',
      'permissions-policy',
      'x-frame-options',
      'referrer-policy',
      'etag',
      'last-modified',
      'accept-ranges',
    ])
      expect(script.headers.get(name), name).toBeNull();

    const svg = await fetch(`${server.base}/flags/AR.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(svg.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it("allows a page's inline scripts by the hashes the build listed, and nothing but hashes", async () => {
    const scriptSrc = async (urlPath: string) => {
      const res = await fetch(`${server.base}${urlPath}`);
      return (
        /script-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1]?.split(' ') ?? []
      );
    };
    for (const urlPath of ['/', '/registro', '/privacidad', '/no-existe']) {
      const sources = await scriptSrc(urlPath);
      expect(sources, urlPath).toEqual(expect.arrayContaining([HEAD_HASH, BOOT_HASH]));
      expect(sources, urlPath).not.toContain("'unsafe-inline'");
      expect(
        sources.filter((s) => s.startsWith("'sha256-")),
        urlPath,
      ).toHaveLength(2);
    }
    // Files and API answers are never documents with inline scripts.
    const api = await fetch(`${server.base}/api/no-existe`);
    expect(api.headers.get('content-security-policy')).not.toContain('sha256-');
  });

  it("answers a hashed chunk in the encoding the browser prefers among the build's copies", async () => {
    const chunk = '/assets/page-XyZ789.js';
    const cases = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
      ['*', 'gzip'],
      ['identity', undefined],
      ['', undefined],
    ] as const;
    for (const [accept, encoding] of cases) {
      const res = await rawGet(server.base, chunk, { 'accept-encoding': accept });
      expect(res.status, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.headers['content-type'], accept).toBe('application/javascript; charset=utf-8');
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-security-policy'], accept).toBeUndefined();
      expect(Number(res.headers['content-length']), accept).toBe(res.body.length);
      const text =
        encoding === 'br'
          ? brotliDecompressSync(res.body).toString()
          : encoding === 'gzip'
            ? gunzipSync(res.body).toString()
            : res.body.toString();
      expect(text, accept).toBe(CHUNK);
    }
    const css = await fetch(`${server.base}/assets/page-XyZ789.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toBe('.a{color:red}');
    const head = await fetch(`${server.base}${chunk}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('keeps a hashed chunk as first read: its name changes with its content', async () => {
    const chunk = '/assets/page-XyZ789.js';
    expect((await rawGet(server.base, chunk)).body.toString()).toBe(CHUNK);
    const file = path.join(dist, 'assets/page-XyZ789.js');
    writeFileSync(file, 'export const y = 0;\n');
    try {
      expect((await rawGet(server.base, chunk)).body.toString()).toBe(CHUNK);
    } finally {
      writeFileSync(file, CHUNK);
    }
  });

  it('serves a hashed chunk written after its first request was missed', async () => {
    const chunk = '/assets/late-Q1w2E3.js';
    expect((await fetch(`${server.base}${chunk}`)).status).toBe(404);
    writeFileSync(path.join(dist, 'assets/late-Q1w2E3.js'), SCRIPT);
    const res = await fetch(`${server.base}${chunk}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(SCRIPT);
  });

  it('answers HEAD for a page without a body', async () => {
    const res = await fetch(`${server.base}/registro`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('answers other methods on a page with 405, Allow: GET, HEAD and the page itself', async () => {
    for (const [path, body] of [
      ['/', HOME],
      ['/registro', REGISTRO],
      ['/registro.html?x=1', REGISTRO],
    ] as const) {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
        const res = await fetch(`${server.base}${path}`, { method, body: 'x' });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get('allow')).toBe('GET, HEAD');
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        expect(res.headers.get('cache-control')).toBe('no-cache');
        expect(await res.text()).toBe(body);
      }
    }
    const registro = await fetch(`${server.base}/registro`, { method: 'POST' });
    expect(registro.headers.get('content-security-policy')).toContain('https://www.google.com');
    // Before any body is read: a broken JSON body gets the same answer, not a JSON 400.
    const json = await fetch(`${server.base}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{roto',
    });
    expect(json.status).toBe(405);
    expect(await json.text()).toBe(HOME);
  });

  it('answers other methods on any other site path with the not-found page', async () => {
    for (const path of ['/no-existe', '/registro/', '/assets/index-AbC123.js']) {
      const res = await fetch(`${server.base}${path}`, { method: 'POST', body: 'x' });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('allow')).toBeNull();
      expect(await res.text()).toBe(NOT_FOUND);
    }
  });

  it('keeps API 404s as JSON next to the static catch-all', async () => {
    const res = await fetch(`${server.base}/api/otra-cosa`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('static site built after start', () => {
  it('answers 503 until the build exists, then serves it without a restart', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'site-dist-late-'));
    rmSync(dist, { recursive: true });
    const server = await startServer({ distDir: dist });
    try {
      const before = await fetch(`${server.base}/`);
      expect(before.status).toBe(503);
      expect(await before.text()).toContain('npm run build');
      const built = makeDist();
      rmSync(dist, { recursive: true, force: true });
      renameSync(built, dist);
      const after = await fetch(`${server.base}/`);
      expect(after.status).toBe(200);
      expect(await after.text()).toBe(HOME);
    } finally {
      await server.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
