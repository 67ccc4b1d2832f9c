import { describe, expect, it } from 'vitest';
import { INTERACTION_BUDGET_MS } from '../../../bench/budgets';
import {
  brokenInteractionBudgets,
  describe as describeInteraction,
  formatInteractionTable,
  interactionsOf,
  worstInteractions,
  type DrivenAction,
  type EventEntry,
  type Interaction,
} from '../../../bench/lib/interactions';

function entry(over: Partial<EventEntry>): EventEntry {
  return {
    name: 'pointerdown',
    interactionId: 1,
    startTime: 100,
    duration: 24,
    processingStart: 102,
    processingEnd: 110,
    ...over,
  };
}

const ACTIONS: DrivenAction[] = [
  { step: 'contact', kind: 'typing', what: 'Nombre', from: 0, to: 1000 },
  { step: 'contact', kind: 'Siguiente', what: 'Siguiente', from: 1000, to: 1500 },
  { step: 'situation', kind: 'choosing', what: 'option 1', from: 1500, to: 2000 },
];

function interaction(over: Partial<Interaction>): Interaction {
  return {
    step: 'contact',
    kind: 'typing',
    what: 'Nombre',
    event: 'keydown',
    durationMs: 24,
    inputDelayMs: 1,
    processingMs: 10,
    presentationMs: 13,
    ...over,
  };
}

describe('interactions from Event Timing entries', () => {
  it('takes the longest entry of each interaction and labels it with the action it happened in', () => {
    const found = interactionsOf(
      [
        entry({
          interactionId: 7,
          name: 'keydown',
          startTime: 200,
          duration: 32,
          processingStart: 210,
          processingEnd: 220,
        }),
        entry({
          interactionId: 7,
          name: 'keyup',
          startTime: 260,
          duration: 16,
          processingStart: 261,
          processingEnd: 262,
        }),
      ],
      ACTIONS,
    );
    expect(found).toEqual([
      interaction({
        event: 'keydown',
        durationMs: 32,
        inputDelayMs: 10,
        processingMs: 10,
        presentationMs: 12,
      }),
    ]);
  });

  it("counts a tap's click handlers, run before the pointerup's frame, as the pointerup's handlers", () => {
    const tap = [
      entry({
        interactionId: 9,
        name: 'pointerdown',
        startTime: 1000,
        duration: 24,
        processingStart: 1002,
        processingEnd: 1004,
      }),
      entry({
        interactionId: 9,
        name: 'pointerup',
        startTime: 1060,
        duration: 104,
        processingStart: 1062,
        processingEnd: 1063,
      }),
      entry({
        interactionId: 9,
        name: 'click',
        startTime: 1060,
        duration: 104,
        processingStart: 1063,
        processingEnd: 1150,
      }),
    ];
    expect(interactionsOf(tap, ACTIONS)).toEqual([
      {
        step: 'contact',
        kind: 'Siguiente',
        what: 'Siguiente',
        event: 'pointerup+click',
        durationMs: 104,
        inputDelayMs: 2,
        processingMs: 88,
        presentationMs: 14,
      },
    ]);
  });

  it('leaves out events of no interaction and those outside every action', () => {
    expect(
      interactionsOf([entry({ interactionId: 0, name: 'pointerover' }), entry({ startTime: 5000 })], ACTIONS),
    ).toEqual([]);
  });
});

describe('the worst interactions', () => {
  const runs: Interaction[][] = [
    [interaction({ durationMs: 40 }), interaction({ kind: 'Siguiente', what: 'Siguiente', durationMs: 168 })],
    [interaction({ durationMs: 56 }), interaction({ kind: 'Siguiente', what: 'Siguiente', durationMs: 88 })],
    [interaction({ kind: 'Siguiente', what: 'Siguiente', durationMs: 96 })],
  ];

  it('gives per step and kind the median of each run’s worst (none reported counts 0) and the worst of all', () => {
    const { byKind, byStep } = worstInteractions(runs, ACTIONS);
    expect(byKind.map((w) => [w.step, w.kind, w.medianMs, w.worst?.durationMs ?? null])).toEqual([
      ['contact', 'typing', 40, 56],
      ['contact', 'Siguiente', 96, 168],
      ['situation', 'choosing', 0, null],
    ]);
    expect(byStep.map((w) => [w.step, w.medianMs, w.worst?.durationMs ?? null])).toEqual([
      ['contact', 96, 168],
      ['situation', 0, null],
    ]);
  });

  it(`breaks the budget when a median is over ${INTERACTION_BUDGET_MS} ms, not when one run is`, () => {
    expect(brokenInteractionBudgets(worstInteractions(runs, ACTIONS).byKind)).toEqual([]);
    const slow = runs.map((run) => [
      ...run,
      interaction({ kind: 'Siguiente', what: 'Siguiente', durationMs: 112 }),
    ]);
    expect(brokenInteractionBudgets(worstInteractions(slow, ACTIONS).byKind)).toEqual([
      `contact / Siguiente: 112 ms (median of the runs' worst; budget ${INTERACTION_BUDGET_MS} ms; worst 168 ms, keydown on Siguiente (delay 1, handlers 10, paint 13))`,
    ]);
  });

  it('prints each step’s worst, then its kinds', () => {
    const { byKind, byStep } = worstInteractions(runs, ACTIONS);
    expect(
      formatInteractionTable(byStep, byKind)
        .split('\n')
        .map((l) => l.replace(/ +/g, ' ')),
    ).toEqual([
      '| step | kind | median | runs | worst of all |',
      expect.stringMatching(/^\|-+\|-+\|-+:\|-+\|-+\|$/),
      `| 1 contact | (any) | 96 ms | 168, 88, 96 | ${describeInteraction(runs[0]?.[1] ?? null)} |`,
      '| | typing | 40 ms | 40, 56, <16 | 56 ms, keydown on Nombre (delay 1, handlers 10, paint 13) |',
      '| | Siguiente | 96 ms | 168, 88, 96 | 168 ms, keydown on Siguiente (delay 1, handlers 10, paint 13) |',
      '| 2 situation | (any) | 0 ms | <16, <16, <16 | none over 16 ms |',
      '| | choosing | 0 ms | <16, <16, <16 | none over 16 ms |',
    ]);
  });
});
