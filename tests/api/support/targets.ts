/**
 * The storages the API suite runs against: SQLite always, PostgreSQL when the global setup has a
 * server. Each gives a fresh empty database, a way to open the app's storage on it (several times,
 * as several processes would), an independent connection to read rows back, and fault injection.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, inject, it } from 'vitest';
import type { ProspectInput } from '../../../src/domain/prospect';
import { openStorage, type Storage } from '../../../server/storage';
import type { SqliteStorage } from '../../../server/storage/sqlite';
import { createDatabase, dropDatabase } from '../../../scripts/throwaway-postgres';

type TargetName = 'SQLite' | 'PostgreSQL';

interface StoredRow {
  id: string;
  estado: string;
  data: ProspectInput;
  createdAt: string;
  updatedAt: string;
}

interface Subscriber {
  email: string;
  /** ISO 8601, UTC. */
  createdAt: string;
}

/** Releases an injected fault. */
type Release = () => Promise<void>;

export interface TestDatabase {
  name: TargetName;
  /** Environment of a server process using this database. */
  env: Record<string, string>;
  /** Opens the app's storage as the server does, with short lock waits so tests stay fast. */
  open(): Promise<Storage>;
  count(table: 'prospectos' | 'idempotency' | 'newsletter'): Promise<number>;
  rows(): Promise<StoredRow[]>;
  /** The newsletter list in address order. */
  subscribers(): Promise<Subscriber[]>;
  row(id: string): Promise<StoredRow | undefined>;
  /** Holds the write lock of the leads table from another connection. */
  lock(): Promise<Release>;
  /** Makes writes of leads fail as on a full disk (on the storage the server uses). */
  fillDisk(storage: Storage): Promise<Release>;
  dispose(): Promise<void>;
}

export interface Target {
  name: TargetName;
  /** Why this target is skipped; undefined when it runs. */
  skip: string | undefined;
  create(): Promise<TestDatabase>;
}

/** Short waits for a locked database (the defaults are seconds). */
const TEST_LOCK_WAIT_MS = 150;

interface SqliteRow {
  id: string;
  estado: string;
  data: string;
  created_at: string;
  updated_at: string;
}

function fromSqlite(row: SqliteRow): StoredRow {
  return {
    id: row.id,
    estado: row.estado,
    data: JSON.parse(row.data) as ProspectInput,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

async function sqliteDatabase(): Promise<TestDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), 'site-api-test-'));
  const dbFile = path.join(dir, 'site.db');
  const read = <T>(fn: (db: Database.Database) => T): T => {
    const db = new Database(dbFile, { readonly: true, fileMustExist: true });
    try {
      return fn(db);
    } finally {
      db.close();
    }
  };
  const ROW = 'SELECT id, estado, data, created_at, updated_at FROM prospectos';
  return {
    name: 'SQLite',
    env: { DB_FILE: dbFile },
    open: () => openStorage({ dbFile, sqlite: { busyTimeoutMs: TEST_LOCK_WAIT_MS } }),
    count: async (table) =>
      read((db) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n),
    rows: async () =>
      read((db) => (db.prepare(`${ROW} ORDER BY rowid`).all() as SqliteRow[]).map(fromSqlite)),
    subscribers: async () =>
      read(
        (db) =>
          db
            .prepare('SELECT email, created_at AS createdAt FROM newsletter ORDER BY email')
            .all() as Subscriber[],
      ),
    row: async (id) =>
      read((db) => {
        const row = db.prepare(`${ROW} WHERE id = ?`).get(id) as SqliteRow | undefined;
        return row && fromSqlite(row);
      }),
    lock: async () => {
      const db = new Database(dbFile);
      db.exec('BEGIN IMMEDIATE');
      return async () => {
        db.exec('ROLLBACK');
        db.close();
      };
    },
    fillDisk: async (storage) => {
      // SQLite's own disk-full path: the file may not grow (max_page_count) and its free pages are
      // taken by ballast, so any lead needing a new page fails with SQLITE_FULL.
      const db = (storage as SqliteStorage).sqlite;
      db.exec('CREATE TABLE IF NOT EXISTS ballast (b BLOB)');
      const pages = db.pragma('page_count', { simple: true }) as number;
      db.pragma(`max_page_count = ${pages}`);
      const insert = db.prepare('INSERT INTO ballast VALUES (zeroblob(500))');
      for (;;) {
        try {
          insert.run();
        } catch {
          break;
        }
      }
      return async () => {
        db.pragma('max_page_count = 1073741823');
        db.exec('DROP TABLE ballast');
      };
    },
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

interface PgRow {
  id: string;
  estado: string;
  data: ProspectInput;
  created_at: string;
  updated_at: string;
}

async function postgresDatabase(adminUrl: string): Promise<TestDatabase> {
  const url = await createDatabase(adminUrl);
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  pool.on('error', () => undefined);
  const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
  const ROW = `SELECT id, estado, data, to_char(created_at AT TIME ZONE 'UTC', ${ISO}) AS created_at,
    to_char(updated_at AT TIME ZONE 'UTC', ${ISO}) AS updated_at FROM prospectos`;
  const fromPg = (row: PgRow): StoredRow => ({
    id: row.id,
    estado: row.estado,
    data: row.data,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: url },
    open: () =>
      openStorage({
        databaseUrl: url,
        dbFile: '',
        postgres: { lockTimeoutMs: TEST_LOCK_WAIT_MS, poolMax: 20 },
      }),
    count: async (table) =>
      Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n ?? -1),
    rows: async () => (await pool.query<PgRow>(`${ROW} ORDER BY seq`)).rows.map(fromPg),
    subscribers: async () =>
      (
        await pool.query<Subscriber>(
          `SELECT email, to_char(created_at AT TIME ZONE 'UTC', ${ISO}) AS "createdAt"
           FROM newsletter ORDER BY email COLLATE "C"`,
        )
      ).rows,
    row: async (id) => {
      const row = (await pool.query<PgRow>(`${ROW} WHERE id = $1`, [id])).rows[0];
      return row && fromPg(row);
    },
    lock: async () => {
      const client = await pool.connect();
      await client.query('BEGIN');
      await client.query('LOCK TABLE prospectos IN ACCESS EXCLUSIVE MODE');
      return async () => {
        await client.query('ROLLBACK');
        client.release();
      };
    },
    fillDisk: async () => {
      // The error PostgreSQL raises when it cannot extend a file (SQLSTATE 53100 disk_full).
      await pool.query(`
        CREATE OR REPLACE FUNCTION test_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$;
        CREATE TRIGGER test_disk_full BEFORE INSERT OR UPDATE ON prospectos
          FOR EACH ROW EXECUTE FUNCTION test_disk_full();`);
      return async () => {
        await pool.query('DROP TRIGGER test_disk_full ON prospectos');
      };
    },
    dispose: async () => {
      await pool.end();
      await dropDatabase(adminUrl, url);
    },
  };
}

function postgresTarget(): Target {
  let adminUrl = '';
  let reason = 'the vitest global setup did not run';
  try {
    adminUrl = inject('postgresAdminUrl') ?? '';
    reason = inject('postgresSkipReason') || reason;
  } catch {
    // Not under vitest's global setup.
  }
  return {
    name: 'PostgreSQL',
    skip: adminUrl ? undefined : reason,
    create: () => postgresDatabase(adminUrl),
  };
}

const sqliteTarget: Target = { name: 'SQLite', skip: undefined, create: sqliteDatabase };

/** Both storages, for describe.each. */
export function targets(): Target[] {
  return [sqliteTarget, postgresTarget()];
}

/**
 * Declares the same tests once per storage. A storage that is not available shows up as one
 * skipped test naming the reason.
 */
export function describeEachStorage(title: string, body: (target: Target) => void): void {
  for (const target of targets()) {
    describe(`${title} [${target.name}]`, () => {
      if (target.skip !== undefined) {
        it.skip(`${target.name} not available: ${target.skip}`, () => undefined);
        return;
      }
      body(target);
    });
  }
}
