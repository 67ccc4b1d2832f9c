import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientKey } from '../../server/guards';
import { parseOrigins } from '../../server/cors';
import {
  postJson,
  putJson,
  serverFor,
  startServer,
  validBody,
  type ErrorBody,
  type TestServer,
} from './helpers';
import { describeEachStorage } from './support/targets';

const LIMIT = { max: 3, timeWindowMs: 60_000 };
/** The test's requests come from loopback, standing for the proxy the server trusts. */
const PROXY = ['127.0.0.1'];

function from(address: string) {
  return { 'x-forwarded-for': address };
}

describeEachStorage('per-address write limit', (target) => {
  const server = serverFor(target, { writeRateLimit: LIMIT, trustProxy: PROXY });

  it('answers 429 in Spanish with Retry-After after the limit, counting invalid writes too', async () => {
    const ip = '192.0.2.1';
    const statuses = [
      (await postJson(server.base, validBody(), from(ip))).status,
      (await postJson(server.base, { nombre: 1 }, from(ip))).status,
      (await putJson(server.base, { ...validBody(), id: 'no-existe' }, from(ip))).status,
    ];
    expect(statuses).toEqual([201, 400, 404]);
    const before = await server.db.count('prospectos');
    const limited = await postJson(server.base, validBody(), from(ip));
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(((await limited.json()) as ErrorBody).error).toMatch(/^Demasiadas solicitudes/);
    expect(await server.db.count('prospectos')).toBe(before);
    // Reads are not writes.
    const read = await fetch(`${server.base}/api/public/ip2location/`, { headers: from(ip) });
    expect(read.status).toBe(200);
  });

  it('counts the address the trusted proxy wrote, never one the client put before it', async () => {
    const ip = '192.0.2.44';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      // A client-written entry first, new each time; the proxy appends the address it saw.
      statuses.push((await postJson(server.base, validBody(), from(`198.51.100.${i + 1}, ${ip}`))).status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });

  it('gives every address its own budget, and one budget to a whole IPv6 /64', async () => {
    expect((await postJson(server.base, validBody(), from('198.51.100.9'))).status).toBe(201);
    const sameNetwork = [
      '2001:db8:1:2::1',
      '2001:db8:1:2::2',
      '2001:db8:1:2::abcd:1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
    ];
    const statuses: number[] = [];
    for (const address of sameNetwork) {
      statuses.push((await postJson(server.base, validBody(), from(address))).status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect((await postJson(server.base, validBody(), from('2001:db8:1:3::1'))).status).toBe(201);
  });

  if (target.name === 'PostgreSQL') {
    it('is shared by every server process using the database', async () => {
      const other = await startServer({ db: server.db, writeRateLimit: LIMIT, trustProxy: PROXY });
      try {
        const ip = '203.0.113.77';
        const statuses: number[] = [];
        for (let i = 0; i < 6; i++) {
          statuses.push((await postJson(i % 2 ? other.base : server.base, validBody(), from(ip))).status);
        }
        expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
      } finally {
        await other.close();
      }
    });
  }
});

describe('client keys of the write limit', () => {
  it('keeps IPv4 addresses, unwraps mapped ones and groups IPv6 by /64', () => {
    expect(clientKey('192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1')).toBe('fe80:0:0:0::/64');
  });
});

describe('CORS', () => {
  const ALLOWED = 'https://tienda.example';
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ corsOrigins: [ALLOWED] });
  });
  afterAll(() => server.close());

  it('answers a preflight from a configured origin', async () => {
    const res = await fetch(`${server.base}/api/prospectos/`, {
      method: 'OPTIONS',
      headers: {
        origin: ALLOWED,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, idempotency-key',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
    expect(res.headers.get('vary')).toContain('Origin');
  });

  it('refuses a preflight and a write from any other origin, storing nothing', async () => {
    const before = await server.db.count('prospectos');
    const preflight = await fetch(`${server.base}/api/prospectos/`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    for (const origin of ['https://evil.example', 'null', 'https://tienda.example.evil.example']) {
      const post = await postJson(server.base, validBody(), { origin });
      expect(post.status, origin).toBe(403);
      expect(((await post.json()) as ErrorBody).error).toBe('Este sitio no tiene permiso para usar la API.');
    }
    const form = await fetch(`${server.base}/api/prospectos/`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'nombre=x',
    });
    expect(form.status).toBe(403);
    expect(await server.db.count('prospectos')).toBe(before);
  });

  it('lets the configured origin, the same origin and clients without Origin write', async () => {
    const allowed = await postJson(server.base, validBody(), { origin: ALLOWED });
    expect(allowed.status).toBe(201);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(allowed.headers.get('access-control-expose-headers')).toContain('Retry-After');
    expect((await postJson(server.base, validBody(), { origin: server.base })).status).toBe(201);
    expect((await postJson(server.base, validBody())).status).toBe(201);
  });

  it('gives no CORS header to a read from another origin', async () => {
    const res = await fetch(`${server.base}/api/public/ip2location/`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('parses CORS_ORIGINS and rejects anything but bare origins', () => {
    expect(parseOrigins('https://a.example, http://localhost:5173/')).toEqual({
      origins: ['https://a.example', 'http://localhost:5173'],
    });
    expect(parseOrigins('')).toEqual({ origins: [] });
    for (const bad of [
      'a.example',
      'https://a.example/path',
      'ftp://a.example',
      '*',
      'https://a.example?x=1',
    ]) {
      expect(parseOrigins(bad), bad).toHaveProperty('problem');
    }
  });
});
