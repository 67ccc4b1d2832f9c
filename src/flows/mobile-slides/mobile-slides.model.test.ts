import { describe, expect, it } from 'vitest';
import { mobileSlidesMachine } from './mobile-slides.machine';
import { mobileSlidesModel } from './mobile-slides.samples';
import {
  Coverage,
  expectFullCoverage,
  report,
  runModel,
  type ModelRunResult,
} from '../../../tests/model/support/model-harness';

describe('mobile slides machine: model paths', () => {
  const coverage = new Coverage();
  const results: ModelRunResult[] = [];

  it.each(mobileSlidesModel.runs)('runs every path ($label)', async (run) => {
    results.push(
      await runModel(
        {
          ...run,
          name: 'mobile-slides',
          machine: mobileSlidesMachine,
          check: ({ real, event, effects }) => {
            expect(real.hasTag('busy')).toBe(real.matches('redirecting'));
            const last = effects.at(-1);
            if (event.type === 'trial.start')
              expect(last).toEqual({ action: 'redirectToTrial', params: { origin: 'apk' } });
            if (event.type === 'account.open')
              expect(last).toEqual({ action: 'redirectToAdmin', params: { origin: 'apk' } });
          },
        },
        coverage,
      ),
    );
  });

  it('reaches every state and transition', () => {
    report('mobile-slides', results, mobileSlidesMachine);
    expectFullCoverage(mobileSlidesMachine, coverage);
  });
});
