import { describe, expect, it } from 'vitest';
import { NOTIFICATION_INPUT as input, notificationModel } from './notification.samples';
import { notificationMachine } from './notification.machine';
import {
  Coverage,
  expectFullCoverage,
  report,
  runModel,
  type ModelRunResult,
} from '../../../tests/model/support/model-harness';

describe('notification machine: model paths', () => {
  const coverage = new Coverage();
  const results: ModelRunResult[] = [];

  it.each(notificationModel.runs)('runs every path ($label)', async (run) => {
    results.push(
      await runModel(
        {
          ...run,
          name: 'notification',
          machine: notificationMachine,
          check: ({ real, before, event }) => {
            expect(real.context).toEqual(input);
            expect(real.hasTag('shown')).toBe(real.matches('visible'));
            if (event.type === 'notification.dismiss') expect(real.matches('hidden')).toBe(true);
            // Time hides it only while nobody holds it.
            if (event.type.startsWith('xstate.after.')) {
              expect(before?.matches({ visible: 'counting' })).toBe(true);
              expect(real.matches('hidden')).toBe(true);
            }
          },
        },
        coverage,
      ),
    );
  });

  it('reaches every state and transition', () => {
    report('notification', results, notificationMachine);
    expectFullCoverage(notificationMachine, coverage);
  });
});
