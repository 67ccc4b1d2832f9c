/**
 * PostgreSQL storage (node-postgres pool), for deployments where several server processes share
 * leads, idempotency keys and rate limits. Chosen with DATABASE_URL=postgres://… (docs/deployment.md).
 */
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { FLOW_COUNTS_PER_ADDRESS_PER_DAY } from '../../src/domain/flow-counts';
import type { ProspectCreated, ProspectInput } from '../../src/domain/prospect';
import { cappedCounts, quotaKey, tallyGrant, type QuotaRequest } from './flow-caps';
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
  type RateLimitHit,
  type Storage,
  type StoredProspect,
  type UnavailableReason,
} from './types';

/** Each entry migrates the schema from version `index` to `index + 1`. Never edit a released entry. */
export const POSTGRES_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE prospectos (
    seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
    id text PRIMARY KEY,
    estado text NOT NULL,
    data jsonb NOT NULL CHECK (jsonb_typeof(data) = 'object'),
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  );
  CREATE TABLE idempotency (
    key text PRIMARY KEY,
    prospect_id text NOT NULL REFERENCES prospectos (id),
    created_at timestamptz NOT NULL
  );
  CREATE TABLE cotizaciones (
    currency text PRIMARY KEY CHECK (currency ~ '^[A-Z]{3}$'),
    rate double precision NOT NULL CHECK (rate > 0),
    updated_at timestamptz NOT NULL
  );
  -- Counters lost in a database crash only reset some windows early: not worth the WAL writes.
  CREATE UNLOGGED TABLE rate_limits (
    key text PRIMARY KEY,
    reset_at timestamptz NOT NULL,
    hits integer NOT NULL
  );
  `,
  `
  CREATE TABLE newsletter (
    email text PRIMARY KEY CHECK (email = lower(email)),
    created_at timestamptz NOT NULL
  );
  `,
  `
  CREATE TABLE flow_counts (
    day date NOT NULL,
    flow text NOT NULL,
    version text NOT NULL,
    kind text NOT NULL CHECK (kind IN ('state', 'transition')),
    item text NOT NULL,
    count bigint NOT NULL CHECK (count > 0),
    PRIMARY KEY (day, flow, version, kind, item)
  );
  CREATE TABLE flow_batches (
    batch text PRIMARY KEY,
    day date NOT NULL
  );
  CREATE INDEX flow_batches_day ON flow_batches (day);
  `,
  // The business of each lead (leadBusiness), filled by backfillBusiness for the rows before it.
  `
  ALTER TABLE prospectos ADD COLUMN business text;
  CREATE INDEX prospectos_business ON prospectos (business, created_at);
  `,
];

/**
 * Advisory lock classes (the first half of pg_advisory_xact_lock's two keys) of a create: one per
 * idempotency key, one per business. A create takes its key's lock before its business's, so two
 * creates never wait on each other in a circle.
 */
const KEY_LOCK_CLASS = 7_140_115;
const BUSINESS_LOCK_CLASS = 7_140_116;

/**
 * Fills the business of the leads that have none: those stored before the column existed, and
 * those a server of an older version stored during a rolling restart. Runs under the migration
 * lock; the rule is TypeScript (shared with the browser), so the rows go through this process.
 */
async function backfillBusiness(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ id: string; data: unknown }>(
    'SELECT id, data FROM prospectos WHERE business IS NULL',
  );
  const filled = rows.flatMap((row) => {
    const business = leadBusiness(row.data);
    return business === undefined ? [] : [{ id: row.id, business }];
  });
  if (filled.length === 0) return;
  await client.query(
    `UPDATE prospectos p SET business = f.business
     FROM unnest($1::text[], $2::text[]) AS f (id, business) WHERE p.id = f.id`,
    [filled.map((f) => f.id), filled.map((f) => f.business)],
  );
}

/** Serialises migrations of processes starting together (any constant shared by them all). */
const MIGRATION_LOCK_ID = 7_140_114;

export interface PostgresOptions {
  /** Connections per process. */
  poolMax?: number;
  /** A statement waiting this long for a row or table lock gives up: the API answers 503. */
  lockTimeoutMs?: number;
  /** Any statement running this long is cancelled: the API answers 503. */
  statementTimeoutMs?: number;
  /** Waiting this long for a free connection or a new one answers 503. */
  connectionTimeoutMs?: number;
  /** Called with errors of idle connections (the pool replaces them); they must not crash the process. */
  onIdleError?: (error: Error) => void;
}

export const POSTGRES_DEFAULTS = {
  poolMax: 10,
  lockTimeoutMs: 5000,
  statementTimeoutMs: 10_000,
  connectionTimeoutMs: 5000,
} as const;

/** SQLSTATE classes and codes a later retry can get past (PostgreSQL manual, appendix A). */
function reasonForSqlState(code: string): UnavailableReason | undefined {
  if (code === '53100') return 'full';
  if (code.startsWith('08') || code.startsWith('57P') || code.startsWith('58') || code === '25006') {
    return 'unreachable';
  }
  if (code.startsWith('53') || code.startsWith('40') || code === '55P03' || code === '57014') return 'busy';
  return undefined;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOENT',
]);
/** node-postgres messages for a lost, refused or exhausted connection (they carry no code). */
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|not queryable|Client was closed/i;

function unavailableReason(error: unknown): UnavailableReason | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && SQLSTATE.test(code)) return reasonForSqlState(code);
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return 'unreachable';
  return CONNECTION_MESSAGES.test(error.message) ? 'unreachable' : undefined;
}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const reason = unavailableReason(error);
    throw reason ? new StorageUnavailableError(reason, { cause: error }) : error;
  }
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** A lead a create lands on: by its key or its business. */
interface LandedRow {
  id: string;
  estado: string;
  data: ProspectInput;
  business: string | null;
}

/** A text as a signed 32-bit integer (FNV-1a), the second key of a two-key advisory lock. */
function lockHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash | 0;
}

interface ProspectRow {
  seq: string;
  id: string;
  estado: string;
  data: ProspectInput;
  created_at: string;
  updated_at: string;
}

/** Runs the pending migrations and seeds the rates, once, whatever the number of processes starting. */
async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL)',
    );
    const { rows } = await client.query<{ v: number }>(
      'SELECT coalesce(max(version), 0)::integer AS v FROM schema_migrations',
    );
    const current = rows[0]?.v ?? 0;
    if (current > POSTGRES_MIGRATIONS.length) {
      throw new Error(
        `La base de datos tiene la versión de esquema ${current}, más nueva que la que conoce este servidor (${POSTGRES_MIGRATIONS.length}).`,
      );
    }
    for (let version = current; version < POSTGRES_MIGRATIONS.length; version++) {
      await client.query(POSTGRES_MIGRATIONS[version] ?? '');
      await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, now())', [
        version + 1,
      ]);
    }
    await backfillBusiness(client);
    const seeds = Object.entries(SEED_RATES);
    await client.query(
      `INSERT INTO cotizaciones (currency, rate, updated_at)
       SELECT c, r, now() FROM unnest($1::text[], $2::float8[]) AS s (c, r)
       WHERE NOT EXISTS (SELECT 1 FROM cotizaciones)`,
      [seeds.map(([c]) => c), seeds.map(([, r]) => r)],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The tables of the per-address daily cap on the flows' counters, created when missing, beside the
 * numbered migrations rather than in them: they are new tables nothing else refers to, so a
 * database of any schema version takes them. `flow_count_quota` holds, per day, client (a one-way
 * hash) and counter, what that client added (`used`) and what the last write was granted
 * (`granted`, returned by the write that set it); only the current day's rows are of use, and a
 * database crash losing them (UNLOGGED, like the rate limits) only restarts a day's caps.
 * `flow_count_refusals` is what the cap kept out, per day and flow, for the explorer.
 */
const POSTGRES_FLOW_CAP_TABLES = `
  CREATE UNLOGGED TABLE IF NOT EXISTS flow_count_quota (
    day date NOT NULL,
    client text NOT NULL,
    flow text NOT NULL,
    version text NOT NULL,
    kind text NOT NULL,
    item text NOT NULL,
    used bigint NOT NULL CHECK (used >= 0),
    granted bigint NOT NULL CHECK (granted >= 0),
    PRIMARY KEY (day, client, flow, version, kind, item)
  );
  CREATE TABLE IF NOT EXISTS flow_count_refusals (
    day date NOT NULL,
    flow text NOT NULL,
    refused bigint NOT NULL CHECK (refused > 0),
    PRIMARY KEY (day, flow)
  );
`;

/** Creates the cap's tables once, under the migrations' lock (processes starting together). */
async function createFlowCapTables(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await client.query(POSTGRES_FLOW_CAP_TABLES);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Opens the pool and brings the schema up to date. */
export async function openPostgresStorage(url: string, options: PostgresOptions = {}): Promise<Storage> {
  const settings = { ...POSTGRES_DEFAULTS, ...options };
  const pool = new pg.Pool({
    connectionString: url,
    max: settings.poolMax,
    connectionTimeoutMillis: settings.connectionTimeoutMs,
    idleTimeoutMillis: 30_000,
    statement_timeout: settings.statementTimeoutMs,
    lock_timeout: settings.lockTimeoutMs,
    application_name: 'tienda-online-site',
  });
  pool.on('error', (error) => options.onIdleError?.(error));
  try {
    await guarded(() => migrate(pool));
    await guarded(() => createFlowCapTables(pool));
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }

  /**
   * One transaction per create, holding the advisory locks of its key and its business: a
   * concurrent create of the same key or business, on any process, waits until this one commits,
   * then finds its lead. The lookup runs after the locks are held, so it sees every commit before
   * them. Few round trips while the locks are held: every one of them is a wait for the others.
   */
  async function createProspect(data: ProspectInput, key?: string, since?: Date): Promise<CreateResult> {
    const business = leadBusiness(data) ?? null;
    const matchBusiness = since !== undefined && business !== null;
    // Lock keys are numbers (hashed here), so they go into the statement text safely.
    const locks = [
      ...(key !== undefined ? [`pg_advisory_xact_lock(${KEY_LOCK_CLASS}, ${lockHash(key)})`] : []),
      ...(matchBusiness ? [`pg_advisory_xact_lock(${BUSINESS_LOCK_CLASS}, ${lockHash(business)})`] : []),
    ];
    const client = await pool.connect();
    try {
      await client.query(locks.length > 0 ? `BEGIN; SELECT ${locks.join(', ')}` : 'BEGIN');
      const { rows: found } = await client.query<LandedRow>(
        // The business first, as in SQLite: a key's correction onto a business another lead holds
        // lands on that lead, so no create ever leaves one business stored twice.
        `SELECT id, estado, data, business FROM prospectos WHERE id = coalesce(
           (SELECT id FROM prospectos WHERE $2 AND business = $3::text AND created_at >= $4::timestamptz
              AND estado = $5 ORDER BY created_at, seq LIMIT 1),
           (SELECT prospect_id FROM idempotency WHERE key = $1::text)
         ) FOR UPDATE`,
        [key ?? null, matchBusiness, business, since ?? null, INITIAL_ESTADO],
      );
      const landed = found[0];
      let result: CreateResult;
      if (landed !== undefined) {
        const corrected = correctedLead(landed.data, data);
        const correctedBusiness = leadBusiness(corrected) ?? null;
        // A retry or a second tab with the same data writes nothing: no commit to wait for.
        const changed = !isDeepStrictEqual(corrected, landed.data) || correctedBusiness !== landed.business;
        await client.query(
          `WITH u AS (
             UPDATE prospectos SET data = $1::jsonb, business = $2, updated_at = now() WHERE id = $3 AND $4
           )
           INSERT INTO idempotency (key, prospect_id, created_at)
           SELECT $5::text, $3, now() WHERE $5::text IS NOT NULL ON CONFLICT (key) DO NOTHING`,
          [JSON.stringify(corrected), correctedBusiness, landed.id, changed, key ?? null],
        );
        result = { id: landed.id, estado: landed.estado, replayed: true };
      } else {
        // The foreign key of the idempotency row is checked at the end of the statement.
        const { rows } = await client.query<ProspectCreated>(
          `WITH p AS (
             INSERT INTO prospectos (id, estado, data, business, created_at, updated_at)
             VALUES ($1, $2, $3::jsonb, $4, now(), now()) RETURNING id, estado
           ), k AS (
             INSERT INTO idempotency (key, prospect_id, created_at)
             SELECT $5::text, p.id, now() FROM p WHERE $5::text IS NOT NULL
           )
           SELECT id, estado FROM p`,
          [randomUUID(), INITIAL_ESTADO, JSON.stringify(data), business, key ?? null],
        );
        const row = rows[0];
        if (!row) throw new Error('INSERT sin fila devuelta');
        result = { ...row, replayed: false };
      }
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  let hits = 0;
  /** Every this many hits one process drops the windows that have ended. */
  const SWEEP_EVERY = 1000;

  async function hitRateLimit(key: string, windowMs: number): Promise<RateLimitHit> {
    const { rows } = await pool.query<{ hits: number; remaining_ms: number }>(
      `INSERT INTO rate_limits AS r (key, reset_at, hits)
       VALUES ($1, now() + $2 * interval '1 millisecond', 1)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
         reset_at = CASE WHEN r.reset_at <= now() THEN excluded.reset_at ELSE r.reset_at END
       RETURNING hits, (extract(epoch FROM r.reset_at - now()) * 1000)::float8 AS remaining_ms`,
      [key, windowMs],
    );
    if (++hits % SWEEP_EVERY === 0) {
      await pool.query('DELETE FROM rate_limits WHERE reset_at < now()');
    }
    const row = rows[0];
    return { count: row?.hits ?? 1, resetAt: Date.now() + Math.max(0, row?.remaining_ms ?? windowMs) };
  }

  /**
   * All the beacons of a flush in one transaction: their batch ids are inserted first, and only
   * the new ones' counts, summed here, go into the counters, so a retried beacon, on this process
   * or another, counts once, and each counter row is written once per flush (one write per beacon
   * would queue every beacon on the same rows).
   */
  async function recordFlowCounts(beacons: readonly FlowBeacon[]): Promise<{ counted: number }> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows: fresh } = await client.query<{ batch: string }>(
        `INSERT INTO flow_batches (batch, day)
         SELECT batch, day FROM jsonb_to_recordset($1::jsonb) AS x(batch text, day date)
         ON CONFLICT (batch) DO NOTHING
         RETURNING batch`,
        [JSON.stringify(beacons.map((b) => ({ batch: b.batch, day: b.day })))],
      );
      const counted = new Set(fresh.map((r) => r.batch));
      const { wanted, counters, refusals } = cappedCounts(beacons.filter((b) => counted.has(b.batch)));
      if (wanted.length > 0) {
        // The SET expressions read the row as it was: `granted` is what this write could still add.
        // Rows go in the order of `wanted`, so two processes lock shared rows in the same order.
        const { rows: grants } = await client.query<Omit<QuotaRequest, 'wanted'> & { granted: string }>(
          `INSERT INTO flow_count_quota AS q (day, client, flow, version, kind, item, used, granted)
           SELECT day, client, flow, version, kind, item, least(wanted, $2), least(wanted, $2)
           FROM jsonb_to_recordset($1::jsonb)
             AS r(n integer, day date, client text, flow text, version text, kind text, item text, wanted bigint)
           ORDER BY n
           ON CONFLICT (day, client, flow, version, kind, item) DO UPDATE SET
             granted = least($2, q.used + excluded.used) - q.used,
             used = least($2, q.used + excluded.used)
           RETURNING to_char(day, 'YYYY-MM-DD') AS day, client, flow, version, kind, item, granted`,
          [JSON.stringify(wanted.map((w, n) => ({ n, ...w }))), FLOW_COUNTS_PER_ADDRESS_PER_DAY],
        );
        const granted = new Map(grants.map((g) => [quotaKey(g), Number(g.granted)]));
        for (const request of wanted)
          tallyGrant(request, granted.get(quotaKey(request)) ?? 0, counters, refusals);
      }
      const rows = [...counters.values()].filter((r) => r.count > 0);
      if (rows.length > 0) {
        await client.query(
          `INSERT INTO flow_counts AS c (day, flow, version, kind, item, count)
           SELECT day, flow, version, kind, item, count FROM jsonb_to_recordset($1::jsonb)
             AS r(day date, flow text, version text, kind text, item text, count bigint)
           ON CONFLICT (day, flow, version, kind, item) DO UPDATE SET count = c.count + excluded.count`,
          [JSON.stringify(rows)],
        );
      }
      const kept = [...refusals.values()].filter((r) => r.refused > 0);
      if (kept.length > 0) {
        await client.query(
          `INSERT INTO flow_count_refusals AS f (day, flow, refused)
           SELECT day, flow, refused FROM jsonb_to_recordset($1::jsonb) AS r(day date, flow text, refused bigint)
           ON CONFLICT (day, flow) DO UPDATE SET refused = f.refused + excluded.refused`,
          [JSON.stringify(kept)],
        );
      }
      await client.query('COMMIT');
      return { counted: counted.size };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  let closed = false;

  return {
    kind: 'postgres',
    createProspect: (data, key, since) => guarded(() => createProspect(data, key, since)),
    updateProspect: (id, data) =>
      guarded(async () => {
        const { rows } = await pool.query<ProspectCreated>(
          `UPDATE prospectos SET data = $1::jsonb, business = $2, updated_at = now() WHERE id = $3
           RETURNING id, estado`,
          [JSON.stringify(data), leadBusiness(data) ?? null, id],
        );
        return rows[0];
      }),
    listProspects: (afterSeq, limit) =>
      guarded(async () => {
        const { rows } = await pool.query<ProspectRow>(
          `SELECT seq::text AS seq, id, estado, data,
                  to_char(created_at AT TIME ZONE 'UTC', ${ISO}) AS created_at,
                  to_char(updated_at AT TIME ZONE 'UTC', ${ISO}) AS updated_at
           FROM prospectos WHERE prospectos.seq > $1 ORDER BY prospectos.seq LIMIT $2`,
          [afterSeq, limit],
        );
        return rows.map((row): StoredProspect => ({
          seq: Number(row.seq),
          id: row.id,
          estado: row.estado,
          data: row.data,
          createdAt: row.created_at,
          updatedAt: row.updated_at,
        }));
      }),
    getRate: (currency) =>
      guarded(async () => {
        const { rows } = await pool.query<{ rate: number }>(
          'SELECT rate FROM cotizaciones WHERE currency = $1',
          [currency],
        );
        return rows[0]?.rate;
      }),
    setRate: (currency, rate) => {
      assertRate(currency, rate);
      return guarded(async () => {
        await pool.query(
          `INSERT INTO cotizaciones (currency, rate, updated_at) VALUES ($1, $2, now())
           ON CONFLICT (currency) DO UPDATE SET rate = excluded.rate, updated_at = excluded.updated_at`,
          [currency, rate],
        );
      });
    },
    hitRateLimit: (key, windowMs) => guarded(() => hitRateLimit(key, windowMs)),
    subscribeNewsletter: (email) =>
      guarded(async () => {
        const { rowCount } = await pool.query(
          'INSERT INTO newsletter (email, created_at) VALUES ($1, now()) ON CONFLICT (email) DO NOTHING',
          [email],
        );
        return { created: rowCount === 1 };
      }),
    recordFlowCounts: (beacons) => guarded(() => recordFlowCounts(beacons)),
    listFlowCounts: (from, to) =>
      guarded(async () => {
        const { rows } = await pool.query<FlowCountRow>(
          `SELECT to_char(day, 'YYYY-MM-DD') AS day, flow, version, kind, item, count::integer AS count
           FROM flow_counts WHERE day >= $1::date AND day <= $2::date
           ORDER BY day, flow, version, kind, item`,
          [from, to],
        );
        return rows;
      }),
    listFlowCountRefusals: (from, to) =>
      guarded(async () => {
        const { rows } = await pool.query<FlowCountRefusal>(
          `SELECT to_char(day, 'YYYY-MM-DD') AS day, flow, refused::float8 AS refused
           FROM flow_count_refusals WHERE day >= $1::date AND day <= $2::date ORDER BY day, flow COLLATE "C"`,
          [from, to],
        );
        return rows;
      }),
    pruneFlowCountQuotas: (day) =>
      guarded(async () => {
        await pool.query('DELETE FROM flow_count_quota WHERE day < $1::date', [day]);
      }),
    pruneFlowCounts: (day) =>
      guarded(async () => {
        await pool.query('DELETE FROM flow_batches WHERE day < $1::date', [day]);
        await pool.query('DELETE FROM flow_count_refusals WHERE day < $1::date', [day]);
        const { rowCount } = await pool.query('DELETE FROM flow_counts WHERE day < $1::date', [day]);
        return rowCount ?? 0;
      }),
    ping: () =>
      guarded(async () => {
        await pool.query('SELECT 1');
      }),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
