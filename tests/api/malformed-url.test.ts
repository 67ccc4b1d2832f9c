import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_URL, type ErrorBody } from '../../server/errors';
import { startServer, type TestServer } from './helpers';

/**
 * An address that cannot be decoded (bad percent-encoding) is refused before any route sees it:
 * a visitor gets the Spanish 400 page, the API its JSON error (docs/api.md), both with the security
 * headers every answer carries.
 */
describe('malformed addresses', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const expectSecurityHeaders = (res: Response) => {
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
  };

  for (const [method, path] of [
    ['GET', '/%E0%A4%A'],
    ['GET', '/blog/%E0%A4%A?cc=AR'],
    ['GET', '/%'],
    ['GET', '/apis/%E0%A4%A'],
    ['POST', '/registro/%E0%A4%A'],
  ] as const) {
    it(`${method} ${path}: the Spanish 400 page, not JSON`, async () => {
      const res = await fetch(`${server.base}${path}`, { method, headers: { accept: 'text/html' } });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expectSecurityHeaders(res);
      const html = await res.text();
      expect(html).toMatch(/^<!doctype html><html lang="es">/);
      expect(html).toContain('<h1>La dirección no es válida</h1>');
      expect(html).toContain('<a href="/">Ir al inicio</a>');
      expect(html).not.toContain('"error"');
    });
  }

  it('HEAD of a malformed page address: 400 as HTML, without a body', async () => {
    const res = await fetch(`${server.base}/%E0%A4%A`, { method: 'HEAD' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toBe('');
  });

  for (const path of ['/api/public/cotizaciones/USD/%E0%A4%A', '/api/%E0%A4%A', '/api/prospectos/%zz']) {
    it(`${path}: the API keeps its JSON error, even when a browser asks for HTML`, async () => {
      const res = await fetch(`${server.base}${path}`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expectSecurityHeaders(res);
      expect((await res.json()) as ErrorBody).toEqual(BAD_URL);
    });
  }
});
