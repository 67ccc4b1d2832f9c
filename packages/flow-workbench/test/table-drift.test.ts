import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { isTransient, tableDrift } from '../src/kit';

/**
 * A browser table needs a check for every state a visitor can see. A state left in the same step
 * it was entered (an eventless transition without a guard) is never on screen, so a new rule
 * written as such a state asks nothing of the table; a state that may rest asks for its check.
 */
const signup = setup({
  guards: { isBlocked: () => false, isRetryable: () => true },
}).createMachine({
  id: 'signup',
  initial: 'form',
  states: {
    form: { on: { submit: 'screening' } },
    // Transient: one of its eventless transitions has no guard.
    screening: { always: [{ guard: 'isBlocked', target: 'form' }, { target: 'done' }] },
    // Not transient: when no guard holds, the machine rests here.
    waiting: { always: [{ guard: 'isRetryable', target: 'form' }], on: { retry: 'form' } },
    done: { type: 'final' },
  },
});

const node = (key: string) => {
  const found = signup.root.states[key];
  if (!found) throw new Error(key);
  return found;
};

describe('the drift between a machine and its browser table', () => {
  it('tells a state the machine never rests in from one that may rest', () => {
    expect(isTransient(node('screening'))).toBe(true);
    expect(isTransient(node('waiting'))).toBe(false);
    expect(isTransient(node('form'))).toBe(false);
  });

  it('asks a check for every state that can be seen, and none for a transient one', () => {
    const check = async () => {};
    const drift = tableDrift(signup, {
      states: { signup: check, 'signup.form': check },
      events: { submit: {} },
    });
    expect(drift.statesWithoutAssertion).toEqual(['signup.waiting', 'signup.done']);
    expect(drift.eventsWithoutAction).toEqual(['retry']);
    expect(drift.unknownEntries).toEqual([]);
  });

  it('names a check of a state the machine does not have', () => {
    const check = async () => {};
    const drift = tableDrift(signup, {
      states: {
        signup: check,
        'signup.form': check,
        'signup.waiting': check,
        'signup.done': check,
        'signup.gone': check,
      },
      events: { submit: {}, retry: {} },
    });
    expect(drift).toEqual({
      statesWithoutAssertion: [],
      eventsWithoutAction: [],
      unknownEntries: ['signup.gone'],
    });
  });
});
