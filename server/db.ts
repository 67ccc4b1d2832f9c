/**
 * SQLite storage of the local API (better-sqlite3, synchronous, WAL mode).
 * The schema is created and migrated on open, tracked by PRAGMA user_version.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { ProspectCreated, ProspectInput } from '../src/domain/prospect';

export type SqliteDatabase = Database.Database;

/** Estado of every newly created prospect. */
export const INITIAL_ESTADO = 'nuevo';

/** USD exchange rates seeded into an empty cotizaciones table (units of the currency per 1 USD). */
export const SEED_RATES: Readonly<Record<string, number>> = {
  USD: 1,
  ARS: 1450,
  CLP: 940,
  COP: 3850,
  MXN: 18.4,
  PEN: 3.38,
  UYU: 39.9,
};

export const CURRENCY_CODE_PATTERN = /^[A-Z]{3}$/;

/** Each entry migrates the schema from version `index` to `index + 1`. Never edit a released entry. */
const MIGRATIONS: readonly string[] = [
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
  if (current > MIGRATIONS.length) {
    throw new Error(
      `La base de datos tiene la versión de esquema ${current}, más nueva que la que conoce este servidor (${MIGRATIONS.length}).`,
    );
  }
  for (let version = current; version < MIGRATIONS.length; version++) {
    const sql = MIGRATIONS[version] ?? '';
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${version + 1}`);
    }).immediate();
  }
}

export interface CreateResult extends ProspectCreated {
  /** True when the Idempotency-Key had been used before and the first result is returned. */
  replayed: boolean;
}

export interface SiteDb {
  /** Stores a prospect; with an idempotency key already seen, stores nothing and returns the first result. */
  createProspect(data: ProspectInput, idempotencyKey?: string): CreateResult;
  /** Replaces the data of an existing prospect; undefined when the id does not exist. */
  updateProspect(id: string, data: ProspectInput): ProspectCreated | undefined;
  getRate(currency: string): number | undefined;
  /** Stores a newsletter address (already normalised) once; false when it was already subscribed. */
  subscribeNewsletter(email: string): boolean;
  setRate(currency: string, rate: number): void;
  close(): void;
  readonly sqlite: SqliteDatabase;
}

const now = () => new Date().toISOString();

export function openDb(file: string): SiteDb {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // FULL: a lead answered with 201 survives a power cut, not only a killed process.
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
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
    })();
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
  const updateData = db.prepare<[string, string, string], { id: string; estado: string }>(
    'UPDATE prospectos SET data = ?, updated_at = ? WHERE id = ? RETURNING id, estado',
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

  const insertSubscriber = db.prepare<[string, string]>(
    'INSERT INTO newsletter (email, created_at) VALUES (?, ?) ON CONFLICT (email) DO NOTHING',
  );

  return {
    sqlite: db,
    createProspect: (data, key) => create.immediate(data, key),
    updateProspect: (id, data) => updateData.get(JSON.stringify(data), now(), id),
    getRate: (currency) => selectRate.get(currency)?.rate,
    subscribeNewsletter: (email) => insertSubscriber.run(email, now()).changes === 1,
    setRate: (currency, rate) => {
      if (!CURRENCY_CODE_PATTERN.test(currency)) throw new Error(`Código de moneda inválido: ${currency}`);
      if (!Number.isFinite(rate) || rate <= 0) throw new Error(`Cotización inválida: ${rate}`);
      upsertRate.run(currency, rate, now());
    },
    close: () => {
      if (db.open) db.close();
    },
  };
}
