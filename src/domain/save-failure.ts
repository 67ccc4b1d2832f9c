import { PROSPECT_FIELD_LABELS, TRACKING_FIELDS, type TrackingField } from './prospect';

/**
 * Why a lead could not be saved: what the lead API's service throws and the wizard's machine reads
 * (its guards pick the failure state, its view the message). Kept in the domain so the machine can
 * read it without loading the service, which is downloaded on demand.
 *
 * - unavailable: no answer (offline, timeout), a 5xx, or an answer that is not a lead;
 * - rateLimited: 429, with the wait the server asked for (Retry-After);
 * - refused: 400 or 422, naming the fields the API did not accept;
 * - download: the lead API's code could not be downloaded (offline, or a deploy removed it).
 */
const SAVE_FAILURE_KINDS = ['unavailable', 'rateLimited', 'refused', 'download'] as const;
export type SaveFailureKind = (typeof SAVE_FAILURE_KINDS)[number];

type ProspectFieldName = keyof typeof PROSPECT_FIELD_LABELS;

/** A field the API refused, as its body names it (`campo` is the Spanish label). */
export interface RefusedField {
  /** The body's field, when `campo` is one of the prospect's labels; null otherwise. */
  field: ProspectFieldName | null;
  campo: string;
  mensaje: string;
}

/** What the machine keeps of a failure. */
export interface SaveFailure {
  kind: SaveFailureKind;
  /** Seconds to wait before retrying (rateLimited), when the server said. */
  retryAfterSeconds: number | null;
  refused: readonly RefusedField[];
}

export class SaveError extends Error {
  override readonly name = 'SaveError';
  readonly kind: SaveFailureKind;
  readonly retryAfterSeconds: number | null;
  readonly refused: readonly RefusedField[];

  constructor(
    kind: SaveFailureKind,
    message: string,
    details: { retryAfterSeconds?: number | null; refused?: readonly RefusedField[]; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.retryAfterSeconds = details.retryAfterSeconds ?? null;
    this.refused = details.refused ?? [];
  }
}

/**
 * A refused field from the API's `{ campo, mensaje }`, with the body field it names. Looked up on
 * each call (a handful of labels), so the labels stay out of the pages that only read a failure.
 */
export function refusedField(campo: string, mensaje: string): RefusedField {
  const names = Object.keys(PROSPECT_FIELD_LABELS) as ProspectFieldName[];
  return { field: names.find((name) => PROSPECT_FIELD_LABELS[name] === campo) ?? null, campo, mensaje };
}

function isKind(value: unknown): value is SaveFailureKind {
  return (SAVE_FAILURE_KINDS as readonly unknown[]).includes(value);
}

/**
 * The failure an error stands for. Anything that is not a SaveError (a bug, an error from a fake)
 * counts as the server being unavailable: the message the spec gives for a failed save.
 */
export function saveFailureOf(error: unknown): SaveFailure {
  if (typeof error !== 'object' || error === null || !isKind((error as { kind?: unknown }).kind)) {
    return { kind: 'unavailable', retryAfterSeconds: null, refused: [] };
  }
  const { kind, retryAfterSeconds, refused } = error as Partial<SaveError> & { kind: SaveFailureKind };
  return {
    kind,
    retryAfterSeconds:
      typeof retryAfterSeconds === 'number' && Number.isFinite(retryAfterSeconds) && retryAfterSeconds >= 0
        ? retryAfterSeconds
        : null,
    refused: Array.isArray(refused) ? refused : [],
  };
}

const isTrackingField = (field: ProspectFieldName | null): field is TrackingField =>
  (TRACKING_FIELDS as readonly unknown[]).includes(field);

/** The campaign fields among the refused ones. */
export function refusedTrackingFields(failure: SaveFailure): TrackingField[] {
  return failure.kind === 'refused' ? failure.refused.map((r) => r.field).filter(isTrackingField) : [];
}

/** The first refused field that is not campaign data (the one the visitor is told about). */
export function firstRefusedDataField(failure: SaveFailure): RefusedField | undefined {
  return failure.refused.find((r) => !isTrackingField(r.field));
}
