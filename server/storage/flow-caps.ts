/**
 * The arithmetic of the per-address daily cap on the flows' counters, shared by both storages: what
 * each client asks of each counter in one write, and how what the database granted splits into
 * counted and refused. The grant itself is the database's (one upsert per client and counter), so
 * the cap holds across the processes that share it.
 */
import type { FlowBeacon, FlowCountRefusal, FlowCountRow } from './types';

/** What one client's beacons of a write add to one counter of one day, before the cap. */
export interface QuotaRequest {
  day: string;
  client: string;
  flow: string;
  version: string;
  kind: FlowCountRow['kind'];
  item: string;
  wanted: number;
}

export interface CapTally {
  /** One request per client and counter, in a fixed order (rows locked in the same order everywhere). */
  wanted: QuotaRequest[];
  /** What goes to the counters, per counter; filled by tallyGrant. */
  counters: Map<string, FlowCountRow>;
  /** What the cap kept out, per day and flow; filled by tallyGrant. */
  refusals: Map<string, FlowCountRefusal>;
}

/** One client's counter of one day, as a map key (no name holds a line break: the catalogue's check). */
export function quotaKey(q: Omit<QuotaRequest, 'wanted'>): string {
  return `${q.day}\n${q.client}\n${q.flow}\n${q.version}\n${q.kind}\n${q.item}`;
}

/** The counted beacons' rows summed per client and counter. */
export function cappedCounts(beacons: readonly FlowBeacon[]): CapTally {
  const wanted = new Map<string, QuotaRequest>();
  for (const { day, client, rows } of beacons) {
    for (const { flow, version, kind, item, count } of rows) {
      const request = { day, client, flow, version, kind, item, wanted: count };
      const key = quotaKey(request);
      const sum = wanted.get(key);
      if (sum) sum.wanted += count;
      else wanted.set(key, request);
    }
  }
  const ordered = [...wanted].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, request]) => request);
  return { wanted: ordered, counters: new Map(), refusals: new Map() };
}

/** Adds what the database granted of `request` to its counter, and the rest to its day's refusals. */
export function tallyGrant(
  request: QuotaRequest,
  granted: number,
  counters: CapTally['counters'],
  refusals: CapTally['refusals'],
): void {
  const given = Math.max(0, Math.min(request.wanted, granted));
  const { day, flow, version, kind, item } = request;
  const counterKey = JSON.stringify([day, flow, version, kind, item]);
  const counter = counters.get(counterKey);
  if (counter) counter.count += given;
  else counters.set(counterKey, { day, flow, version, kind, item, count: given });
  const refusalKey = JSON.stringify([day, flow]);
  const refusal = refusals.get(refusalKey);
  if (refusal) refusal.refused += request.wanted - given;
  else refusals.set(refusalKey, { day, flow, refused: request.wanted - given });
}
