import { config } from '../config';
import type { FlowCountsBatch } from '../domain/flow-counts-batch';

/** The local API's beacon endpoint (server/flow-counts.ts). */
export const FLOW_EVENTS_PATH = '/flow-events';

/**
 * A version 4 UUID, the batch id the server expects. randomUUID exists only in secure contexts
 * (plain http on a LAN has none), getRandomValues everywhere.
 */
export function newBatchId(): string {
  try {
    if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  } catch {
    // Not a secure context: built by hand below.
  }
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Hands a batch to the browser, which sends it even as the page is left. False when the browser
 * refused to queue it (too large, or no sendBeacon): the caller keeps the counts for the next try.
 */
export function sendFlowCounts(batch: FlowCountsBatch, apiBase: string = config.apiBase): boolean {
  if (typeof navigator.sendBeacon !== 'function') return false;
  const body = new Blob([JSON.stringify(batch)], { type: 'application/json' });
  try {
    // Joined here, not with http.ts's apiUrl: that module would be one more download for the
    // recorder on pages whose regions do not need it.
    return navigator.sendBeacon(`${apiBase.replace(/\/+$/, '')}${FLOW_EVENTS_PATH}`, body);
  } catch {
    return false;
  }
}
