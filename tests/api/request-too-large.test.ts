import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../server/security';
import { startServer, type TestServer } from './helpers';

/** A built site of one page, so that a normal page's headers can be compared. */
function makeDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'site-too-large-'));
  mkdirSync(dist, { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="es"><title>Inicio</title></html>');
  writeFileSync(
    path.join(dist, '404.html'),
    '<!doctype html><html lang="es"><title>No existe</title></html>',
  );
  writeFileSync(
    path.join(dist, 'routes-manifest.json'),
    JSON.stringify({ routes: { '/': 'index.html' }, notFound: '404.html' }),
  );
  return dist;
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes a request as raw bytes (fetch refuses some of these) and reads the whole answer. */
function rawRequest(base: string, head: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => socket.write(head));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server closes the connection once it has answered; a reset after the answer is fine.
    const done = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [top = '', body = ''] = text.split('\r\n\r\n', 2);
      const [statusLine = '', ...lines] = top.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(':');
        headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      if (statusLine === '') reject(new Error('no answer'));
      else resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    };
    socket.on('close', done);
    socket.on('error', () => undefined);
  });
}

const LONG_QUERY = `?utm_source=ig&q=${'x'.repeat(100 * 1024)}`;

describe('requests too large for the server (431)', () => {
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

  /** The security headers of a normal page of the site, as fetch reads them. */
  async function pageSecurityHeaders(): Promise<Record<string, string>> {
    const res = await fetch(`${server.base}/`);
    expect(res.status).toBe(200);
    const names = [
      'content-security-policy',
      'permissions-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-frame-options',
    ];
    return Object.fromEntries(names.map((name) => [name, res.headers.get(name) ?? '(missing)']));
  }

  it('answers a 100 KB query string on a page with a Spanish page and the security headers of any page', async () => {
    const expected = await pageSecurityHeaders();
    const answer = await rawRequest(
      server.base,
      `GET /${LONG_QUERY} HTTP/1.1\r\nHost: localhost\r\nAccept: text/html\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toContain('<html lang="es">');
    expect(answer.body).toContain('La dirección es demasiado larga');
    expect(answer.body).toContain('<a href="/">Ir al inicio</a>');
    expect(answer.body).not.toMatch(/<script/i);
    for (const [name, value] of Object.entries(expected)) {
      // The page's policy also allows its inline scripts by hash; this page has none.
      expect(answer.headers[name], name).toBe(
        name === 'content-security-policy' ? contentSecurityPolicy() : value,
      );
    }
  });

  it('answers headers too large with the same page, and the API with its JSON error and the same headers', async () => {
    const expected = await pageSecurityHeaders();
    const big = `X-Relleno: ${'y'.repeat(20 * 1024)}\r\n`;
    const page = await rawRequest(server.base, `GET /registro HTTP/1.1\r\nHost: localhost\r\n${big}\r\n`);
    expect(page.status).toBe(431);
    expect(page.body).toContain('La dirección es demasiado larga');

    const api = await rawRequest(
      server.base,
      `GET /api/health${LONG_QUERY} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    expect(api.status).toBe(431);
    expect(api.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(api.body)).toEqual({ error: 'Los encabezados de la solicitud son demasiado grandes.' });
    for (const name of Object.keys(expected).filter((n) => n !== 'content-security-policy'))
      expect(api.headers[name], name).toBe(expected[name]);
    expect(api.headers['content-security-policy']).toBe(contentSecurityPolicy());
  });

  it('still serves the page and the API normally afterwards', async () => {
    expect((await fetch(`${server.base}/?utm_source=ig`)).status).toBe(200);
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
  });
});
