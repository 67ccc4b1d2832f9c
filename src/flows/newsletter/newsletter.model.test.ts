import { describe, expect, it } from 'vitest';
import { newsletterMachine } from './newsletter.machine';
import { NEWSLETTER_ERROR_MESSAGE, NEWSLETTER_SUCCESS_MESSAGE } from '../../domain/newsletter';
import { NEWSLETTER_SUBMISSION as submission, newsletterModel } from './newsletter.samples';
import {
  Coverage,
  expectFullCoverage,
  report,
  runModel,
  type ModelRunResult,
} from '../../../tests/model/support/model-harness';

describe('newsletter machine: model paths', () => {
  const coverage = new Coverage();
  const results: ModelRunResult[] = [];

  it.each(newsletterModel.runs)('runs every path ($label)', async (run) => {
    results.push(
      await runModel(
        {
          ...run,
          name: 'newsletter',
          machine: newsletterMachine,
          check: ({ real, event, calls, effects }) => {
            expect(real.hasTag('busy')).toBe(real.matches('sending'));
            expect(real.hasTag('validated')).toBe(!real.matches('idle') && !real.matches('success'));
            const subscribes = calls.filter((c) => c.src === 'subscribe');
            if (real.matches('sending')) expect(subscribes.at(-1)?.input).toEqual(submission);
            // An invalid form is never sent, and its field gets the focus.
            if (
              event.type === 'form.submit' &&
              (event as { passesBrowserCheck?: boolean }).passesBrowserCheck === false
            ) {
              expect(subscribes.filter((c) => !c.settled)).toHaveLength(0);
              expect(effects.at(-1)?.action).toBe('focusInvalidField');
            }
            // The warning is shown by a notification, and only in the warning state.
            const notifications = calls.filter((c) => c.src === 'notification' && !c.settled);
            expect(notifications).toHaveLength(real.matches('warning') ? 1 : 0);
            if (real.matches('warning')) {
              expect(real.context.message).toBe('Ya estás suscrito');
              expect(notifications[0]?.input).toEqual({ message: 'Ya estás suscrito', tone: 'warning' });
            }
            if (real.matches('success')) {
              const output = (event as { output?: { message?: string } }).output;
              if (event.type === 'xstate.done.actor.subscribe') {
                expect(real.context.message).toBe(output?.message ?? NEWSLETTER_SUCCESS_MESSAGE);
                expect(effects.at(-1)?.action).toBe('clearForm');
              }
            }
            if (real.matches('error')) expect(real.context.message).toBe(NEWSLETTER_ERROR_MESSAGE);
            if (real.matches('idle') || real.matches('invalid') || real.matches('sending')) {
              expect(real.context.message).toBeNull();
            }
          },
        },
        coverage,
      ),
    );
  });

  it('reaches every state and transition', () => {
    report('newsletter', results, newsletterMachine);
    expectFullCoverage(newsletterMachine, coverage);
  });
});
