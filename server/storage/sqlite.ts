/**
 * SQLite storage (better-sqlite3, synchronous, WAL mode): the embedded default.
 * The schema is created and migrated on open, tracked by PRAGMA user_version.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { FLOW_COUNTS_PER_ADDRESS_PER_DAY } from '../../src/domain/flow-counts';
import type { ProspectCreated, ProspectInput } from '../../src/domain/prospect';
import { cappedCounts, tallyGrant } from './flow-caps';
import { memoryRateLimiter } from './memory-rate-limit';
import {
  INITIAL_ESTADO,
  SEED_RATES,
  StorageUnavailableError,
  assertRate,
  correctedLead,
  leadBusiness,
  type CreateResult,
  type FlowBeacon,
  type FlowCountRefusal,
  type FlowCountRow,
  type Storage,
  type StoredProspect,
  type UnavailableReason,
} from './types';

type SqliteDatabase = Database.Database;

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
  `
  CREATE TABLE flow_counts (
    day TEXT NOT NULL,
    flow TEXT NOT NULL,
    version TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('state', 'transition')),
    item TEXT NOT NULL,
    count INTEGER NOT NULL CHECK (count > 0),
    PRIMARY KEY (day, flow, version, kind, item)
  ) STRICT, WITHOUT ROWID;
  CREATE TABLE flow_batches (
    batch TEXT PRIMARY KEY,
    day TEXT NOT NULL
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX flow_batches_day ON flow_batches (day);
  `,
  // The business of each lead (leadBusiness), filled by backfillBusiness for the rows before it.
  `
  ALTER TABLE prospectos ADD COLUMN business TEXT;
  CREATE INDEX prospectos_business ON prospectos (business, created_at);
  `,
];

/**
 * Fills the business of the leads that have none: those stored before the column existed, and
 * those a server of an older version stored while this one was starting. The rule is TypeScript
 * (shared with the browser), so SQLite calls it as a function.
 */
function backfillBusiness(db: SqliteDatabase): void {
  db.function('lead_business', { deterministic: true }, (text: unknown) => {
    if (typeof text !== 'string') return null;
    try {
      return leadBusiness(JSON.parse(text)) ?? null;
    } catch {
      return null;
    }
  });
  // Read first: a start with nothing to fill takes no write lock (another process may hold it).
  if (db.prepare('SELECT 1 FROM prospectos WHERE business IS NULL LIMIT 1').get() === undefined) return;
  db.prepare('UPDATE prospectos SET business = lead_business(data) WHERE business IS NULL').run();
}

/**
 * The tables of the per-address daily cap on the flows' counters, created when missing, beside the
 * numbered migrations rather than in them: they are new tables nothing else refers to, so a
 * database of any schema version takes them. `flow_count_quota` holds, per day, client (a one-way
 * hash) and counter, what that client added (`used`) and what its last beacons were granted
 * (`granted`, read back by the write that set it); only the current day's rows are of use.
 * `flow_count_refusals` is what the cap kept out, per day and flow, for the explorer.
 */
const SQLITE_FLOW_CAP_TABLES = `
  CREATE TABLE IF NOT EXISTS flow_count_quota (
    day TEXT NOT NULL,
    client TEXT NOT NULL,
    flow TEXT NOT NULL,
    version TEXT NOT NULL,
    kind TEXT NOT NULL,
    item TEXT NOT NULL,
    used INTEGER NOT NULL CHECK (used >= 0),
    granted INTEGER NOT NULL CHECK (granted >= 0),
    PRIMARY KEY (day, client, flow, version, kind, item)
  ) STRICT, WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS flow_count_refusals (
    day TEXT NOT NULL,
    flow TEXT NOT NULL,
    refused INTEGER NOT NULL CHECK (refused > 0),
    PRIMARY KEY (day, flow)
  ) STRICT, WITHOUT ROWID;
`;

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

/** The transient SQLite failures as StorageUnavailableError; other errors as they are. */
function mapped(error: unknown): unknown {
  const reason = unavailableReason(error);
  return reason ? new StorageUnavailableError(reason, { cause: error }) : error;
}

/** Runs a database call, turning the transient SQLite failures into StorageUnavailableError. */
function guarded<T>(run: () => T): Promise<T> {
  try {
    return Promise.resolve(run());
  } catch (error) {
    return Promise.reject(mapped(error));
  }
}

interface PendingWrite {
  run: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: the writes requested during one turn of the event loop run in one IMMEDIATE
 * transaction, each in its own savepoint, and are answered only once that transaction is committed.
 * With synchronous=FULL every commit waits for the disk (fsync), so one commit per batch instead of
 * one per write is where the throughput comes from; durability is unchanged, since no write is
 * answered before the commit that holds it. A write that fails alone rolls back only its savepoint;
 * a failed commit (or a transaction SQLite rolled back by itself) fails every write of the batch.
 */
function groupCommit(db: SqliteDatabase) {
  let pending: PendingWrite[] = [];
  const batch = db.transaction((writes: readonly PendingWrite[]) => {
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    for (const write of writes) {
      try {
        outcomes.push({ ok: true, value: write.run() });
      } catch (error) {
        // SQLITE_FULL or IOERR may roll back the whole transaction: the batch then fails with it.
        if (!db.inTransaction) throw error;
        outcomes.push({ ok: false, error });
      }
    }
    return outcomes;
  });

  function flush(): void {
    const writes = pending;
    pending = [];
    if (writes.length === 0) return;
    let outcomes;
    try {
      outcomes = batch.immediate(writes);
    } catch (error) {
      for (const write of writes) write.reject(mapped(error));
      return;
    }
    outcomes.forEach((outcome, i) => {
      const write = writes[i];
      if (!write) return;
      if (outcome.ok) write.resolve(outcome.value);
      else write.reject(mapped(outcome.error));
    });
  }

  /** `run` executes inside the group transaction (in a savepoint when it is a db.transaction). */
  function write<T>(run: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (pending.length === 0) setImmediate(flush);
      pending.push({ run, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  return { write, flush };
}

export interface SqliteOptions {
  /** How long a write waits for another connection's lock before answering 503. It blocks the event loop. */
  busyTimeoutMs?: number;
}

const DEFAULT_SQLITE_BUSY_TIMEOUT_MS = 2000;

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

/** A lead a create lands on: by its key or its business. */
interface LandedRow {
  id: string;
  estado: string;
  data: string;
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
  db.exec(SQLITE_FLOW_CAP_TABLES);
  backfillBusiness(db);

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
  const selectKey = db.prepare<[string], LandedRow>(
    `SELECT p.id, p.estado, p.data FROM idempotency i JOIN prospectos p ON p.id = i.prospect_id
     WHERE i.key = ?`,
  );
  const selectBusiness = db.prepare<[string, string, string], LandedRow>(
    `SELECT id, estado, data FROM prospectos WHERE business = ? AND created_at >= ? AND estado = ?
     ORDER BY created_at, rowid LIMIT 1`,
  );
  const insertProspect = db.prepare<[string, string, string, string | null, string, string]>(
    'INSERT INTO prospectos (id, estado, data, business, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertKey = db.prepare<[string, string, string]>(
    'INSERT INTO idempotency (key, prospect_id, created_at) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING',
  );
  const updateData = db.prepare<[string, string | null, string, string], ProspectCreated>(
    'UPDATE prospectos SET data = ?, business = ?, updated_at = ? WHERE id = ? RETURNING id, estado',
  );
  const selectPage = db.prepare<[number, number], ProspectRow>(
    `SELECT rowid AS seq, id, estado, data, created_at, updated_at FROM prospectos
     WHERE rowid > ? ORDER BY rowid LIMIT ?`,
  );
  const selectOne = db.prepare<[], { one: number }>('SELECT 1 AS one');
  const insertSubscriber = db.prepare<[string, string]>(
    'INSERT INTO newsletter (email, created_at) VALUES (?, ?) ON CONFLICT (email) DO NOTHING',
  );

  const insertBatch = db.prepare<[string, string]>(
    'INSERT INTO flow_batches (batch, day) VALUES (?, ?) ON CONFLICT (batch) DO NOTHING',
  );
  const addCount = db.prepare<[string, string, string, string, string, number]>(
    `INSERT INTO flow_counts (day, flow, version, kind, item, count) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (day, flow, version, kind, item) DO UPDATE SET count = count + excluded.count`,
  );
  const selectCounts = db.prepare<[string, string], FlowCountRow>(
    `SELECT day, flow, version, kind, item, count FROM flow_counts WHERE day >= ? AND day <= ?
     ORDER BY day, flow, version, kind, item`,
  );
  const deleteCounts = db.prepare<[string]>('DELETE FROM flow_counts WHERE day < ?');
  const deleteBatches = db.prepare<[string]>('DELETE FROM flow_batches WHERE day < ?');
  const deleteRefusals = db.prepare<[string]>('DELETE FROM flow_count_refusals WHERE day < ?');
  const deleteQuotas = db.prepare<[string]>('DELETE FROM flow_count_quota WHERE day < ?');
  // The SET expressions read the row as it was: `granted` is what this write could still add.
  const takeQuota = db.prepare<
    [
      {
        day: string;
        client: string;
        flow: string;
        version: string;
        kind: string;
        item: string;
        wanted: number;
        cap: number;
      },
    ],
    { granted: number }
  >(
    `INSERT INTO flow_count_quota (day, client, flow, version, kind, item, used, granted)
     VALUES (@day, @client, @flow, @version, @kind, @item, min(@wanted, @cap), min(@wanted, @cap))
     ON CONFLICT (day, client, flow, version, kind, item) DO UPDATE SET
       granted = min(@cap, used + excluded.used) - used,
       used = min(@cap, used + excluded.used)
     RETURNING granted`,
  );
  const addRefusal = db.prepare<[string, string, number]>(
    `INSERT INTO flow_count_refusals (day, flow, refused) VALUES (?, ?, ?)
     ON CONFLICT (day, flow) DO UPDATE SET refused = refused + excluded.refused`,
  );
  const selectRefusals = db.prepare<[string, string], FlowCountRefusal>(
    `SELECT day, flow, refused FROM flow_count_refusals WHERE day >= ? AND day <= ? ORDER BY day, flow`,
  );
  // A savepoint inside the group transaction (groupCommit); each counter is written once per call.
  const countBeacons = db.transaction((beacons: readonly FlowBeacon[]) => {
    const fresh = beacons.filter((beacon) => insertBatch.run(beacon.batch, beacon.day).changes > 0);
    const { wanted, counters, refusals } = cappedCounts(fresh);
    for (const want of wanted) {
      const granted = takeQuota.get({ ...want, cap: FLOW_COUNTS_PER_ADDRESS_PER_DAY })?.granted ?? 0;
      tallyGrant(want, granted, counters, refusals);
    }
    for (const r of counters.values())
      if (r.count > 0) addCount.run(r.day, r.flow, r.version, r.kind, r.item, r.count);
    for (const r of refusals.values()) if (r.refused > 0) addRefusal.run(r.day, r.flow, r.refused);
    return { counted: fresh.length };
  });
  const prune = db.transaction((day: string): number => {
    deleteBatches.run(day);
    deleteRefusals.run(day);
    return deleteCounts.run(day).changes;
  });

  // Run inside the group transaction (BEGIN IMMEDIATE, see groupCommit): it takes the write lock
  // before the read, so two processes sharing the file cannot both miss the key and insert twice.
  // Its own db.transaction is a savepoint there, so a failed create leaves the batch's other writes.
  // The same lock makes the business match safe: a concurrent create of the same business waits,
  // then finds this one's lead.
  const create = db.transaction(
    (data: ProspectInput, key: string | undefined, since: Date | undefined): CreateResult => {
      const business = leadBusiness(data) ?? null;
      const at = now();
      // The business first: a key's correction onto a business another lead holds lands on that
      // lead, so no create ever leaves one business stored twice.
      const landed =
        (since !== undefined && business !== null
          ? selectBusiness.get(business, since.toISOString(), INITIAL_ESTADO)
          : undefined) ?? (key !== undefined ? selectKey.get(key) : undefined);
      if (landed) {
        const corrected = correctedLead(JSON.parse(landed.data) as ProspectInput, data);
        updateData.get(JSON.stringify(corrected), leadBusiness(corrected) ?? null, at, landed.id);
        if (key !== undefined) insertKey.run(key, landed.id, at);
        return { id: landed.id, estado: landed.estado, replayed: true };
      }
      const id = randomUUID();
      insertProspect.run(id, INITIAL_ESTADO, JSON.stringify(data), business, at, at);
      if (key !== undefined) insertKey.run(key, id, at);
      return { id, estado: INITIAL_ESTADO, replayed: false };
    },
  );

  const hit = memoryRateLimiter();
  const writes = groupCommit(db);

  return {
    kind: 'sqlite',
    sqlite: db,
    createProspect: (data, key, since) => writes.write(() => create(data, key, since)),
    updateProspect: (id, data) => {
      const text = JSON.stringify(data);
      const business = leadBusiness(data) ?? null;
      return writes.write(() => updateData.get(text, business, now(), id));
    },
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
      writes.write(() => ({ created: insertSubscriber.run(email, now()).changes === 1 })),
    recordFlowCounts: (beacons) => writes.write(() => countBeacons(beacons)),
    listFlowCounts: (from, to) => guarded(() => selectCounts.all(from, to)),
    listFlowCountRefusals: (from, to) => guarded(() => selectRefusals.all(from, to)),
    pruneFlowCounts: (day) => writes.write(() => prune(day)),
    pruneFlowCountQuotas: (day) =>
      writes.write(() => {
        deleteQuotas.run(day);
      }),
    ping: () =>
      guarded(() => {
        selectOne.get();
      }),
    close: async () => {
      if (!db.open) return;
      writes.flush();
      db.close();
    },
  };
}
