/**
 * Two server processes on one PostgreSQL database: both migrate the same empty database at start
 * without stepping on each other, and concurrent creates with one key store one row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, validBody } from './helpers';
import { spawnServer, type ServerProcess } from './support/process';
import { targets, type TestDatabase } from './support/targets';

const postgres = targets().find((t) => t.name === 'PostgreSQL')!;

describe.skipIf(postgres.skip !== undefined)(
  `two server processes on one PostgreSQL database${postgres.skip ? ` (skipped: ${postgres.skip})` : ''}`,
  () => {
    let db: TestDatabase;
    let servers: ServerProcess[] = [];
    beforeAll(async () => {
      db = await postgres.create();
      // Started together on an empty database: the migration lock lets one migrate, the other wait.
      servers = await Promise.all([spawnServer(db.env), spawnServer(db.env)]);
    }, 60_000);
    afterAll(async () => {
      for (const server of servers) server.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
      await db.dispose();
    });

    it('store one row per Idempotency-Key when both processes get the same key at once', async () => {
      const KEYS = 25;
      const PER_KEY = 8;
      const before = await db.count('prospectos');
      const requests = Array.from({ length: KEYS * PER_KEY }, (_, i) => {
        const key = `dos-procesos-${i % KEYS}`;
        const server = servers[i % 2]!;
        return postJson(
          server.base,
          { ...validBody(), nombreEmpresa: `Negocio ${key}`, nombre: `Proceso ${i % 2}` },
          { 'idempotency-key': key },
        ).then(async (res) => ({ key, status: res.status, id: ((await res.json()) as { id: string }).id }));
      });
      const results = await Promise.all(requests);
      expect(results.every((r) => r.status === 201)).toBe(true);
      for (let k = 0; k < KEYS; k++) {
        const ids = new Set(results.filter((r) => r.key === `dos-procesos-${k}`).map((r) => r.id));
        expect(ids.size).toBe(1);
      }
      expect(await db.count('prospectos')).toBe(before + KEYS);
      expect(await db.count('idempotency')).toBe(KEYS);
    });

    it('let one process update a lead the other created', async () => {
      const created = await postJson(servers[0]!.base, validBody());
      const { id } = (await created.json()) as { id: string };
      const updated = await fetch(`${servers[1]!.base}/api/prospectos/`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...validBody(), id, nombre: 'Actualizado' }),
      });
      expect(updated.status).toBe(200);
      expect((await db.row(id))?.data.nombre).toBe('Actualizado');
    });
  },
);
