/**
 * POST {api}/flow-events: a page's beacon of real visitors' counts on the flows' statecharts
 * (issue #40; the batch and its check: src/domain/flow-counts.ts). Every name in it is checked
 * against the flow catalogue of the build this server serves (flow-catalogue.json, written by
 * `npm run build`) or of a build before it still kept (a page open across a deploy); a known
 * bot's beacon, or one without a User-Agent, is dropped without a word; a batch id already counted
 * adds nothing; one client address adds at most FLOW_COUNTS_PER_ADDRESS_PER_DAY to a counter in a
 * day, the rest being kept as the day's refused events; the beacons of about a second are added to
 * the counters in one write. What is kept are daily counters only, never the beacon: no time of
 * day, nothing a visitor typed, and no address (the cap keeps a one-way hash of it and the day, for
 * that day only). Counters older than the retention are deleted as the day turns. GET {api}/flow-counts reads them back, summed over a
 * period per flow and version.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isbot } from 'isbot';
import {
  FLOW_VERSION_PATTERN,
  validateFlowCounts,
  type FlowCountsBatch,
  type FlowCountsCatalogue,
  type FlowVersionGraph,
} from '../src/domain/flow-counts';
import { followBuildFiles } from './build-files';
import { HttpError, invalidData } from './errors';
import { flowsGuard, type FlowsAccess } from './flows-login';
import { acceptOnly, clientKey, writeLimiter, type RateLimitRule } from './guards';
import { methodRoutes } from './routes';
import type { FlowBeacon, FlowCountRefusal, FlowCountRow, Storage } from './storage/types';

/** The build's flow catalogue, beside routes-manifest.json (never served as a file). */
export const FLOW_CATALOGUE_FILE = 'flow-catalogue.json';

/**
 * The flows' versions of the builds before this one that open pages may still run, beside it
 * (written by scripts/keep-previous-assets.ts; never served as a file):
 * `{ flows: { <machine id>: [{ version, states, transitions, retiredAt }] } }`.
 */
export const PREVIOUS_FLOW_CATALOGUES_FILE = 'flow-catalogue-previous.json';

export const FLOW_EVENTS_PATH = '/flow-events';
export const FLOW_COUNTS_PATH = '/flow-counts';

/** Days a read covers when it names no period: the week ending today. */
export const DEFAULT_FLOW_COUNTS_PERIOD_DAYS = 7;

/** Beacons per client address: a page sends one when hidden or left, and one per full batch. */
export const DEFAULT_FLOW_EVENTS_RATE_LIMIT: RateLimitRule = { max: 60, timeWindowMs: 60_000 };

/** Days the counters are kept by default (a year and a month: a period compares with last year's). */
export const DEFAULT_FLOW_COUNTS_RETENTION_DAYS = 400;

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** One version's graph as a catalogue file holds it, or undefined when it is not that shape. */
function versionGraph(value: unknown): { version: string; graph: FlowVersionGraph } | undefined {
  const { version, states, transitions } = (value ?? {}) as Record<string, unknown>;
  if (typeof version !== 'string' || !FLOW_VERSION_PATTERN.test(version)) return undefined;
  if (!Array.isArray(states) || !Array.isArray(transitions)) return undefined;
  return {
    version,
    graph: {
      states: new Set(states.filter((s): s is string => typeof s === 'string')),
      transitions: new Set(transitions.filter((t): t is string => typeof t === 'string')),
    },
  };
}

function objectOf(value: unknown): Record<string, unknown> {
  const flows = (value as { flows?: unknown } | null | undefined)?.flows;
  return typeof flows === 'object' && flows !== null && !Array.isArray(flows)
    ? (flows as Record<string, unknown>)
    : {};
}

/**
 * The catalogue a build wrote (see scripts/flow-catalogue.ts) with the versions of the builds
 * before it that are still kept, as sets for the check; undefined while the build's own catalogue
 * cannot be read (missing, or half written by a build in progress).
 */
function readCatalogueFiles(distDir: string): FlowCountsCatalogue | undefined {
  const own = readJson(path.join(distDir, FLOW_CATALOGUE_FILE));
  if (own === undefined) return undefined;
  const flows: Record<string, Map<string, FlowVersionGraph>> = Object.create(null);
  const add = (id: string, value: unknown) => {
    const read = versionGraph(value);
    if (!read) return;
    const versions = (flows[id] ??= new Map());
    if (!versions.has(read.version)) versions.set(read.version, read.graph);
  };
  // The current build first: its graph is the one a version has if a file ever disagreed.
  for (const [id, value] of Object.entries(objectOf(own))) add(id, value);
  const previous = objectOf(readJson(path.join(distDir, PREVIOUS_FLOW_CATALOGUES_FILE)));
  for (const [id, versions] of Object.entries(previous)) {
    if (Array.isArray(versions)) for (const value of versions) add(id, value);
  }
  return { flows };
}

const NO_FLOWS: FlowCountsCatalogue = { flows: {} };

/**
 * The flow catalogue of the build in distDir, kept in step with it: `flows` is read again when the
 * build's catalogue files change (a deploy, or a build made in place, under a running server), so
 * the new pages' beacons count from their first one (./build-files.ts). A catalogue that cannot be
 * read keeps the one read before; without any, every flow is missing and every beacon refused.
 */
export function readFlowCatalogue(distDir: string): FlowCountsCatalogue {
  const current = followBuildFiles(
    [path.join(distDir, FLOW_CATALOGUE_FILE), path.join(distDir, PREVIOUS_FLOW_CATALOGUES_FILE)],
    () => readCatalogueFiles(distDir),
  );
  return {
    get flows() {
      return (current() ?? NO_FLOWS).flows;
    },
  };
}

/**
 * Who sent a beacon, as the per-address daily cap needs it: a one-way hash of the client's address
 * key (an IPv6 client's /64, server/guards.ts) and the day, so the database never holds the address
 * and one day's rows cannot be joined with another's. Only the day's rows are kept.
 */
export function clientOfDay(address: string, day: string): string {
  return createHash('sha256')
    .update(`${day}\n${clientKey(address)}`)
    .digest('base64url')
    .slice(0, 22);
}

/**
 * A User-Agent that says it is a crawler or a tool, or says nothing: every browser sends one, so
 * a beacon without it is a script's.
 */
export function isBotAgent(userAgent: string | undefined): boolean {
  return userAgent === undefined || userAgent.trim() === '' || isbot(userAgent);
}

/** The day a counter adds to: the server's UTC date, never the page's clock. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD that is a day of the calendar (2026-02-30 is not). */
function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && utcDay(date) === value;
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return utcDay(date);
}

/** Days from `from` to `to`, both included. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** One (flow, version)'s counts over a period, as GET {api}/flow-counts answers them. */
export interface FlowCountsSummary {
  flujo: string;
  version: string;
  primerDia: string;
  ultimoDia: string;
  estados: Record<string, number>;
  transiciones: Record<string, number>;
}

/** A day of a flow whose counts the per-address daily cap kept short, and by how much. */
export interface FlowCountsCapped {
  dia: string;
  flujo: string;
  /** States entered and transitions taken that were not counted. */
  descartados: number;
}

export interface FlowCountsPeriod {
  desde: string;
  hasta: string;
  flujos: FlowCountsSummary[];
  /** The days of the period with counts left out by the cap, per flow, by day. */
  recortes: FlowCountsCapped[];
}

/** The storage's refusals as the read answers them. */
export function cappedDays(refusals: readonly FlowCountRefusal[]): FlowCountsCapped[] {
  return refusals
    .filter((r) => r.refused > 0)
    .map((r) => ({ dia: r.day, flujo: r.flow, descartados: r.refused }))
    .sort((a, b) =>
      a.dia < b.dia ? -1 : a.dia > b.dia ? 1 : a.flujo < b.flujo ? -1 : a.flujo > b.flujo ? 1 : 0,
    );
}

/**
 * The period a read asks for, or the Spanish problems with it. Without `desde` and `hasta` it is
 * the week ending `today`; with one of them, the week from or up to it.
 */
export function readPeriod(
  query: { desde?: unknown; hasta?: unknown },
  today: string,
  retentionDays: number,
): { ok: true; desde: string; hasta: string } | { ok: false; campos: { campo: string; mensaje: string }[] } {
  const campos: { campo: string; mensaje: string }[] = [];
  for (const campo of ['desde', 'hasta'] as const) {
    if (query[campo] !== undefined && !isDay(query[campo]))
      campos.push({
        campo,
        mensaje: `La fecha «${campo}» debe ser un día del calendario con la forma AAAA-MM-DD, por ejemplo ${today}.`,
      });
  }
  if (campos.length > 0) return { ok: false, campos };
  const span = DEFAULT_FLOW_COUNTS_PERIOD_DAYS - 1;
  const given = query as { desde?: string; hasta?: string };
  const hasta = given.hasta ?? (given.desde === undefined ? today : addDays(given.desde, span));
  const desde = given.desde ?? addDays(hasta, -span);
  if (hasta < desde)
    return {
      ok: false,
      campos: [{ campo: 'hasta', mensaje: 'La fecha «hasta» no puede ser anterior a «desde».' }],
    };
  if (daysBetween(desde, hasta) > retentionDays)
    return {
      ok: false,
      campos: [
        {
          campo: 'período',
          mensaje: `El período puede abarcar hasta ${retentionDays} días: los conteos más viejos no se guardan.`,
        },
      ],
    };
  return { ok: true, desde, hasta };
}

/** The day's counters summed per (flow, version) over the period, sorted by flow, then first day. */
export function summarizeFlowCounts(rows: readonly FlowCountRow[]): FlowCountsSummary[] {
  const byVersion = new Map<string, FlowCountsSummary>();
  for (const row of rows) {
    const key = `${row.flow}\n${row.version}`;
    let summary = byVersion.get(key);
    if (!summary) {
      summary = {
        flujo: row.flow,
        version: row.version,
        primerDia: row.day,
        ultimoDia: row.day,
        // No prototype: an item's name is never mistaken for an inherited property.
        estados: Object.create(null) as Record<string, number>,
        transiciones: Object.create(null) as Record<string, number>,
      };
      byVersion.set(key, summary);
    }
    if (row.day < summary.primerDia) summary.primerDia = row.day;
    if (row.day > summary.ultimoDia) summary.ultimoDia = row.day;
    const counts = row.kind === 'state' ? summary.estados : summary.transiciones;
    counts[row.item] = (counts[row.item] ?? 0) + row.count;
  }
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...byVersion.values()].sort(
    (a, b) => order(a.flujo, b.flujo) || order(a.primerDia, b.primerDia) || order(a.version, b.version),
  );
}

/** The counters' rows of a checked batch. */
export function countRows(batch: FlowCountsBatch): Omit<FlowCountRow, 'day'>[] {
  return batch.flujos.flatMap((flow) => [
    ...Object.entries(flow.estados).map(([item, count]) => ({
      flow: flow.flujo,
      version: flow.version,
      kind: 'state' as const,
      item,
      count,
    })),
    ...Object.entries(flow.transiciones).map(([item, count]) => ({
      flow: flow.flujo,
      version: flow.version,
      kind: 'transition' as const,
      item,
      count,
    })),
  ]);
}

/** How long beacons wait in memory before one write adds them all to the counters. */
export const FLOW_COUNTS_FLUSH_MS = 1000;
/** A flush starts sooner when this many beacons wait. */
const FLUSH_AT_BEACONS = 500;
/** Beacons kept while the database cannot take them; past this the oldest go (they are counts). */
const MAX_WAITING_BEACONS = 20_000;

/**
 * The beacons that wait for the next write. Every counter row is written once per flush, however
 * many beacons touched it: on PostgreSQL, one write per beacon would queue every beacon of a
 * process on the same rows. A batch id seen twice while waiting counts once (the storage also
 * refuses an id counted before). A flush that fails keeps its beacons for the next one. What is
 * lost when a process dies before its flush is at most FLOW_COUNTS_FLUSH_MS of counts.
 */
export class FlowCountsBuffer {
  private waiting = new Map<string, FlowBeacon>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly storage: Pick<Storage, 'recordFlowCounts'>,
    private readonly delayMs: number = FLOW_COUNTS_FLUSH_MS,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** Adds a checked beacon; with no delay, resolves once it is written. */
  add(beacon: FlowBeacon): Promise<void> {
    if (!this.waiting.has(beacon.batch)) this.waiting.set(beacon.batch, beacon);
    if (this.delayMs <= 0) return this.flush();
    // A failed write is logged by onError and retried by the next flush: the beacon's answer waits for neither.
    if (this.waiting.size >= FLUSH_AT_BEACONS) void this.flush().catch(() => {});
    else this.timer ??= setTimeout(() => void this.flush().catch(() => {}), this.delayMs);
    return Promise.resolve();
  }

  /**
   * Writes every waiting beacon (after the write in progress); resolves when done, rejects when
   * that write failed (its beacons then wait for the next one, first in line).
   */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const beacons = [...this.waiting.values()];
    this.waiting.clear();
    if (beacons.length === 0) return this.writing;
    const write = this.writing
      .then(() => this.storage.recordFlowCounts(beacons))
      .then(
        () => {},
        (error: unknown) => {
          this.onError(error);
          const kept = new Map(beacons.map((b) => [b.batch, b]));
          for (const [batch, beacon] of this.waiting) if (!kept.has(batch)) kept.set(batch, beacon);
          // Past the cap the oldest go: the counts of a long outage, not a process out of memory.
          this.waiting = new Map([...kept].slice(-MAX_WAITING_BEACONS));
          if (this.delayMs > 0)
            this.timer ??= setTimeout(() => void this.flush().catch(() => {}), this.delayMs);
          throw error;
        },
      );
    // The next write waits for this one, whatever its outcome.
    this.writing = write.catch(() => {});
    return write;
  }
}

export interface FlowCountsOptions {
  storage: Storage;
  /** Where checked beacons wait for their write (the app flushes it before it closes the storage). */
  buffer: FlowCountsBuffer;
  catalogue: FlowCountsCatalogue;
  /** Beacons per client address, counted in the storage; false disables it. */
  rateLimit: RateLimitRule | false;
  retentionDays: number;
  /** Who may read the counts (server/flows-login.ts); the beacon is open to every page. */
  access: FlowsAccess;
  /** The clock (tests move it across days). */
  now?: () => Date;
}

export function flowCountsRoutes(api: FastifyInstance, options: FlowCountsOptions): void {
  const { storage, catalogue, retentionDays } = options;
  const now = options.now ?? (() => new Date());
  let prunedFor: string | undefined;
  let lastFlows: FlowCountsCatalogue['flows'] | undefined;
  /** The day's sender hashes already worked out (a page sends several beacons); emptied when full. */
  let senders = new Map<string, string>();
  const senderOf = (address: string, day: string) => {
    const key = `${day} ${address}`;
    let client = senders.get(key);
    if (client === undefined) {
      if (senders.size >= 10_000) senders = new Map();
      client = clientOfDay(address, day);
      senders.set(key, client);
    }
    return client;
  };

  /** Once per day this process sees: the counters that left the retention go. */
  async function pruneOnNewDay(day: string): Promise<void> {
    if (prunedFor === day) return;
    const oldest = new Date(`${day}T00:00:00Z`);
    oldest.setUTCDate(oldest.getUTCDate() - retentionDays);
    await storage.pruneFlowCounts(utcDay(oldest));
    // What each client added is only needed for the day's cap.
    await storage.pruneFlowCountQuotas(day);
    // Only once it worked: a database that could not answer is asked again on the next beacon.
    prunedFor = day;
  }

  methodRoutes(api, FLOW_EVENTS_PATH, {
    POST: {
      onRequest: [writeLimiter(storage, options.rateLimit, 'conteos'), acceptOnly(['application/json'])],
      handler: async (request, reply) => {
        // Crawlers and headless tools that say what they are: nothing they do is a visitor's.
        if (isBotAgent(request.headers['user-agent'])) return reply.code(204).send();
        // One catalogue for the whole check, even if a new build lands meanwhile.
        const flows = catalogue.flows;
        if (flows !== lastFlows) {
          if (lastFlows !== undefined)
            request.log.info('compilación nueva: el servidor cuenta con su catálogo de flujos');
          lastFlows = flows;
        }
        const checked = validateFlowCounts(request.body, { flows });
        if (!checked.ok)
          throw new HttpError(400, invalidData([{ campo: 'conteos', mensaje: checked.message }]));
        const day = utcDay(now());
        await pruneOnNewDay(day);
        await options.buffer.add({
          batch: checked.value.lote,
          day,
          client: senderOf(request.ip, day),
          rows: countRows(checked.value),
        });
        return reply.code(204).send();
      },
    },
  });

  // A scope of its own, so that the login guards the read and never the beacon.
  void api.register(async (scope) => {
    const guard = await flowsGuard(scope, options.access);
    if (guard) scope.addHook('onRequest', guard);
    methodRoutes(scope, FLOW_COUNTS_PATH, {
      GET: {
        handler: async (request, reply): Promise<FlowCountsPeriod> => {
          const period = readPeriod(request.query as Record<string, unknown>, utcDay(now()), retentionDays);
          if (!period.ok) throw new HttpError(400, invalidData(period.campos));
          // The beacons still waiting in memory count too: a page's beacon just answered is in the read.
          await options.buffer.flush();
          const rows = await storage.listFlowCounts(period.desde, period.hasta);
          const refusals = await storage.listFlowCountRefusals(period.desde, period.hasta);
          reply.header('cache-control', 'no-store');
          return {
            desde: period.desde,
            hasta: period.hasta,
            flujos: summarizeFlowCounts(rows),
            recortes: cappedDays(refusals),
          };
        },
      },
    });
  });
}
