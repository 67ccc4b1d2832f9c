/**
 * Real visitors' counts on the flows' statecharts (issue #40): what a page's recorder sends in one
 * beacon, and the check the local API applies before adding it to the daily counters. A batch says,
 * per flow that ran on the page, how many times each state was entered and each transition taken,
 * by the identities the flow explorer and the flow diff use (a state's id, a transition's
 * `<source id> <event type>#<index>`), with the machine's version (the signature of its graph).
 * Nothing in it is a value a visitor typed: every name must be one of the build's catalogue, and
 * every number a small count.
 */
import * as z from 'zod/mini';
import {
  BATCH_ID_PATTERN,
  FLOW_COUNTS_FIELDS,
  FLOW_COUNTS_LIMITS,
  FLOW_VERSION_PATTERN,
  type FlowCountsBatch,
} from './flow-counts-batch';

export {
  BATCH_ID_PATTERN,
  FLOW_COUNTS_FIELDS,
  FLOW_COUNTS_LIMITS,
  FLOW_VERSION_PATTERN,
  type FlowCounts,
  type FlowCountsBatch,
} from './flow-counts-batch';

/**
 * The most one client address may add to one counter in a UTC day; the rest is refused and
 * counted as refused (server/storage). The busiest counter a person drives is a keystroke in step 1
 * of the wizard (one per character): typing every field to its maximum length is about 650, a
 * usual run under 100, so one visitor never reaches it in a day, nor do a few visitors behind one
 * address (an office, a phone carrier's shared address). It is also what one batch may add
 * (FLOW_COUNTS_LIMITS.count): a forger on one address adds at most one full batch a day.
 */
export const FLOW_COUNTS_PER_ADDRESS_PER_DAY = FLOW_COUNTS_LIMITS.count;

export const FLOW_COUNTS_MESSAGES = {
  notObject: 'Envía un lote de conteos: un objeto con «lote» y «flujos».',
  batch: 'El lote necesita su identificador («lote»): un UUID al azar.',
  flows: `El lote necesita entre 1 y ${FLOW_COUNTS_LIMITS.flows} flujos («flujos»).`,
  flowShape: 'Cada flujo necesita «flujo», «version», «estados» y «transiciones».',
  entries: `Un flujo puede traer hasta ${FLOW_COUNTS_LIMITS.entries} estados y transiciones por lote.`,
  count: `Cada conteo es un número entero entre 1 y ${FLOW_COUNTS_LIMITS.count}.`,
  repeated: (flow: string) => `El flujo «${flow}» aparece dos veces en el lote.`,
  unknownFlow: (flow: string) => `No conocemos el flujo «${flow}» en esta versión del sitio.`,
  unknownVersion: (flow: string) =>
    `La versión del flujo «${flow}» no es la de esta versión del sitio: vuelve a cargar la página.`,
  unknownState: (flow: string) => `El flujo «${flow}» no tiene uno de los estados enviados.`,
  unknownTransition: (flow: string) => `El flujo «${flow}» no tiene una de las transiciones enviadas.`,
} as const;

const M = FLOW_COUNTS_MESSAGES;
const L = FLOW_COUNTS_LIMITS;

const countSchema = z.number().check(z.int(), z.minimum(1), z.maximum(L.count));
const countsSchema = z.record(z.string().check(z.minLength(1), z.maxLength(L.name)), countSchema);
const flowSchema = z.strictObject({
  [FLOW_COUNTS_FIELDS.flow]: z.string().check(z.minLength(1), z.maxLength(L.name)),
  [FLOW_COUNTS_FIELDS.version]: z.string().check(z.regex(FLOW_VERSION_PATTERN)),
  [FLOW_COUNTS_FIELDS.states]: countsSchema,
  [FLOW_COUNTS_FIELDS.transitions]: countsSchema,
});
const batchSchema = z.strictObject({
  [FLOW_COUNTS_FIELDS.batch]: z.string().check(z.regex(BATCH_ID_PATTERN)),
  [FLOW_COUNTS_FIELDS.flows]: z.array(flowSchema).check(z.minLength(1), z.maxLength(L.flows)),
});

/** The identities of one version of a machine's graph. */
export interface FlowVersionGraph {
  readonly states: ReadonlySet<string>;
  readonly transitions: ReadonlySet<string>;
}

/**
 * What the server's builds' flows are: per machine id, each version it takes (the build's own and
 * those of the builds before it that pages still open may run) with that version's graph.
 */
export interface FlowCountsCatalogue {
  readonly flows: Readonly<Record<string, ReadonlyMap<string, FlowVersionGraph>>>;
}

export type FlowCountsValidation = { ok: true; value: FlowCountsBatch } | { ok: false; message: string };

function shapeMessage(path: readonly PropertyKey[]): string {
  const [top, , inFlow] = path;
  if (top === FLOW_COUNTS_FIELDS.batch) return M.batch;
  if (top === FLOW_COUNTS_FIELDS.flows && path.length <= 1) return M.flows;
  if (inFlow === FLOW_COUNTS_FIELDS.states || inFlow === FLOW_COUNTS_FIELDS.transitions)
    return path.length > 3 ? M.count : M.flowShape;
  if (top === FLOW_COUNTS_FIELDS.flows) return M.flowShape;
  return M.notObject;
}

/**
 * Checks a parsed beacon body against the shape above and against the catalogue of the builds
 * that may have served the page: every flow and version must be one of it, every state and
 * transition one of that version's. The first problem is the message; a refused batch stores
 * nothing.
 */
export function validateFlowCounts(body: unknown, catalogue: FlowCountsCatalogue): FlowCountsValidation {
  const parsed = z.safeParse(batchSchema, body);
  if (!parsed.success) return { ok: false, message: shapeMessage(parsed.error.issues[0]?.path ?? []) };
  const seen = new Set<string>();
  for (const flow of parsed.data.flujos) {
    const name = flow.flujo;
    if (seen.has(name)) return { ok: false, message: M.repeated(name) };
    seen.add(name);
    const versions = Object.prototype.hasOwnProperty.call(catalogue.flows, name)
      ? catalogue.flows[name]
      : undefined;
    if (!versions) return { ok: false, message: M.unknownFlow(name) };
    // A page loaded before a deploy still runs, and counts, its own version of the flow.
    const known = versions.get(flow.version);
    if (!known) return { ok: false, message: M.unknownVersion(name) };
    const states = Object.keys(flow.estados);
    const transitions = Object.keys(flow.transiciones);
    if (states.length + transitions.length > L.entries) return { ok: false, message: M.entries };
    if (states.some((s) => !known.states.has(s))) return { ok: false, message: M.unknownState(name) };
    if (transitions.some((t) => !known.transitions.has(t)))
      return { ok: false, message: M.unknownTransition(name) };
  }
  return { ok: true, value: parsed.data };
}
