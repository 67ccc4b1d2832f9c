/**
 * SIGTERM: the server stops accepting, finishes the requests in flight, closes the database and
 * exits 0. Requests it turned away are answered 503 (or never connected) and a keyed retry stores
 * them once.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { postJson, validBody } from './helpers';
import { spawnServer } from './support/process';
import { describeEachStorage, type TestDatabase } from './support/targets';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A lead of a business of its own per key: the API makes one lead per business. */
const bodyFor = (key: string) => ({ ...validBody(), nombreEmpresa: `Negocio ${key}` });

describeEachStorage('SIGTERM', (target) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await target.create();
    await (await db.open()).close();
  });
  afterAll(() => db.dispose());

  it('finishes a request in flight, refuses new ones, closes the database and exits 0', async () => {
    const server = await spawnServer(db.env);
    const url = new URL(server.base);
    const body = JSON.stringify({ ...validBody(), nombre: 'En curso' });
    const half = Math.floor(body.length / 2);

    // A create whose body is still arriving when SIGTERM comes.
    const slow = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: '/api/prospectos/',
          headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            'idempotency-key': 'en-curso-1',
          },
          agent: false,
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, half));
      void sleep(500).then(() => {
        server.child.kill('SIGTERM');
        return sleep(700).then(() => req.end(body.slice(half)));
      });
    });

    await sleep(900);
    const refused = await postJson(server.base, validBody(), { 'idempotency-key': 'despues-1' }).then(
      (res) => res.status,
      () => 'no connection',
    );
    expect(refused).toBe('no connection');

    const answer = await slow;
    expect(answer.status).toBe(201);
    expect(answer.text).toMatch(/"estado":"nuevo"/);

    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('servidor cerrado, base de datos cerrada');
    // SQLite checkpoints and removes its write-ahead log when the last connection closes cleanly.
    if (db.env.DB_FILE) expect(existsSync(`${db.env.DB_FILE}-wal`)).toBe(false);
    const { id } = JSON.parse(answer.text) as { id: string };
    expect((await db.row(id))?.data.nombre).toBe('En curso');
  });

  it('under load: every 201 is stored, the rest are 503 with Retry-After or not connected, and retries store each once', async () => {
    const server = await spawnServer(db.env);
    const before = await db.count('prospectos');
    const results: { key: string; status: number | 'error'; retryAfter: string | null }[] = [];
    let stop = false;
    const worker = async () => {
      while (!stop) {
        const key = randomUUID();
        try {
          const res = await postJson(server.base, bodyFor(key), { 'idempotency-key': key });
          results.push({ key, status: res.status, retryAfter: res.headers.get('retry-after') });
          await res.arrayBuffer();
        } catch {
          results.push({ key, status: 'error', retryAfter: null });
          return;
        }
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    await sleep(1000);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    stop = true;
    await Promise.all(workers);

    const created = results.filter((r) => r.status === 201);
    const turnedAway = results.filter((r) => r.status !== 201);
    expect(created.length).toBeGreaterThan(0);
    for (const r of turnedAway) {
      if (r.status !== 'error') {
        expect(r.status).toBe(503);
        expect(Number(r.retryAfter)).toBeGreaterThan(0);
      }
    }
    expect(await db.count('prospectos')).toBe(before + created.length);

    const again = await spawnServer(db.env);
    try {
      for (const r of results) {
        expect((await postJson(again.base, bodyFor(r.key), { 'idempotency-key': r.key })).status).toBe(201);
      }
      expect(await db.count('prospectos')).toBe(before + results.length);
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  }, 60_000);
});
