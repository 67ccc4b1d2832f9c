import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loggerOptions } from '../../server/request-log';
import type { Storage } from '../../server/storage/types';
import { MAINTENANCE_MESSAGE } from '../../src/domain/messages';
import { newIdempotencyKey } from '../../src/services/idempotency-key';
import { LEAD_SAVE_ERROR, createLead } from '../../src/services/leads';
import {
  newBusinessBody,
  postJson,
  putJson,
  serverFor,
  startServer,
  validBody,
  type ErrorBody,
} from './helpers';
import { describeEachStorage, targets, type TestDatabase } from './support/targets';

/** A valid lead whose row is larger than a database page, so storing it needs new pages. */
function bigBody() {
  return {
    ...newBusinessBody('Negocio grande'),
    urlQueryString: `utm_source=fb&x=${'a'.repeat(1980)}`,
    utmSource: 'f'.repeat(500),
    utmCampaign: 'c'.repeat(500),
    utmContent: 'o'.repeat(500),
    utmTerm: 't'.repeat(500),
    fbclid: 'b'.repeat(500),
  };
}

async function expectUnavailable(res: Response) {
  expect(res.status).toBe(503);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  const body = (await res.json()) as ErrorBody;
  expect(body.error).toBe(
    'El servicio no está disponible en este momento. Vuelve a intentarlo en unos segundos.',
  );
}

describeEachStorage('a database that cannot take writes', (target) => {
  const server = serverFor(target);

  it('locked: 503 with Retry-After, nothing stored; the retry with the same key stores one lead', async () => {
    const before = await server.db.count('prospectos');
    const headers = { 'idempotency-key': 'bloqueada-1' };
    const body = newBusinessBody();
    const release = await server.db.lock();
    try {
      await expectUnavailable(await postJson(server.base, body, headers));
    } finally {
      await release();
    }
    expect(await server.db.count('prospectos')).toBe(before);
    const retry = await postJson(server.base, body, headers);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    const again = await postJson(server.base, body, headers);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await server.db.count('prospectos')).toBe(before + 1);
  });

  it("the browser's create fails on the 503 and its retry with the same key stores one lead", async () => {
    const before = await server.db.count('prospectos');
    const key = newIdempotencyKey();
    const { recaptchaToken: _token, ...lead } = bigBody();
    const release = await server.db.fillDisk(server.storage);
    try {
      await expect(createLead(lead, key, { apiBase: `${server.base}/api` })).rejects.toThrow(LEAD_SAVE_ERROR);
    } finally {
      await release();
    }
    const created = await createLead(lead, key, { apiBase: `${server.base}/api` });
    const again = await createLead(lead, key, { apiBase: `${server.base}/api` });
    expect(again).toEqual(created);
    expect(await server.db.count('prospectos')).toBe(before + 1);
  });

  it('locked: an update answers 503 and the retry applies it', async () => {
    const { id } = (await (await postJson(server.base, validBody())).json()) as { id: string };
    const release = await server.db.lock();
    try {
      await expectUnavailable(await putJson(server.base, { ...validBody(), id, nombre: 'Luego' }));
    } finally {
      await release();
    }
    expect((await server.db.row(id))?.data.nombre).toBe('José');
    expect((await putJson(server.base, { ...validBody(), id, nombre: 'Luego' })).status).toBe(200);
    expect((await server.db.row(id))?.data.nombre).toBe('Luego');
  });

  it('disk full: 503 with Retry-After, nothing stored; the retry with the same key stores one lead', async () => {
    const before = await server.db.count('prospectos');
    const headers = { 'idempotency-key': 'disco-lleno-1' };
    const release = await server.db.fillDisk(server.storage);
    try {
      await expectUnavailable(await postJson(server.base, bigBody(), headers));
      // Reads still work while writes fail.
      expect((await fetch(`${server.base}/api/public/cotizaciones/USD/CLP`)).status).toBe(200);
    } finally {
      await release();
    }
    expect(await server.db.count('prospectos')).toBe(before);
    const retry = await postJson(server.base, bigBody(), headers);
    expect(retry.status).toBe(201);
    const { id } = (await retry.json()) as { id: string };
    expect((await server.db.row(id))?.data.utmTerm).toBe('t'.repeat(500));
    expect(await server.db.count('prospectos')).toBe(before + 1);
  });

  it('closed: health, reads and writes answer 503 (never 500)', async () => {
    const other = await startServer({ db: server.db });
    await other.storage.close();
    try {
      const health = await fetch(`${other.base}/api/health`);
      await expectUnavailable(health);
      await expectUnavailable(await fetch(`${other.base}/api/public/cotizaciones/USD/CLP`));
      await expectUnavailable(await postJson(other.base, validBody(), { 'idempotency-key': 'cerrada' }));
    } finally {
      await other.close();
    }
  });
});

describe('request logs', () => {
  const lines: string[] = [];
  let server: { base: string; close: () => Promise<void> };
  let db: TestDatabase;

  /** The API on `storage`, listening on a free port, its log lines collected in `lines`. */
  async function listenLogged(storage: Storage) {
    const app = buildApp({
      storage,
      distDir: '/nonexistent',
      rateLimit: false,
      writeRateLimit: false,
      logger: loggerOptions({ level: 'info', stream: { write: (line) => void lines.push(line) } }),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    return {
      base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      close: () => app.close(),
    };
  }

  beforeAll(async () => {
    db = await targets()[0]!.create();
    server = await listenLogged(await db.open());
  });
  afterAll(async () => {
    await server.close();
    await db.dispose();
  });

  it('writes one JSON line per request with method, route, status and time, and no personal data', async () => {
    const created = await postJson(server.base, validBody());
    const { id } = (await created.json()) as { id: string };
    await putJson(server.base, { ...validBody(), id });
    await fetch(`${server.base}/api/public/ip2location/?email=jose@example.com&tel=5491123456789`);
    await fetch(`${server.base}/api/prospectos/jose@example.com`);
    await fetch(`${server.base}/registro?nombre=Jos%C3%A9`);
    await fetch(`${server.base}/api/prospectos/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"nombre": "José Pérez", "email": "jose@example.com",',
    });
    await postJson(server.base, { ...validBody(), email: 'jose@' });

    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const completed = entries.filter((e) => e.msg === 'request completed');
    expect(completed.map((e) => [e.method, e.route, e.status])).toEqual([
      ['POST', '/api/prospectos/', 201],
      ['PUT', '/api/prospectos/', 200],
      ['GET', '/api/public/ip2location/', 200],
      ['GET', '/*', 404],
      ['GET', '/*', 503],
      ['POST', '/api/prospectos/', 400],
      ['POST', '/api/prospectos/', 400],
    ]);
    for (const entry of completed) {
      expect(typeof entry.ms).toBe('number');
      expect(entry.client).toMatch(/^[0-9a-f]{12}$/);
      expect(entry.level).toBe(entry.status === 503 ? 40 : 30);
    }
    const text = lines.filter((line) => !line.includes('Server listening')).join('\n');
    for (const personal of [
      'José',
      'Jos%C3%A9',
      'Pérez',
      'jose@',
      'example.com',
      '1123456789',
      'Pizzer',
      '127.0.0.1',
    ]) {
      expect(text, personal).not.toContain(personal);
    }
    expect(text).toContain('"path":"/api/prospectos/:redactado"');
  });

  it('answers an unexpected failure with the generic Spanish 500 and logs it without the data', async () => {
    const storage = await db.open();
    storage.createProspect = () => Promise.reject(new Error('fallo inesperado con "José Pérez"'));
    const { base, close } = await listenLogged(storage);
    try {
      const before = lines.length;
      const res = await postJson(base, validBody());
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ error: MAINTENANCE_MESSAGE });
      expect(text).not.toMatch(/fallo|at |\.ts/);
      const logged = lines.slice(before).join('\n');
      expect(logged).toContain('"msg":"request failed"');
      expect(logged).toContain('fallo inesperado');
      expect(logged).not.toContain('José');
    } finally {
      await close();
    }
  });
});
