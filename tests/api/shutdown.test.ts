/**
 * SIGTERM: the server stops accepting, finishes the requests in flight, closes the database and
 * exits 0. Requests it turned away are answered 503 (or never connected) and a keyed retry stores
 * them once.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { postJson, validBody } from './helpers';
import { spawnServer } from './support/process';
import { describeEachStorage, type TestDatabase } from './support/targets';

/** Whether a new connection to the server is refused (its listener closed). */
const refuses = (url: URL) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

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

    // A create whose body is still arriving when SIGTERM comes: the server has its headers (its
    // '100 Continue' says so), SIGTERM is sent, and the rest of the body comes once the server
    // refuses new connections.
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
            expect: '100-continue',
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
      req.once('continue', () => {
        req.write(body.slice(0, half));
        server.child.kill('SIGTERM');
        void vi
          .waitFor(async () => expect(await refuses(url)).toBe(true), { timeout: 5000, interval: 20 })
          .then(() => req.end(body.slice(half)), reject);
      });
    });

    await vi.waitFor(async () => expect(await refuses(url)).toBe(true), { timeout: 5000, interval: 20 });
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
    // SIGTERM comes once the load is on: every worker has had a lead stored, and is sending the next.
    await vi.waitFor(() => expect(results.filter((r) => r.status === 201).length).toBeGreaterThanOrEqual(8), {
      timeout: 10_000,
    });
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
