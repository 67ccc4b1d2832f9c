/**
 * SQLite storage (better-sqlite3, synchronous, WAL mode): the embedded default.
 * The schema is created and migrated on open, tracked by PRAGMA user_version.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { ProspectCreated, ProspectInput } from '../../src/domain/prospect';
import { memoryRateLimiter } from './memory-rate-limit';
import {
  INITIAL_ESTADO,
  SEED_RATES,
  StorageUnavailableError,
  assertRate,
  type CreateResult,
  type Storage,
  type StoredProspect,
  type UnavailableReason,
} from './types';

export type SqliteDatabase = Database.Database;

/** Each entry migrates the schema from version `index` to `index + 1`. Never edit a released entry. */
export const SQLITE_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE prospectos (
    id TEXT PRIMARY KEY,
    estado TEXT NOT NULL,
    data TEXT NOT NULL CHECK (json_valid(data)),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  ) STRICT;
  CREATE TABLE idempotency (
    key TEXT PRIMARY KEY,
    prospect_id TEXT NOT NULL REFERENCES prospectos (id),
    created_at TEXT NOT NULL
  ) STRICT;
  CREATE TABLE cotizaciones (
    currency TEXT PRIMARY KEY CHECK (length(currency) = 3),
    rate REAL NOT NULL CHECK (rate > 0),
    updated_at TEXT NOT NULL
  ) STRICT;
  `,
  `
  CREATE TABLE newsletter (
    email TEXT PRIMARY KEY CHECK (email = lower(email)),
    created_at TEXT NOT NULL
  ) STRICT;
  `,
];

function migrate(db: SqliteDatabase): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > SQLITE_MIGRATIONS.length) {
    throw new Error(
      `La base de datos tiene la versión de esquema ${current}, más nueva que la que conoce este servidor (${SQLITE_MIGRATIONS.length}).`,
    );
  }
  for (let version = current; version < SQLITE_MIGRATIONS.length; version++) {
    const sql = SQLITE_MIGRATIONS[version] ?? '';
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${version + 1}`);
    }).immediate();
  }
}

/** SQLite result codes (extended codes start with the primary one) that a later retry can get past. */
const TRANSIENT: readonly [prefix: string, reason: UnavailableReason][] = [
  ['SQLITE_BUSY', 'busy'],
  ['SQLITE_LOCKED', 'busy'],
  ['SQLITE_PROTOCOL', 'busy'],
  ['SQLITE_FULL', 'full'],
  ['SQLITE_IOERR', 'unreachable'],
  ['SQLITE_READONLY', 'unreachable'],
  ['SQLITE_CANTOPEN', 'unreachable'],
];

function unavailableReason(error: unknown): UnavailableReason | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return TRANSIENT.find(([prefix]) => code.startsWith(prefix))?.[1];
  // better-sqlite3 throws a TypeError on a closed connection (e.g. while shutting down).
  if (error instanceof TypeError && /database connection is not open/.test(error.message)) {
    return 'unreachable';
  }
  return undefined;
}

/** Runs a database call, turning the transient SQLite failures into StorageUnavailableError. */
function guarded<T>(run: () => T): Promise<T> {
  try {
    return Promise.resolve(run());
  } catch (error) {
    const reason = unavailableReason(error);
    return Promise.reject(reason ? new StorageUnavailableError(reason, { cause: error }) : error);
  }
}

export interface SqliteOptions {
  /** How long a write waits for another connection's lock before answering 503. It blocks the event loop. */
  busyTimeoutMs?: number;
}

export const DEFAULT_SQLITE_BUSY_TIMEOUT_MS = 2000;

export interface SqliteStorage extends Storage {
  readonly kind: 'sqlite';
  /** The connection itself, for the rates CLI and for tests that inject faults. */
  readonly sqlite: SqliteDatabase;
}

interface ProspectRow {
  seq: number;
  id: string;
  estado: string;
  data: string;
  created_at: string;
  updated_at: string;
}

const now = () => new Date().toISOString();

export function openSqliteStorage(file: string, options: SqliteOptions = {}): SqliteStorage {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // FULL: a lead answered with 201 survives a power cut, not only a killed process.
  db.pragma('synchronous = FULL');
  db.pragma(
    `busy_timeout = ${Math.max(0, Math.round(options.busyTimeoutMs ?? DEFAULT_SQLITE_BUSY_TIMEOUT_MS))}`,
  );
  db.pragma('foreign_keys = ON');
  migrate(db);

  const countRates = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM cotizaciones');
  const upsertRate = db.prepare<[string, number, string]>(
    `INSERT INTO cotizaciones (currency, rate, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (currency) DO UPDATE SET rate = excluded.rate, updated_at = excluded.updated_at`,
  );
  if (countRates.get()?.n === 0) {
    db.transaction(() => {
      const at = now();
      for (const [currency, rate] of Object.entries(SEED_RATES)) upsertRate.run(currency, rate, at);
    }).immediate();
  }

  const selectRate = db.prepare<[string], { rate: number }>(
    'SELECT rate FROM cotizaciones WHERE currency = ?',
  );
  const selectKey = db.prepare<[string], { id: string; estado: string }>(
    `SELECT p.id, p.estado FROM idempotency i JOIN prospectos p ON p.id = i.prospect_id WHERE i.key = ?`,
  );
  const insertProspect = db.prepare<[string, string, string, string, string]>(
    'INSERT INTO prospectos (id, estado, data, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
  );
  const insertKey = db.prepare<[string, string, string]>(
    'INSERT INTO idempotency (key, prospect_id, created_at) VALUES (?, ?, ?)',
  );
  const updateData = db.prepare<[string, string, string], ProspectCreated>(
    'UPDATE prospectos SET data = ?, updated_at = ? WHERE id = ? RETURNING id, estado',
  );
  const selectPage = db.prepare<[number, number], ProspectRow>(
    `SELECT rowid AS seq, id, estado, data, created_at, updated_at FROM prospectos
     WHERE rowid > ? ORDER BY rowid LIMIT ?`,
  );
  const selectOne = db.prepare<[], { one: number }>('SELECT 1 AS one');
  const insertSubscriber = db.prepare<[string, string]>(
    'INSERT INTO newsletter (email, created_at) VALUES (?, ?) ON CONFLICT (email) DO NOTHING',
  );

  // IMMEDIATE takes the write lock before the read, so two processes sharing the file cannot both
  // miss the key and insert twice; within one process better-sqlite3 is synchronous anyway.
  const create = db.transaction((data: ProspectInput, key: string | undefined): CreateResult => {
    if (key !== undefined) {
      const first = selectKey.get(key);
      if (first) return { id: first.id, estado: first.estado, replayed: true };
    }
    const id = randomUUID();
    const at = now();
    insertProspect.run(id, INITIAL_ESTADO, JSON.stringify(data), at, at);
    if (key !== undefined) insertKey.run(key, id, at);
    return { id, estado: INITIAL_ESTADO, replayed: false };
  });

  const hit = memoryRateLimiter();

  return {
    kind: 'sqlite',
    sqlite: db,
    createProspect: (data, key) => guarded(() => create.immediate(data, key)),
    updateProspect: (id, data) => guarded(() => updateData.get(JSON.stringify(data), now(), id)),
    listProspects: (afterSeq, limit) =>
      guarded(() =>
        selectPage.all(afterSeq, limit).map((row): StoredProspect => ({
          seq: row.seq,
          id: row.id,
          estado: row.estado,
          data: JSON.parse(row.data) as ProspectInput,
          createdAt: row.created_at,
          updatedAt: row.updated_at,
        })),
      ),
    getRate: (currency) => guarded(() => selectRate.get(currency)?.rate),
    setRate: (currency, rate) =>
      guarded(() => {
        assertRate(currency, rate);
        upsertRate.run(currency, rate, now());
      }),
    hitRateLimit: async (key, windowMs) => hit(key, windowMs),
    subscribeNewsletter: (email) =>
      guarded(() => ({ created: insertSubscriber.run(email, now()).changes === 1 })),
    ping: () =>
      guarded(() => {
        selectOne.get();
      }),
    close: async () => {
      if (db.open) db.close();
    },
  };
}
