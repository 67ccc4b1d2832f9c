import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { NOTIFICATION_DISPLAY_MS } from '../../src/domain/constants';
import { notificationMachine, type NotificationInput } from '../../src/machines/notification.machine';
import { Coverage, expectFullCoverage, report, runModel, type ModelRunResult } from './support/model-harness';

const input: NotificationInput = { message: 'Ya estás suscrito', tone: 'warning' };
const events: EventObject[] = [
  { type: 'notification.dismiss' },
  { type: 'notification.hold' },
  { type: 'notification.release' },
];

describe('notification machine: model paths', () => {
  const coverage = new Coverage();
  const results: ModelRunResult[] = [];

  it('runs every path', async () => {
    results.push(
      await runModel(
        {
          name: 'notification',
          machine: notificationMachine,
          input,
          events: () => events,
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
    expect(NOTIFICATION_DISPLAY_MS).toBe(10000);
  });

  it('reaches every state and transition', () => {
    report('notification', results, notificationMachine);
    expectFullCoverage(notificationMachine, coverage);
  });
});
