import { describe, expect, it } from 'vitest';
import { rawRequest, serverFor, startServer, type ErrorBody } from './helpers';
import { describeEachStorage } from './support/targets';

describeEachStorage('public API calls', (target) => {
  const server = serverFor(target);

  it('health answers ok while the database is reachable', async () => {
    const res = await fetch(`${server.base}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ estado: 'ok' });
  });

  it('ip2location answers AR for a loopback client', async () => {
    const res = await fetch(`${server.base}/api/public/ip2location/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ countryCode: 'AR' });
  });

  it('ignores X-Forwarded-For unless the proxy is trusted', async () => {
    const res = await fetch(`${server.base}/api/public/ip2location/`, {
      headers: { 'x-forwarded-for': '192.0.2.10' },
    });
    expect(await res.json()).toEqual({ countryCode: 'AR' });
  });

  it('answers a rate set through the storage, and the seeded ones', async () => {
    await server.storage.setRate('COP', 4012.5);
    const res = await fetch(`${server.base}/api/public/cotizaciones/USD/COP`);
    expect(await res.text()).toBe('4012.5');
  });

  it('answers a seeded rate as plain text', async () => {
    const res = await fetch(`${server.base}/api/public/cotizaciones/USD/CLP`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^\d+(\.\d+)?$/);
    expect(Number(text)).toBeGreaterThan(100);
  });

  it('accepts a lower-case currency code', async () => {
    const res = await fetch(`${server.base}/api/public/cotizaciones/USD/mxn`);
    expect(res.status).toBe(200);
    expect(Number(await res.text())).toBeGreaterThan(1);
  });

  it('answers 404 with a Spanish JSON error for an unknown currency', async () => {
    const res = await fetch(`${server.base}/api/public/cotizaciones/USD/XYZ`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as ErrorBody;
    expect(body.error).toBe('No hay cotización cargada para la moneda XYZ.');
  });

  it('answers 400 for a malformed currency code', async () => {
    for (const code of ['12', 'ABCD', 'A%2FB']) {
      const res = await fetch(`${server.base}/api/public/cotizaciones/USD/${code}`);
      expect(res.status, code).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(body.error).toBe('Datos inválidos');
      expect(body.campos?.[0]?.campo).toBe('moneda');
    }
  });

  it('answers 404 JSON for unknown API paths, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await fetch(`${server.base}/api/no-existe`, { method });
      expect(res.status, method).toBe(404);
      expect(((await res.json()) as ErrorBody).error).toBe('No existe ese recurso de la API.');
    }
    const other = await fetch(`${server.base}/api/public/cotizaciones/EUR/ARS`);
    expect(other.status).toBe(404);
  });

  it('answers 405 JSON with Allow for a wrong method', async () => {
    const res = await fetch(`${server.base}/api/prospectos/`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST, PUT');
    expect(((await res.json()) as ErrorBody).error).toMatch(/^Método no permitido/);
    const get = await fetch(`${server.base}/api/prospectos/`);
    expect(get.status).toBe(405);
    const head = await fetch(`${server.base}/api/prospectos/`, { method: 'HEAD' });
    expect(head.status).toBe(405);
    expect(head.headers.get('allow')).toBe('POST, PUT');
    const post = await fetch(`${server.base}/api/public/ip2location/`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers 405 with Allow also for methods fetch cannot send (TRACE) and uncommon ones', async () => {
    for (const method of ['TRACE', 'PATCH', 'PROPFIND', 'SEARCH']) {
      const res = await rawRequest(server.base, method, '/api/prospectos/');
      expect(res.status, method).toBe(405);
      expect(res.headers.allow, method).toBe('POST, PUT');
      expect((JSON.parse(res.text) as ErrorBody).error, method).toMatch(/^Método no permitido/);
    }
    const unknownPath = await rawRequest(server.base, 'TRACE', '/api/no-existe/');
    expect(unknownPath.status).toBe(404);
  });

  it('sends the security headers and no-store on API answers', async () => {
    const res = await fetch(`${server.base}/api/public/ip2location/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 with a Spanish hint for pages when there is no build', async () => {
    const res = await fetch(`${server.base}/registro`);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toContain('npm run build');
  });

  it('answers 400 JSON for a malformed URL', async () => {
    const res = await fetch(`${server.base}/api/public/cotizaciones/USD/%E0%A4%A`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error).toBe('La dirección solicitada no es válida.');
  });
});

describe('client address options', () => {
  it('maps documentation ranges through X-Forwarded-For behind a trusted proxy', async () => {
    const server = await startServer({ trustProxy: ['127.0.0.1'] });
    try {
      const lookup = async (ip: string) => {
        const res = await fetch(`${server.base}/api/public/ip2location/`, {
          headers: { 'x-forwarded-for': ip },
        });
        return ((await res.json()) as { countryCode: string }).countryCode;
      };
      expect(await lookup('192.0.2.10')).toBe('CL');
      expect(await lookup('198.51.100.7')).toBe('MX');
      expect(await lookup('203.0.113.200')).toBe('UY');
      expect(await lookup('2001:db8::1')).toBe('PE');
      expect(await lookup('10.0.0.1')).toBe('AR');
      expect(await lookup('8.8.8.8')).toBe('AR');
    } finally {
      await server.close();
    }
  });

  it('reads X-Forwarded-For only from a trusted proxy, and only the entry it wrote', async () => {
    const lookup = async (server: { base: string }, header: string) => {
      const res = await fetch(`${server.base}/api/public/ip2location/`, {
        headers: { 'x-forwarded-for': header },
      });
      return ((await res.json()) as { countryCode: string }).countryCode;
    };
    const elsewhere = await startServer({ trustProxy: ['10.0.0.1'] });
    const local = await startServer({ trustProxy: ['127.0.0.0/8'] });
    const oneHop = await startServer({ trustProxy: { hops: 1 } });
    const twoHops = await startServer({ trustProxy: { hops: 2 } });
    try {
      // A count of proxies takes exactly that many entries from the right, never the client's own.
      expect(await lookup(oneHop, '192.0.2.10, 198.51.100.7')).toBe('MX');
      expect(await lookup(oneHop, '198.51.100.7, 203.0.113.9, 192.0.2.10')).toBe('CL');
      expect(await lookup(twoHops, '198.51.100.7, 203.0.113.9, 192.0.2.10')).toBe('UY');
      // The test's connection is not the trusted proxy: its header is the client's own word.
      expect(await lookup(elsewhere, '192.0.2.10')).toBe('AR');
      // The last entry is the one the proxy wrote; the client's own entries before it do not count.
      expect(await lookup(local, '192.0.2.10, 198.51.100.7')).toBe('MX');
      expect(await lookup(local, '198.51.100.7, 192.0.2.10')).toBe('CL');
    } finally {
      await elsewhere.close();
      await local.close();
      await oneHop.close();
      await twoHops.close();
    }
  });

  it('limits requests per address with a Spanish 429', async () => {
    const server = await startServer({ rateLimit: { max: 3, timeWindowMs: 60_000 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await fetch(`${server.base}/api/public/ip2location/`)).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const res = await fetch(`${server.base}/api/public/cotizaciones/USD/ARS`);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await res.json()) as ErrorBody).error).toMatch(/^Demasiadas solicitudes/);
    } finally {
      await server.close();
    }
  });
});
