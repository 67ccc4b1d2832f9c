import { describe, expect, it } from 'vitest';
import {
  afterEvent,
  delayEventOf,
  doneActorEvent,
  errorActorEvent,
  inMachine,
  isXStateEvent,
  parseActorEvent,
  parseAfterEvent,
  parseDoneStateEvent,
} from '../src/kit';
import { checkoutMachine, wizardMachine } from './fixtures/machines';

describe("XState's event names, read in one place", () => {
  it('splits a delay event at the state id that follows, whatever dots the delay or the state hold', () => {
    const type = afterEvent('retry.delay', 'wizard.sync.updating.attempt.retryWait');
    expect(type).toBe('xstate.after.retry.delay.wizard.sync.updating.attempt.retryWait');
    expect(parseAfterEvent(type, inMachine('wizard'))).toEqual({
      delay: 'retry.delay',
      stateId: 'wizard.sync.updating.attempt.retryWait',
    });
    expect(parseAfterEvent(afterEvent('wait', 'wizard'), inMachine('wizard'))).toEqual({
      delay: 'wait',
      stateId: 'wizard',
    });
    expect(parseAfterEvent('xstate.after.wait.other.state', inMachine('wizard'))).toBeUndefined();
    expect(parseAfterEvent('step.next', inMachine('wizard'))).toBeUndefined();
    expect(
      delayEventOf(wizardMachine, afterEvent('retryDelay', 'wizard.sync.updating.attempt.retryWait')),
    ).toEqual({
      delay: 'retryDelay',
      stateId: 'wizard.sync.updating.attempt.retryWait',
    });
    expect(delayEventOf(checkoutMachine, 'xstate.after.loadTimeout.checkout.loading').stateId).toBe(
      'checkout.loading',
    );
  });

  it("names an invoked actor's answer and failure, and a final state reached", () => {
    expect(parseActorEvent(doneActorEvent('save.lead'))).toEqual({ outcome: 'done', id: 'save.lead' });
    expect(parseActorEvent(errorActorEvent('save'))).toEqual({ outcome: 'error', id: 'save' });
    expect(parseActorEvent('save')).toBeUndefined();
    expect(parseDoneStateEvent('xstate.done.state.wizard.steps')).toBe('wizard.steps');
    expect(parseDoneStateEvent(doneActorEvent('x'))).toBeUndefined();
    expect([isXStateEvent('xstate.init'), isXStateEvent('contact.submit')]).toEqual([true, false]);
  });
});
