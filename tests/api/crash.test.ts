/**
 * Crash test: creates under load, SIGKILL of the server in the middle, restart on the same database.
 * Every create answered 2xx is there and intact; retrying the unanswered ones with their keys stores
 * each exactly once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { postJson, validBody } from './helpers';
import { spawnServer } from './support/process';
import { describeEachStorage, type TestDatabase } from './support/targets';

const WORKERS = 12;
/** Kill after this many acknowledged creates, or this long, whichever comes first. */
const KILL_AFTER_ACKS = 400;
const KILL_AFTER_MS = 4000;

interface Attempt {
  key: string;
  body: ReturnType<typeof validBody>;
  id?: string;
  failed?: boolean;
}

function leadFor(n: number) {
  return {
    ...validBody(),
    // One business per create: the API makes one lead per business.
    nombreEmpresa: `Negocio de carga ${n}`,
    nombre: `Carga ${n}`,
    apellido: `Prueba ${n % 97}`,
    email: `carga${n}@example.com`,
  };
}

describeEachStorage('crash test (SIGKILL under load)', (target) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await target.create();
  });
  afterAll(() => db.dispose());

  it('keeps every acknowledged create intact and stores each unacknowledged one once on retry', async () => {
    // The schema exists before the first process starts, as in production after the first start.
    await (await db.open()).close();
    const first = await spawnServer(db.env);
    const attempts: Attempt[] = [];
    let acked = 0;
    let stop = false;
    let counter = 0;

    const worker = async () => {
      while (!stop) {
        const attempt: Attempt = { key: randomUUID(), body: leadFor(counter++) };
        attempts.push(attempt);
        try {
          const res = await postJson(first.base, attempt.body, { 'idempotency-key': attempt.key });
          if (res.status === 201) {
            attempt.id = ((await res.json()) as { id: string }).id;
            acked++;
          } else {
            attempt.failed = true;
          }
        } catch {
          attempt.failed = true;
          return;
        }
      }
    };
    const workers = Array.from({ length: WORKERS }, worker);
    const started = Date.now();
    while (acked < KILL_AFTER_ACKS && Date.now() - started < KILL_AFTER_MS) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    first.child.kill('SIGKILL');
    stop = true;
    await Promise.all(workers);
    expect((await first.exited).signal).toBe('SIGKILL');

    const acknowledged = attempts.filter((a) => a.id !== undefined);
    const unanswered = attempts.filter((a) => a.id === undefined);
    expect(acknowledged.length).toBeGreaterThan(20);

    const rowsAfterCrash = await db.rows();
    const byId = new Map(rowsAfterCrash.map((row) => [row.id, row]));
    for (const attempt of acknowledged) {
      const row = byId.get(attempt.id ?? '');
      expect(row, attempt.key).toBeDefined();
      const { recaptchaToken: _token, ...stored } = attempt.body;
      expect(row?.data).toEqual(stored);
    }
    const committedButUnanswered = rowsAfterCrash.length - acknowledged.length;
    expect(committedButUnanswered).toBeGreaterThanOrEqual(0);
    expect(committedButUnanswered).toBeLessThanOrEqual(unanswered.length);

    const second = await spawnServer(db.env);
    try {
      let replayed = 0;
      for (const attempt of [...unanswered, ...acknowledged.slice(0, 20)]) {
        const res = await postJson(second.base, attempt.body, { 'idempotency-key': attempt.key });
        expect(res.status).toBe(201);
        const { id } = (await res.json()) as { id: string };
        if (attempt.id !== undefined) expect(id).toBe(attempt.id);
        if (res.headers.get('idempotent-replayed') === 'true') replayed++;
        attempt.id = id;
      }
      expect(replayed).toBe(20 + committedButUnanswered);
      expect(await db.count('prospectos')).toBe(attempts.length);
      expect(new Set(attempts.map((a) => a.id)).size).toBe(attempts.length);
      console.info(
        `[crash] ${target.name}: ${acknowledged.length} creates acknowledged before SIGKILL, all present and intact; ` +
          `${unanswered.length} in flight (${committedButUnanswered} had been stored), retried with their keys: ` +
          `${attempts.length} leads, no duplicate`,
      );
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 90_000);
});
