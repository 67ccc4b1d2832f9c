import { describe, expect, it } from 'vitest';
import {
  NEWSLETTER_ERROR_MESSAGE,
  NEWSLETTER_SUCCESS_MESSAGE,
  newsletterMachine,
} from '../../src/machines/newsletter.machine';
import {
  NEWSLETTER_FIELDS as fields,
  newsletterModel,
} from '../../src/machines/model/simple-machines.samples';
import { Coverage, expectFullCoverage, report, runModel, type ModelRunResult } from './support/model-harness';

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
