/**
 * The one storage interface of the local API. SQLite (embedded default, ./sqlite.ts) and PostgreSQL
 * (DATABASE_URL, ./postgres.ts) implement it; routes and CLIs only see this file.
 */
import { businessIdentity } from '../../src/domain/lead-key';
import { serializeInfoEmpresa, type ProspectCreated, type ProspectInput } from '../../src/domain/prospect';
import { parseInfoEmpresa } from '../../src/domain/prospect-schema';

type StorageKind = 'sqlite' | 'postgres';

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

export interface CreateResult extends ProspectCreated {
  /**
   * True when the create landed on a lead already stored (its Idempotency-Key seen before, or the
   * same business): that lead's id is returned and the create's data corrected it.
   */
  replayed: boolean;
}

/**
 * The business a stored lead is (src/domain/lead-key.ts), kept in its own indexed column; undefined
 * for data that names none (a row written outside the API).
 */
export function leadBusiness(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { nombreEmpresa, whatsapp } = data as Record<string, unknown>;
  if (typeof nombreEmpresa !== 'string' || typeof whatsapp !== 'string') return undefined;
  return businessIdentity({ nombreEmpresa, whatsapp });
}

/**
 * A create that lands on a stored lead corrects it: what the create carries replaces what is
 * stored, and what it does not carry (an e-mail left out, a campaign, the answers of steps 2-4
 * sent since by updates) is kept. A visit to the demo, once recorded, stays recorded: a create
 * always says false, since it is sent before the demo can be seen.
 */
export function correctedLead(stored: ProspectInput, create: ProspectInput): ProspectInput {
  const before = parseInfoEmpresa(stored.infoEmpresa) ?? {};
  const after = parseInfoEmpresa(create.infoEmpresa) ?? {};
  const info = { ...before, ...after };
  if (before.visitoDemo === true) info.visitoDemo = true;
  const carried = Object.fromEntries(Object.entries(create).filter(([, value]) => value !== undefined));
  return { ...stored, ...carried, infoEmpresa: serializeInfoEmpresa(info) };
}

export interface StoredProspect {
  /** Position in creation order; pass the last one seen to listProspects to page on. */
  seq: number;
  id: string;
  estado: string;
  data: ProspectInput;
  /** ISO 8601, UTC. */
  createdAt: string;
  updatedAt: string;
}

export interface RateLimitHit {
  /** Hits of this key in the current window, this one included. */
  count: number;
  /** When the window ends (epoch milliseconds). */
  resetAt: number;
}

/** One daily counter of real visitors' flows: a state entered or a transition taken, so many times. */
export interface FlowCountRow {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** The machine's id. */
  flow: string;
  /** The machine's version (its graph's signature). */
  version: string;
  kind: 'state' | 'transition';
  /** The state's id or the transition's key. */
  item: string;
  count: number;
}

/** One beacon's counts, as the API hands them to the storage. */
export interface FlowBeacon {
  batch: string;
  /** The UTC day it arrived, YYYY-MM-DD. */
  day: string;
  /**
   * Who sent it, as a one-way hash of the client address and the day (server/flow-counts.ts
   * clientOfDay): what one sender may add to a counter in a day is capped by it.
   */
  client: string;
  rows: readonly Omit<FlowCountRow, 'day'>[];
}

/** What a day's per-address cap kept out of one flow's counters. */
export interface FlowCountRefusal {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  flow: string;
  /** Entries and transitions not counted. */
  refused: number;
}

export interface Storage {
  readonly kind: StorageKind;
  /**
   * Stores a prospect, or lands on one already stored: the one of an idempotency key already seen
   * (by any process sharing the database, before or after a restart) or, with `sameBusinessSince`,
   * the first lead of the same business (leadBusiness) created since then and still in its initial
   * estado. A lead landed on is corrected with the data (correctedLead) and its id returned, with
   * `replayed`. Concurrent creates of one key or one business, on any process, make one lead.
   */
  createProspect(
    data: ProspectInput,
    idempotencyKey?: string,
    sameBusinessSince?: Date,
  ): Promise<CreateResult>;
  /** Replaces the data of the prospect with exactly this id (its business follows); undefined when there is none. */
  updateProspect(id: string, data: ProspectInput): Promise<ProspectCreated | undefined>;
  /** Up to `limit` prospects in creation order after position `afterSeq` (0 for the first page). */
  listProspects(afterSeq: number, limit: number): Promise<StoredProspect[]>;
  getRate(currency: string): Promise<number | undefined>;
  setRate(currency: string, rate: number): Promise<void>;
  /**
   * Counts one hit of `key` in a fixed window of `windowMs`. PostgreSQL keeps the counters in the
   * database so every process sharing it sees the same count; SQLite keeps them in this process.
   */
  hitRateLimit(key: string, windowMs: number): Promise<RateLimitHit>;
  /** Resolves when the database answers a trivial query; throws StorageUnavailableError otherwise. */
  ping(): Promise<void>;
  /**
   * Adds an address (already validated and in lower case) to the newsletter list, once: an address
   * already there, also one added at the same moment by another process, resolves { created: false }.
   */
  subscribeNewsletter(email: string): Promise<{ created: boolean }>;
  /**
   * Adds beacons' counts to the days' counters in one write, each beacon once per batch id: a batch
   * already counted (by any process sharing the database) adds nothing. What one client adds to a
   * counter in a day stops at FLOW_COUNTS_PER_ADDRESS_PER_DAY (src/domain/flow-counts.ts), counted in the database (so the
   * cap holds across processes); the rest is added to the day's refusals. Resolves how many
   * beacons counted.
   */
  recordFlowCounts(beacons: readonly FlowBeacon[]): Promise<{ counted: number }>;
  /** The counters of the days from `from` to `to` (YYYY-MM-DD, both included). */
  listFlowCounts(from: string, to: string): Promise<FlowCountRow[]>;
  /** What the per-address cap refused on the days from `from` to `to`, per day and flow. */
  listFlowCountRefusals(from: string, to: string): Promise<FlowCountRefusal[]>;
  /**
   * Deletes the counters, refusals and batch ids of the days before `day`; resolves how many
   * counters went.
   */
  pruneFlowCounts(day: string): Promise<number>;
  /** Deletes what each client added per counter on the days before `day` (only a day's cap needs it). */
  pruneFlowCountQuotas(day: string): Promise<void>;
  close(): Promise<void>;
}

export type UnavailableReason = 'busy' | 'full' | 'unreachable';

/**
 * The database cannot take the request right now (locked, disk full, connection lost). The API
 * answers 503 with Retry-After; the same request retried later succeeds, and an idempotent create
 * retried with its key stores one lead.
 */
export class StorageUnavailableError extends Error {
  constructor(
    readonly reason: UnavailableReason,
    options?: { cause?: unknown },
  ) {
    super(`storage unavailable: ${reason}`, options);
    this.name = 'StorageUnavailableError';
  }
}

export function assertRate(currency: string, rate: number): void {
  if (!CURRENCY_CODE_PATTERN.test(currency)) throw new Error(`Código de moneda inválido: ${currency}`);
  if (!Number.isFinite(rate) || rate <= 0) throw new Error(`Cotización inválida: ${rate}`);
}
