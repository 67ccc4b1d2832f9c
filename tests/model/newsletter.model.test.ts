import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import {
  NEWSLETTER_ERROR_MESSAGE,
  NEWSLETTER_SUCCESS_MESSAGE,
  newsletterMachine,
} from '../../src/machines/newsletter.machine';
import { Coverage, expectFullCoverage, report, runModel, type ModelRunResult } from './support/model-harness';

const fields = { EMAIL: 'ana@example.com' };
const events: EventObject[] = [
  { type: 'form.submit', valid: true, fields } as EventObject,
  { type: 'form.submit', valid: false, fields: { EMAIL: 'no' } } as EventObject,
  { type: 'xstate.done.actor.subscribe', output: { response: 'success', message: 'ok' } } as EventObject,
  {
    type: 'xstate.done.actor.subscribe',
    output: { response: 'error', message: '<b>Ya</b> estás suscripto' },
  } as EventObject,
  { type: 'xstate.error.actor.subscribe', error: new SyntaxError('Unexpected token') } as EventObject,
];

describe('newsletter machine: model paths', () => {
  const coverage = new Coverage();
  const results: ModelRunResult[] = [];

  it('runs every path', async () => {
    results.push(
      await runModel(
        {
          name: 'newsletter',
          machine: newsletterMachine,
          events: () => events,
          check: ({ real, event, calls }) => {
            expect(real.hasTag('busy')).toBe(real.matches('sending'));
            expect(real.hasTag('validated')).toBe(!real.matches('idle'));
            if (real.matches('sending')) {
              expect(calls.at(-1)?.input).toEqual({ fields });
            }
            // An invalid form is never sent.
            if (event.type === 'form.submit' && (event as { valid?: boolean }).valid === false) {
              expect(calls.filter((c) => !c.settled)).toHaveLength(0);
            }
            if (real.matches('success')) expect(real.context.message).toBe(NEWSLETTER_SUCCESS_MESSAGE);
            if (real.matches('warning')) expect(real.context.message).toBe('Ya estás suscripto');
            if (real.matches('error')) expect(real.context.message).toBe(NEWSLETTER_ERROR_MESSAGE);
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
