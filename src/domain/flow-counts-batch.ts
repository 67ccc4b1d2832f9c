/**
 * What a page's recorder of real visits sends in one beacon (issue #40), without the check: the
 * recorder in the page needs the shape and the limits, not the schema library the server's check
 * uses (src/domain/flow-counts.ts).
 */

/** The field names of a batch, in Spanish like the rest of the API. */
export const FLOW_COUNTS_FIELDS = {
  batch: 'lote',
  flows: 'flujos',
  flow: 'flujo',
  version: 'version',
  states: 'estados',
  transitions: 'transiciones',
} as const;

export const FLOW_COUNTS_LIMITS = {
  /** Flows in one batch: a page runs a handful. */
  flows: 20,
  /** States plus transitions of one flow in one batch. */
  entries: 400,
  /** The most one batch may add to one counter: a page's life, not a loop. */
  count: 1000,
  /** The longest name a catalogue holds, in characters. */
  name: 200,
} as const;

/** A batch id: a random UUID made by the recorder, so a retried beacon counts once. */
export const BATCH_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** A flow's version: eight hexadecimal digits of its behaviour's fingerprint (src/config/flow-versions.ts). */
export const FLOW_VERSION_PATTERN = /^[0-9a-f]{8}$/;

/** One flow's counts in a batch, as sent. */
export interface FlowCounts {
  flujo: string;
  version: string;
  estados: Record<string, number>;
  transiciones: Record<string, number>;
}

export interface FlowCountsBatch {
  lote: string;
  flujos: FlowCounts[];
}
