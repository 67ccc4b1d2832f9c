import { describe, expect, it } from 'vitest';
import { referralBannerModel } from './referral-banner.samples';
import { referralBannerMachine, type ReferralBannerInput } from './referral-banner.machine';
import {
  Coverage,
  expectFullCoverage,
  report,
  runModel,
  type ModelRunResult,
} from '../../../tests/model/support/model-harness';

describe('referral banner machine: model paths', () => {
  const coverage = new Coverage();
  const results: ModelRunResult[] = [];

  it.each(referralBannerModel.runs)('runs every path ($label)', async (run) => {
    const input = run.input as ReferralBannerInput;
    results.push(
      await runModel(
        {
          ...run,
          name: 'referral-banner',
          machine: referralBannerMachine,
          check: ({ real, event, effects }) => {
            const applied = effects.filter((e) => e.action === 'applyReferral');
            if (event.type === 'banner.apply')
              expect(applied).toEqual([{ action: 'applyReferral', params: { code: 'AMIGO25' } }]);
            else expect(applied).toEqual([]);
            // Without a usable code the banner never shows.
            if (input.code === null || input.code?.trim() === '') expect(real.matches('hidden')).toBe(true);
          },
        },
        coverage,
      ),
    );
  });

  it('reaches every state and transition', () => {
    report('referral-banner', results, referralBannerMachine);
    expectFullCoverage(referralBannerMachine, coverage);
  });
});
