import { describe, expect, it } from 'vitest';
import { referralBannerMachine, type ReferralBannerInput } from '../../src/machines/referral-banner.machine';
import { Coverage, expectFullCoverage, report, runModel, type ModelRunResult } from './support/model-harness';

const inputs: ReferralBannerInput[] = [{ code: 'AMIGO25' }, { code: null }, { code: '   ' }];

describe('referral banner machine: model paths', () => {
  const coverage = new Coverage();
  const results: ModelRunResult[] = [];

  it.each(inputs)('runs every path for %j', async (input) => {
    results.push(
      await runModel(
        {
          name: 'referral-banner',
          machine: referralBannerMachine,
          input,
          events: () => [{ type: 'banner.apply' }],
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
