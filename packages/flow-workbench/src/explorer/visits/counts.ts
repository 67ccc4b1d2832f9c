/**
 * Real visitors on the chart, the logic without the view: the counts answer of the site's API
 * (`GET <url>?desde=&hasta=`, per flow and version: how many times each state was entered and each
 * transition taken), read defensively; the period asked for; what the chart paints (a number on
 * every state and transition, widths by traffic, each way's share at a choice, what was never
 * taken); the funnel of a flow with steps; completion; the comparison of versions; and the
 * sentence for each way the answer can fail. Every number goes through formatCount/formatShare so
 * that small counts never show.
 */
import type { FlowGraph, GraphTransition } from '../../graph/describe';

export interface FlowCountsEntry {
  /** The machine id. */
  flujo: string;
  /** graphSignature() of the machine the counts were made with. */
  version: string;
  /** The first and last day (UTC, YYYY-MM-DD) of the period with counts of this version. */
  primerDia: string;
  ultimoDia: string;
  /** State id -> entries. */
  estados: Record<string, number>;
  /** Transition key -> times taken. */
  transiciones: Record<string, number>;
}

/** A day of a flow whose counts the server's per-address daily cap kept short. */
export interface CappedDay {
  /** The UTC day, YYYY-MM-DD. */
  dia: string;
  flujo: string;
  /** States entered and transitions taken that were left out. */
  descartados: number;
}

export interface CountsAnswer {
  desde: string;
  hasta: string;
  flujos: FlowCountsEntry[];
  /** The capped days of the period (a server before the cap does not send them). */
  recortes?: CappedDay[];
}

// ---------------------------------------------------------------------------------------------
// Numbers as people read them

/** Counts under this are never shown as they are: a handful of visitors could be told apart. */
export const SMALL_COUNT = 5;

// Spanish leaves four-digit numbers ungrouped by default (1240); the issue reads 1.240.
const NUMBER = new Intl.NumberFormat('es', { useGrouping: 'always', maximumFractionDigits: 0 });

/** `1.240`, `0`, or `< 5` for 1 to 4. */
export function formatCount(n: number): string {
  if (n > 0 && n < SMALL_COUNT) return `< ${SMALL_COUNT}`;
  return NUMBER.format(n);
}

/**
 * `65 %` of a total. Without a share when the total itself is small (under 5: any share would
 * tell the small count). A part of 1 to 4 is shown as the share 5 would be, as an upper bound
 * (`< 1 %` of 1.240), so the percentage never says more than `< 5` does.
 */
export function formatShare(part: number, total: number): string | undefined {
  if (total < SMALL_COUNT) return undefined;
  if (part > 0 && part < SMALL_COUNT) return `< ${NUMBER.format(Math.ceil((SMALL_COUNT / total) * 100))} %`;
  return `${NUMBER.format(Math.round((part / total) * 100))} %`;
}

/** `24 de noviembre de 2026` of a day `2026-11-24` (UTC, as the server counts). */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat('es', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

// ---------------------------------------------------------------------------------------------
// The period

export type PeriodDays = 7 | 30 | 90;
export const PERIOD_DAYS: readonly PeriodDays[] = [7, 30, 90];

export type Period = { kind: 'days'; days: PeriodDays } | { kind: 'dates'; desde: string; hasta: string };

export const DEFAULT_PERIOD: Period = { kind: 'days', days: 7 };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isDay(text: string): boolean {
  return DAY.test(text) && !Number.isNaN(new Date(`${text}T00:00:00Z`).getTime());
}

/** The UTC day of a date: the server's days are UTC days. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The first and last day a period asks for; `n días` end today and include it. */
export function periodRange(period: Period, now: Date): { desde: string; hasta: string } {
  if (period.kind === 'dates') return { desde: period.desde, hasta: period.hasta };
  const start = new Date(now.getTime() - (period.days - 1) * 86_400_000);
  return { desde: utcDay(start), hasta: utcDay(now) };
}

/** The period as the link writes it: `30`, or `2026-11-01~2026-11-30`. */
export function periodText(period: Period): string {
  return period.kind === 'days' ? String(period.days) : `${period.desde}~${period.hasta}`;
}

export function readPeriod(text: string): Period | undefined {
  const days = PERIOD_DAYS.find((d) => String(d) === text);
  if (days !== undefined) return { kind: 'days', days };
  const [desde, hasta, ...rest] = text.split('~');
  if (rest.length === 0 && desde && hasta && isDay(desde) && isDay(hasta) && desde <= hasta)
    return { kind: 'dates', desde, hasta };
  return undefined;
}

export function samePeriod(a: Period, b: Period): boolean {
  return periodText(a) === periodText(b);
}

// ---------------------------------------------------------------------------------------------
// The answer

export type CountsResult = { status: 'ok'; answer: CountsAnswer } | { status: 'error'; message: string };

function isCounts(value: unknown): value is Record<string, number> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0)
  );
}

/** The answer when it has the contract's shape, else undefined. */
export function parseCountsAnswer(value: unknown): CountsAnswer | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { desde, hasta, flujos } = value as Record<string, unknown>;
  if (typeof desde !== 'string' || typeof hasta !== 'string' || !Array.isArray(flujos)) return undefined;
  const entries: FlowCountsEntry[] = [];
  for (const item of flujos as unknown[]) {
    if (typeof item !== 'object' || item === null) return undefined;
    const { flujo, version, primerDia, ultimoDia, estados, transiciones } = item as Record<string, unknown>;
    if (typeof flujo !== 'string' || typeof version !== 'string') return undefined;
    if (!isCounts(estados) || !isCounts(transiciones)) return undefined;
    entries.push({
      flujo,
      version,
      primerDia: typeof primerDia === 'string' ? primerDia : desde,
      ultimoDia: typeof ultimoDia === 'string' ? ultimoDia : hasta,
      estados,
      transiciones,
    });
  }
  const { recortes } = value as Record<string, unknown>;
  if (recortes === undefined) return { desde, hasta, flujos: entries };
  const capped = parseCappedDays(recortes);
  return capped ? { desde, hasta, flujos: entries, recortes: capped } : undefined;
}

function parseCappedDays(value: unknown): CappedDay[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const days: CappedDay[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) return undefined;
    const { dia, flujo, descartados } = item as Record<string, unknown>;
    if (typeof dia !== 'string' || !isDay(dia) || typeof flujo !== 'string') return undefined;
    if (typeof descartados !== 'number' || !Number.isFinite(descartados) || descartados < 0) return undefined;
    days.push({ dia, flujo, descartados });
  }
  return days;
}

export const COUNTS_MESSAGES = {
  login:
    'Para ver los visitantes reales hay que iniciar sesión. Vuelve a cargar la página y escribe el usuario y la contraseña cuando el navegador te los pida.',
  off: 'Los conteos de visitantes reales están apagados en este servidor.',
  offSaying: (message: string) =>
    `Los conteos de visitantes reales están apagados en este servidor. El servidor dice: «${message}»`,
  missing: 'Este servidor todavía no ofrece los conteos de visitantes reales.',
  refused: (message: string) => `El servidor no aceptó el período pedido: «${message}»`,
  failed: (status: number) =>
    `El servidor no pudo dar los conteos de visitantes reales (error ${status}). Intenta de nuevo en unos minutos.`,
  network:
    'No se pudo conectar con el servidor para traer los conteos de visitantes reales. Revisa tu conexión e intenta de nuevo.',
  unreadable: 'El servidor respondió con conteos que esta página no sabe leer. Avísale al equipo técnico.',
} as const;

/** The sentence of an error body: its `message`, else its `error`, when it is text. */
async function bodyMessage(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as Record<string, unknown> | null;
    const text = [body?.message, body?.error].find((v): v is string => typeof v === 'string' && v !== '');
    return text?.slice(0, 300);
  } catch {
    return undefined;
  }
}

/** The counts of a period, or the sentence that says why there are none. */
export async function loadCounts(
  url: string,
  range: { desde: string; hasta: string },
  options: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<CountsResult> {
  const query = `desde=${encodeURIComponent(range.desde)}&hasta=${encodeURIComponent(range.hasta)}`;
  const fetchCounts = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await fetchCounts(`${url}${url.includes('?') ? '&' : '?'}${query}`, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return { status: 'error', message: COUNTS_MESSAGES.network };
  }
  if (response.status === 401) return { status: 'error', message: COUNTS_MESSAGES.login };
  if (!response.ok) {
    const message = await bodyMessage(response);
    if (response.status === 503)
      return { status: 'error', message: message ? COUNTS_MESSAGES.offSaying(message) : COUNTS_MESSAGES.off };
    if (response.status === 404) return { status: 'error', message: COUNTS_MESSAGES.missing };
    if (response.status === 400 && message)
      return { status: 'error', message: COUNTS_MESSAGES.refused(message) };
    return { status: 'error', message: COUNTS_MESSAGES.failed(response.status) };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { status: 'error', message: COUNTS_MESSAGES.unreadable };
  }
  const answer = parseCountsAnswer(body);
  return answer ? { status: 'ok', answer } : { status: 'error', message: COUNTS_MESSAGES.unreadable };
}

// ---------------------------------------------------------------------------------------------
// A flow's counts

/** A flow's entries in the answer: today's version (its signature) and the older ones, newest first. */
export function entriesOf(
  answer: CountsAnswer,
  machineId: string,
  version: string,
): { current: FlowCountsEntry | undefined; older: FlowCountsEntry[] } {
  const mine = answer.flujos.filter((f) => f.flujo === machineId);
  return {
    current: mine.find((f) => f.version === version),
    older: mine
      .filter((f) => f.version !== version)
      .sort((a, b) => b.ultimoDia.localeCompare(a.ultimoDia) || b.primerDia.localeCompare(a.primerDia)),
  };
}

const DAYS_LIST = new Intl.ListFormat('es', { type: 'conjunction' });

/** Why capped counts are left out, said once under the sentence of the capped days. */
export const CAPPED_EXPLANATION =
  'Una misma dirección no suma más que un tope por día a cada estado o transición. Un visitante real nunca llega a ese tope: lo que pasa de él suele venir de alguien que intenta inflar los conteos, y no se cuenta.';

/**
 * The sentence of the days of the period on which the server's per-address daily cap left some of
 * a flow's counts out, and how many, or undefined when none was capped.
 */
export function cappedSentence(answer: CountsAnswer, machineId: string): string | undefined {
  const days = (answer.recortes ?? [])
    .filter((r) => r.flujo === machineId && r.descartados > 0)
    .sort((a, b) => a.dia.localeCompare(b.dia));
  const [first, ...rest] = days;
  if (!first) return undefined;
  // Always plural: 1 to 4 read «< 5».
  const events = (n: number) => `${formatCount(n)} eventos`;
  if (rest.length === 0)
    return `Conteos con tope el ${formatDay(first.dia)}: quedaron fuera ${events(first.descartados)} de este flujo, que pasaban lo que una misma dirección puede sumar en un día.`;
  const parts = [
    `el ${formatDay(first.dia)} quedaron fuera ${events(first.descartados)}`,
    ...rest.map((r) => `el ${formatDay(r.dia)}, ${formatCount(r.descartados)}`),
  ];
  return `Conteos con tope en ${days.length} días de este período: ${DAYS_LIST.format(parts)}; pasaban lo que una misma dirección puede sumar en un día.`;
}

/** Every version's counts added together (the index's figures: visits are visits, whatever the version). */
export function mergeEntries(
  entries: readonly FlowCountsEntry[],
): Pick<FlowCountsEntry, 'estados' | 'transiciones'> {
  const estados: Record<string, number> = {};
  const transiciones: Record<string, number> = {};
  for (const e of entries) {
    for (const [k, n] of Object.entries(e.estados)) estados[k] = (estados[k] ?? 0) + n;
    for (const [k, n] of Object.entries(e.transiciones)) transiciones[k] = (transiciones[k] ?? 0) + n;
  }
  return { estados, transiciones };
}

type Counts = Pick<FlowCountsEntry, 'estados' | 'transiciones'>;

export interface FlowStep {
  /** 1 for the first. */
  number: number;
  tag: string;
  /** The outermost states carrying the step's tag. */
  states: string[];
}

const STEP_TAG = /^step\.(.+)$/;

/**
 * The steps of a flow, from its `step.<name>` tags: numbered steps (`step.1`) in their order,
 * named ones (`step.contact`) in the order the machine declares them. No tag: no steps.
 */
export function flowSteps(graph: FlowGraph): FlowStep[] {
  const byTag = new Map<string, { first: number; states: string[] }>();
  const parent = new Map(graph.states.map((s) => [s.id, s.parent]));
  const tagsOf = new Map(graph.states.map((s) => [s.id, s.tags]));
  graph.states.forEach((s, index) => {
    for (const tag of s.tags) {
      if (!STEP_TAG.test(tag)) continue;
      // A state inside one already carrying the tag is the same step, entered once.
      let outer = false;
      for (let p = parent.get(s.id); p; p = parent.get(p)) if (tagsOf.get(p)?.includes(tag)) outer = true;
      if (outer) continue;
      const step = byTag.get(tag) ?? { first: index, states: [] };
      step.states.push(s.id);
      byTag.set(tag, step);
    }
  });
  const tags = [...byTag.keys()];
  const numberOf = (tag: string) => Number(STEP_TAG.exec(tag)?.[1]);
  const numbered = tags.every((t) => Number.isInteger(numberOf(t)));
  tags.sort((a, b) =>
    numbered ? numberOf(a) - numberOf(b) : (byTag.get(a)?.first ?? 0) - (byTag.get(b)?.first ?? 0),
  );
  return tags.map((tag, i) => ({ number: i + 1, tag, states: byTag.get(tag)?.states ?? [] }));
}

export function stepEntries(step: FlowStep, counts: Counts): number {
  return step.states.reduce((n, id) => n + (counts.estados[id] ?? 0), 0);
}

/** Visits: entries into the root (one per run of the flow on a page). */
export function visitsOf(graph: FlowGraph, counts: Counts): number {
  const root = graph.states.find((s) => s.parent === null);
  return root ? (counts.estados[root.id] ?? 0) : 0;
}

/** What completes the flow: its last step, else its final states; undefined when it has neither. */
export function completionStates(graph: FlowGraph, steps: readonly FlowStep[]): string[] | undefined {
  const last = steps.at(-1);
  if (last) return last.states;
  const root = graph.states.find((s) => s.parent === null);
  const finals = graph.states.filter((s) => s.kind === 'final' && s.parent === root?.id).map((s) => s.id);
  return finals.length > 0 ? finals : undefined;
}

export interface Completion {
  visits: number;
  /** Undefined for a flow without steps or final states. */
  completed: number | undefined;
}

export function completionOf(graph: FlowGraph, steps: readonly FlowStep[], counts: Counts): Completion {
  const ends = completionStates(graph, steps);
  return {
    visits: visitsOf(graph, counts),
    completed: ends?.reduce((n, id) => n + (counts.estados[id] ?? 0), 0),
  };
}

/** `1.240 visitas · el 38 % completó el flujo`, or the visits only. */
export function completionText(c: Completion): string {
  // Always plural: «1 visita» would tell the small count «< 5» hides.
  const visits = `${formatCount(c.visits)} visitas`;
  if (c.completed === undefined) return visits;
  const share = formatShare(c.completed, c.visits);
  return share ? `${visits} · el ${share} completó el flujo` : visits;
}

/** One sentence per step after the first, relative to the first, in the issue's words. */
export function funnelSentences(steps: readonly FlowStep[], counts: Counts): string[] {
  const [first, ...rest] = steps;
  if (!first || rest.length === 0) return [];
  const started = stepEntries(first, counts);
  if (started === 0) return ['Ningún visitante empezó el paso 1 en este período.'];
  return rest.map((step) => {
    const reached = stepEntries(step, counts);
    const share = formatShare(reached, started);
    return `De ${formatCount(started)} visitantes que empezaron el paso 1, ${formatCount(reached)} llegaron al paso ${step.number}${share ? ` (${share})` : ''}.`;
  });
}

// ---------------------------------------------------------------------------------------------
// On the chart

export interface EdgeTraffic {
  count: number;
  /** Its share of the choice it is one way of (same source and event, or the state's eventless ones). */
  share: string | undefined;
  never: boolean;
  /** Stroke width, proportional to the busiest transition's traffic. */
  width: number;
}

export interface Traffic {
  states: Map<string, number>;
  transitions: Map<string, EdgeTraffic>;
}

export const MIN_WIDTH = 1.25;
export const MAX_WIDTH = 8;

/** `<source> <event>` (or `<source> always`) of a key: the transitions that answer one choice. */
export function choiceOf(key: string): string {
  const hash = key.lastIndexOf('#');
  return hash === -1 ? key : key.slice(0, hash);
}

/** Every state's entries and every transition's traffic, for the chart of today's version. */
export function trafficOf(graph: FlowGraph, counts: Counts): Traffic {
  const all: GraphTransition[] = [...graph.transitions, ...graph.states.flatMap((s) => s.internal)];
  const taken = (key: string) => counts.transiciones[key] ?? 0;
  const groups = new Map<string, string[]>();
  for (const t of all) {
    const group = groups.get(choiceOf(t.key)) ?? [];
    group.push(t.key);
    groups.set(choiceOf(t.key), group);
  }
  const max = Math.max(0, ...all.map((t) => taken(t.key)));
  const transitions = new Map<string, EdgeTraffic>();
  for (const t of all) {
    const count = taken(t.key);
    const group = groups.get(choiceOf(t.key)) ?? [];
    const total = group.reduce((n, k) => n + taken(k), 0);
    transitions.set(t.key, {
      count,
      share: group.length > 1 ? formatShare(count, total) : undefined,
      never: count === 0,
      width: max === 0 ? MIN_WIDTH : MIN_WIDTH + ((MAX_WIDTH - MIN_WIDTH) * count) / max,
    });
  }
  return {
    states: new Map(graph.states.map((s) => [s.id, counts.estados[s.id] ?? 0])),
    transitions,
  };
}

/** What the diagram writes on each state and transition, and how it draws the transition. */
export interface ChartMarks {
  states: ReadonlyMap<string, string>;
  transitions: ReadonlyMap<string, { text: string; width?: number; never: boolean }>;
}

export const NEVER_TAKEN = 'nunca en este período';

export function chartMarks(graph: FlowGraph, traffic: Traffic): ChartMarks {
  const root = graph.states.find((s) => s.parent === null)?.id;
  const states = new Map<string, string>();
  for (const [id, n] of traffic.states)
    states.set(id, id === root ? `${formatCount(n)} visitas` : `${formatCount(n)} entradas`);
  const transitions = new Map<string, { text: string; width?: number; never: boolean }>();
  for (const [key, t] of traffic.transitions)
    transitions.set(key, {
      text: t.never ? NEVER_TAKEN : `${formatCount(t.count)}${t.share ? ` · ${t.share}` : ''}`,
      width: t.width,
      never: t.never,
    });
  return { states, transitions };
}

/** The chart of changes's id or key of one of the older version (it added a suffix when the newer one took it). */
function olderId(id: string): string {
  return id.replace(/(~antes)+$/, '');
}

/**
 * The chart of changes with both versions' counts side by side: `antes 58 · ahora 71` on what both
 * have, one side on what only one has.
 */
export function versionMarks(graph: FlowGraph, now: Counts, before: Counts): ChartMarks {
  const side = (was: number | undefined, is: number | undefined) =>
    [was === undefined ? '' : `antes ${formatCount(was)}`, is === undefined ? '' : `ahora ${formatCount(is)}`]
      .filter(Boolean)
      .join(' · ');
  const states = new Map<string, string>();
  for (const s of graph.states) {
    const removed = s.change === 'removed' || s.change === 'previous';
    const added = s.change === 'added';
    states.set(
      s.id,
      side(
        added ? undefined : (before.estados[olderId(s.id)] ?? 0),
        removed ? undefined : (now.estados[s.id] ?? 0),
      ),
    );
  }
  const transitions = new Map<string, { text: string; never: boolean }>();
  for (const t of [...graph.transitions, ...graph.states.flatMap((s) => s.internal)]) {
    const older = t.change === 'previous' ? (t.changeOf ?? t.key) : olderId(t.key);
    const gone = t.change === 'removed' || t.change === 'previous';
    transitions.set(t.key, {
      text: side(
        t.change === 'added' ? undefined : (before.transiciones[older] ?? 0),
        gone ? undefined : (now.transiciones[t.key] ?? 0),
      ),
      never: false,
    });
  }
  return { states, transitions };
}

// ---------------------------------------------------------------------------------------------
// Versions

export interface VersionRow {
  version: string;
  current: boolean;
  primerDia: string;
  ultimoDia: string;
  completion: Completion;
  /** Share of step k's entries that reached step k + 1, for k = 1…n-1. */
  stepShares: (string | undefined)[];
}

export function versionRows(
  graph: FlowGraph,
  steps: readonly FlowStep[],
  current: FlowCountsEntry | undefined,
  older: readonly FlowCountsEntry[],
): VersionRow[] {
  const rows = [...(current ? [current] : []), ...older];
  return rows.map((e) => ({
    version: e.version,
    current: e === current,
    primerDia: e.primerDia,
    ultimoDia: e.ultimoDia,
    completion: completionOf(graph, steps, e),
    stepShares: steps.slice(1).map((step, i) => {
      const from = steps[i];
      return from ? formatShare(stepEntries(step, e), stepEntries(from, e)) : undefined;
    }),
  }));
}

/**
 * What changed from the newest older version to today's, step by step (`desde este cambio, el paso
 * 3 → 4 pasó de 58 % a 71 %`); for a flow without steps, its completion.
 */
export function changeSentences(
  graph: FlowGraph,
  steps: readonly FlowStep[],
  current: FlowCountsEntry | undefined,
  older: readonly FlowCountsEntry[],
): string[] {
  const before = older[0];
  if (!current || !before) return [];
  const out: string[] = [];
  if (steps.length > 1) {
    steps.slice(1).forEach((step, i) => {
      const from = steps[i];
      if (!from) return;
      const was = formatShare(stepEntries(step, before), stepEntries(from, before));
      const is = formatShare(stepEntries(step, current), stepEntries(from, current));
      out.push(
        was && is
          ? `desde este cambio, el paso ${from.number} → ${step.number} pasó de ${was} a ${is}`
          : `el paso ${from.number} → ${step.number} tiene muy pocos visitantes en alguna de las dos versiones para compararlo`,
      );
    });
    return out;
  }
  const a = completionOf(graph, steps, before);
  const b = completionOf(graph, steps, current);
  if (a.completed === undefined || b.completed === undefined) return out;
  const was = formatShare(a.completed, a.visits);
  const is = formatShare(b.completed, b.visits);
  if (was && is) out.push(`desde este cambio, la completación del flujo pasó de ${was} a ${is}`);
  return out;
}

/** Failures and refusals where they happen: the states of a `failure.*` tag and the transitions into failures. */
export function failureItems(
  graph: FlowGraph,
  counts: Counts,
): { kind: 'state' | 'transition'; id: string; count: number }[] {
  const tagged = graph.states.filter((s) => s.tags.some((t) => t.startsWith('failure.')));
  const named = new Set(tagged.map((s) => s.id));
  const states = tagged.map((s) => ({ kind: 'state' as const, id: s.id, count: counts.estados[s.id] ?? 0 }));
  // A transition into a tagged failure is already counted by that state's entries.
  const transitions = graph.transitions
    .filter((t) => t.failure && !t.targets.some((id) => named.has(id)))
    .map((t) => ({ kind: 'transition' as const, id: t.key, count: counts.transiciones[t.key] ?? 0 }));
  return [...states, ...transitions];
}
