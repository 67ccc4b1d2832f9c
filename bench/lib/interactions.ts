/**
 * The pure part of `npm run bench:interactions`: which driven action each Event Timing entry
 * belongs to, each interaction's duration, the worst per wizard step and per kind over the runs,
 * the budget it breaks and the table. No I/O here (tests/unit/bench/interactions.test.ts).
 */
import { INTERACTION_BUDGET_MS } from '../budgets';
import { median } from './summary';

/** The wizard's steps, as its card names them (data-step), in order. */
const WIZARD_STEPS = ['contact', 'situation', 'category', 'sector', 'thanks'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** What the visitor does: fill a field, choose an option, or press one of the step's buttons. */
const INTERACTION_KINDS = ['typing', 'choosing', 'Siguiente', 'Atrás'] as const;
export type InteractionKind = (typeof INTERACTION_KINDS)[number];

/** One PerformanceEventTiming entry (type 'event' or 'first-input'), as the page recorded it. */
export interface EventEntry {
  /** The event's type: keydown, pointerdown, click... */
  name: string;
  /** 0 for events that are not part of an interaction (pointerover...). */
  interactionId: number;
  startTime: number;
  /** From the event's time stamp to the next paint after its handlers, rounded to 8 ms. */
  duration: number;
  processingStart: number;
  processingEnd: number;
}

/** One action of the driver: its step, its kind, a name, and the page time it took. */
export interface DrivenAction {
  step: WizardStep;
  kind: InteractionKind;
  /** The field, option or button, for the report. */
  what: string;
  /** performance.now() in the page just before the action and once its result showed. */
  from: number;
  to: number;
}

/** One interaction (the entries that share an interactionId), labelled with its action. */
export interface Interaction {
  step: WizardStep;
  kind: InteractionKind;
  what: string;
  /** The longest entry's event type, then the others whose handlers ran before its frame. */
  event: string;
  durationMs: number;
  /** Waiting for the main thread before the handlers ran. */
  inputDelayMs: number;
  /** The handlers, those of the other events in the same frame included. */
  processingMs: number;
  /** From the end of the handlers to the next paint. */
  presentationMs: number;
}

/**
 * Groups the entries by interaction and labels each with the action whose time span holds it.
 * Entries outside every action (a scroll, a hover) and those of no interaction are left out.
 * The interaction lasts as long as its longest entry; its handlers run from that entry's first
 * handler to the last handler of the interaction that ran before its frame (a tap's pointerup,
 * mouseup and click run in one task, and the click's work delays the pointerup's frame).
 */
export function interactionsOf(
  entries: readonly EventEntry[],
  actions: readonly DrivenAction[],
): Interaction[] {
  const groups = new Map<number, EventEntry[]>();
  for (const entry of entries) {
    if (entry.interactionId === 0) continue;
    groups.set(entry.interactionId, [...(groups.get(entry.interactionId) ?? []), entry]);
  }
  const out: Interaction[] = [];
  for (const group of groups.values()) {
    const longest = group.reduce((top, e) => (e.duration > top.duration ? e : top));
    const action = actions.find((a) => longest.startTime >= a.from && longest.startTime <= a.to);
    if (!action) continue;
    const frame = longest.startTime + longest.duration;
    const sameFrame = group.filter((e) => e.startTime >= longest.startTime && e.processingEnd <= frame);
    const handlersEnd = Math.max(longest.processingEnd, ...sameFrame.map((e) => e.processingEnd));
    out.push({
      step: action.step,
      kind: action.kind,
      what: action.what,
      event: [longest.name, ...sameFrame.filter((e) => e !== longest).map((e) => e.name)]
        .filter((name, i, all) => all.indexOf(name) === i)
        .join('+'),
      durationMs: longest.duration,
      inputDelayMs: longest.processingStart - longest.startTime,
      processingMs: handlersEnd - longest.processingStart,
      presentationMs: frame - handlersEnd,
    });
  }
  return out;
}

export interface WorstOf {
  step: WizardStep;
  /** null: the worst of the step over every kind. */
  kind: InteractionKind | null;
  /** Each run's worst interaction (null in a run where none reached the 16 ms the API reports). */
  perRun: readonly (Interaction | null)[];
  /** The median over the runs of each run's worst (0 for a run with none reported). */
  medianMs: number;
  /** The worst of all runs. */
  worst: Interaction | null;
}

function worstOf(list: readonly Interaction[]): Interaction | null {
  return list.reduce<Interaction | null>(
    (top, i) => (top === null || i.durationMs > top.durationMs ? i : top),
    null,
  );
}

/**
 * Per step and kind (the pairs the driver performed), and per step over every kind: each run's
 * worst interaction, their median, and the worst of all.
 */
export function worstInteractions(
  runs: readonly (readonly Interaction[])[],
  actions: readonly Pick<DrivenAction, 'step' | 'kind'>[],
): { byKind: WorstOf[]; byStep: WorstOf[] } {
  const summarize = (step: WizardStep, kind: InteractionKind | null): WorstOf => {
    const perRun = runs.map((run) =>
      worstOf(run.filter((i) => i.step === step && (kind === null || i.kind === kind))),
    );
    return {
      step,
      kind,
      perRun,
      medianMs: runs.length === 0 ? 0 : median(perRun.map((i) => i?.durationMs ?? 0)),
      worst: worstOf(perRun.filter((i): i is Interaction => i !== null)),
    };
  };
  const byKind: WorstOf[] = [];
  const byStep: WorstOf[] = [];
  for (const step of WIZARD_STEPS) {
    const kinds = INTERACTION_KINDS.filter((kind) => actions.some((a) => a.step === step && a.kind === kind));
    if (kinds.length === 0) continue;
    byStep.push(summarize(step, null));
    for (const kind of kinds) byKind.push(summarize(step, kind));
  }
  return { byKind, byStep };
}

/** Every step and kind whose median worst interaction is over the budget, one sentence each. */
export function brokenInteractionBudgets(byKind: readonly WorstOf[]): string[] {
  return byKind
    .filter((w) => w.medianMs > INTERACTION_BUDGET_MS)
    .map(
      (w) =>
        `${w.step} / ${w.kind ?? 'any'}: ${w.medianMs} ms (median of the runs' worst; budget ${INTERACTION_BUDGET_MS} ms; worst ${describe(w.worst)})`,
    );
}

/** '168 ms, pointerdown on Siguiente (delay 4, handlers 120, paint 44)'. */
export function describe(i: Interaction | null): string {
  if (i === null) return 'none over 16 ms';
  const r = (ms: number) => Math.max(0, Math.round(ms));
  return `${i.durationMs} ms, ${i.event} on ${i.what} (delay ${r(i.inputDelayMs)}, handlers ${r(i.processingMs)}, paint ${r(i.presentationMs)})`;
}

const COLUMNS = ['step', 'kind', 'median', 'runs', 'worst of all'] as const;

/** A Markdown table: per step its worst over every kind, then each kind. */
export function formatInteractionTable(byStep: readonly WorstOf[], byKind: readonly WorstOf[]): string {
  const row = (w: WorstOf) => [
    w.kind === null ? `${WIZARD_STEPS.indexOf(w.step) + 1} ${w.step}` : '',
    w.kind ?? '(any)',
    `${w.medianMs} ms`,
    w.perRun.map((i) => (i === null ? '<16' : String(i.durationMs))).join(', '),
    describe(w.worst),
  ];
  const rows = byStep.flatMap((s) => [row(s), ...byKind.filter((k) => k.step === s.step).map(row)]);
  const widths = COLUMNS.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const right = (i: number) => i === 2;
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => (right(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (right(i) ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(COLUMNS), rule, ...rows.map(line)].join('\n');
}
