import { describe, expect, it } from 'vitest';
import { createMachine, fromPromise, setup, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { guardCode, parseActorEvent, parseAfterEvent, readGuard } from '@tienda/flow-workbench/kit';
import { flows } from '../../../src/flows/catalogue';

/**
 * Every state and every transition of a flow carries a plain Spanish description for the product
 * owners (DESIGN.md section 5). Read through XState's public state-node API: `transitions` holds
 * the `on` events, the `after` delays and the invoke outcomes; `always` is apart.
 */

/** The guard as the tools write it (`and(isA, not(isB))`), to name a candidate. */
function guardName(guard: unknown): string | undefined {
  return guard === undefined ? undefined : guardCode(readGuard(guard));
}

/** How a transition is triggered, as the machine's config writes it. */
function triggerOf(node: AnyStateNode, eventType: string): string {
  const delay = parseAfterEvent(eventType, (id) => id === node.id);
  if (delay) return `after ${delay.delay}`;
  const actor = parseActorEvent(eventType);
  if (actor) return `${actor.outcome === 'done' ? 'onDone' : 'onError'} of ${actor.id}`;
  return `on ${eventType}`;
}

interface Candidate {
  guard?: unknown;
  description?: string | undefined;
}

/** Names every state and transition of the machine that has no description (or an empty one). */
function undescribed(machine: AnyStateMachine): string[] {
  const missing: string[] = [];
  const isBlank = (text: string | undefined) => text === undefined || text.trim() === '';
  const check = (node: AnyStateNode, trigger: string, candidates: readonly Candidate[]) => {
    candidates.forEach((t, i) => {
      if (!isBlank(t.description)) return;
      const which = candidates.length > 1 ? ` (candidate ${i + 1} of ${candidates.length})` : '';
      const guard = guardName(t.guard);
      missing.push(`transition ${node.id}: ${trigger}${which}${guard ? ` [${guard}]` : ''}`);
    });
  };
  const walk = (node: AnyStateNode) => {
    if (isBlank(node.description))
      missing.push(`state ${node.id}${node.path.length === 0 ? ' (root: the flow in one line)' : ''}`);
    for (const [eventType, candidates] of node.transitions)
      check(node, triggerOf(node, eventType), candidates);
    check(node, 'always', node.always ?? []);
    Object.values(node.states).forEach(walk);
  };
  walk(machine.root);
  return missing;
}

describe('machine descriptions', () => {
  for (const flow of flows) {
    it(`${flow.slug}: every state and transition has a description`, () => {
      expect(undescribed(flow.machine), `add a description to each, in ${flow.source}`).toEqual([]);
    });
  }

  it('names each state and transition kind that lacks one', () => {
    const machine = setup({
      actors: { load: fromPromise(async () => 1) },
      guards: { isReady: () => true },
      delays: { wait: 10 },
    }).createMachine({
      id: 'sample',
      description: 'Un flujo de ejemplo.',
      initial: 'a',
      states: {
        a: {
          description: 'Primer estado.',
          on: {
            go: [{ guard: 'isReady', target: 'b', description: 'Si está listo, avanza.' }, { target: 'c' }],
          },
          after: { wait: { target: 'b' } },
        },
        b: {
          description: 'Cargando.',
          invoke: { id: 'loader', src: 'load', onDone: { target: 'c' }, onError: { target: 'c' } },
        },
        c: { always: { target: 'd' } },
        d: { description: '   ' },
      },
    });
    expect(undescribed(machine).sort()).toEqual(
      [
        'transition sample.a: on go (candidate 2 of 2)',
        'transition sample.a: after wait',
        'transition sample.b: onDone of loader',
        'transition sample.b: onError of loader',
        'state sample.c',
        'transition sample.c: always',
        'state sample.d',
      ].sort(),
    );
    expect(undescribed(createMachine({ id: 'bare' }))).toEqual(['state bare (root: the flow in one line)']);
  });
});
