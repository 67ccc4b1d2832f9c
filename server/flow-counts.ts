/**
 * POST {api}/flow-events: a page's beacon of real visitors' counts on the flows' statecharts
 * (issue #40; the batch and its check: src/domain/flow-counts.ts). Every name in it is checked
 * against the flow catalogue of the build this server serves (flow-catalogue.json, written by
 * `npm run build`); a known bot's beacon is dropped without a word; a batch id already counted
 * adds nothing. What is kept are daily counters only, never the beacon: no address, no time of
 * day, nothing a visitor typed. Counters older than the retention are deleted as the day turns.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isbot } from 'isbot';
import {
  FLOW_VERSION_PATTERN,
  validateFlowCounts,
  type FlowCountsBatch,
  type FlowCountsCatalogue,
} from '../src/domain/flow-counts';
import { HttpError, invalidData } from './errors';
import { acceptOnly, writeLimiter, type RateLimitRule } from './guards';
import { methodRoutes } from './routes';
import type { FlowCountRow, Storage } from './storage/types';

/** The build's flow catalogue, beside routes-manifest.json (never served as a file). */
export const FLOW_CATALOGUE_FILE = 'flow-catalogue.json';

export const FLOW_EVENTS_PATH = '/flow-events';

/** Beacons per client address: a page sends one when hidden or left, and one per full batch. */
export const DEFAULT_FLOW_EVENTS_RATE_LIMIT: RateLimitRule = { max: 60, timeWindowMs: 60_000 };

/** Days the counters are kept by default (a year and a month: a period compares with last year's). */
export const DEFAULT_FLOW_COUNTS_RETENTION_DAYS = 400;

const EMPTY_CATALOGUE: FlowCountsCatalogue = { flows: {} };

/**
 * The catalogue a build wrote (see scripts/flow-catalogue.ts), as sets for the check; an empty one
 * when the site is not built or the file is not the catalogue's shape, so every beacon is refused.
 */
export function readFlowCatalogue(distDir: string): FlowCountsCatalogue {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path.join(distDir, FLOW_CATALOGUE_FILE), 'utf8'));
  } catch {
    return EMPTY_CATALOGUE;
  }
  const flowsValue = (parsed as { flows?: unknown } | null)?.flows;
  if (typeof flowsValue !== 'object' || flowsValue === null) return EMPTY_CATALOGUE;
  const flows: Record<string, { version: string; states: Set<string>; transitions: Set<string> }> =
    Object.create(null);
  for (const [id, value] of Object.entries(flowsValue)) {
    const { version, states, transitions } = (value ?? {}) as Record<string, unknown>;
    if (typeof version !== 'string' || !FLOW_VERSION_PATTERN.test(version)) continue;
    if (!Array.isArray(states) || !Array.isArray(transitions)) continue;
    flows[id] = {
      version,
      states: new Set(states.filter((s): s is string => typeof s === 'string')),
      transitions: new Set(transitions.filter((t): t is string => typeof t === 'string')),
    };
  }
  return { flows };
}

/** The day a counter adds to: the server's UTC date, never the page's clock. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
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

export interface FlowCountsOptions {
  storage: Storage;
  catalogue: FlowCountsCatalogue;
  /** Beacons per client address, counted in the storage; false disables it. */
  rateLimit: RateLimitRule | false;
  retentionDays: number;
  /** The clock (tests move it across days). */
  now?: () => Date;
}

export function flowCountsRoutes(api: FastifyInstance, options: FlowCountsOptions): void {
  const { storage, catalogue, retentionDays } = options;
  const now = options.now ?? (() => new Date());
  let prunedFor: string | undefined;

  /** Once per day this process sees: the counters that left the retention go. */
  async function pruneOnNewDay(day: string): Promise<void> {
    if (prunedFor === day) return;
    prunedFor = day;
    const oldest = new Date(`${day}T00:00:00Z`);
    oldest.setUTCDate(oldest.getUTCDate() - retentionDays);
    await storage.pruneFlowCounts(utcDay(oldest));
  }

  methodRoutes(api, FLOW_EVENTS_PATH, {
    POST: {
      onRequest: [writeLimiter(storage, options.rateLimit, 'conteos'), acceptOnly(['application/json'])],
      handler: async (request, reply) => {
        // Crawlers and headless tools that say what they are: nothing they do is a visitor's.
        if (isbot(request.headers['user-agent'] ?? '')) return reply.code(204).send();
        const checked = validateFlowCounts(request.body, catalogue);
        if (!checked.ok)
          throw new HttpError(400, invalidData([{ campo: 'conteos', mensaje: checked.message }]));
        const day = utcDay(now());
        await pruneOnNewDay(day);
        const { counted } = await storage.recordFlowCounts(checked.value.lote, day, countRows(checked.value));
        if (!counted) reply.header('lote-repetido', 'true');
        return reply.code(204).send();
      },
    },
  });
}
