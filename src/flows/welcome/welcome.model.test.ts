import { describe, expect, it } from 'vitest';
import { CONVERSION_VALUE_PREMIUM_USD, CONVERSION_VALUE_PRO_USD } from '../../domain/constants';
import { welcomeModel } from './welcome.samples';
import { welcomeMachine, type WelcomeInput } from './welcome.machine';
import {
  Coverage,
  expectFullCoverage,
  report,
  runModel,
  type ModelRunResult,
} from '../../../tests/model/support/model-harness';

/** The redirect's plan: the parameter itself when it is exactly pro or premium, else none. */
function expectedRedirectPlan(raw: string | null | undefined): string | null {
  return raw === 'pro' || raw === 'premium' ? raw : null;
}

describe('welcome machine: model paths', () => {
  const coverage = new Coverage();
  const results: ModelRunResult[] = [];

  it.each(welcomeModel.runs)('runs every path ($label)', async (run) => {
    const input = run.input as WelcomeInput;
    const expectedValue = input.plan === 'premium' ? CONVERSION_VALUE_PREMIUM_USD : CONVERSION_VALUE_PRO_USD;
    results.push(
      await runModel(
        {
          ...run,
          name: 'welcome',
          machine: welcomeMachine,
          check: ({ real, effects }) => {
            expect(real.context.conversionValue).toBe(expectedValue);
            // Both conversions go out on load, the Purchase with the plan's value in USD.
            expect(effects.slice(0, 2)).toEqual([
              { action: 'trackLead', params: undefined },
              { action: 'trackPurchase', params: { value: expectedValue, currency: 'USD' } },
            ]);
            // Never a second conversion, whatever happens next (a return from the cache included).
            expect(effects.filter((e) => e.action.startsWith('track'))).toHaveLength(2);
            const redirects = effects.filter((e) => e.action === 'redirectToRegistration');
            if (input.skipRedirect) {
              expect(redirects).toHaveLength(0);
              expect(real.matches({ ready: 'redirecting' })).toBe(false);
            } else if (real.matches('ready')) {
              expect(redirects).toEqual([
                { action: 'redirectToRegistration', params: { plan: expectedRedirectPlan(input.plan) } },
              ]);
            } else expect(redirects).toHaveLength(0);
            expect(real.hasTag('busy')).toBe(
              real.matches('preparing') || real.matches({ ready: 'redirecting' }),
            );
          },
        },
        coverage,
      ),
    );
  });

  it('reaches every state and transition', () => {
    report('welcome', results, welcomeMachine);
    expectFullCoverage(welcomeMachine, coverage);
  });
});
