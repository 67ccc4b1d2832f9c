import { setup } from 'xstate';
import { NOTIFICATION_DISPLAY_MS } from '../domain/constants';

export type NotificationTone = 'success' | 'info' | 'warning' | 'danger';

export interface NotificationInput {
  message: string;
  tone: NotificationTone;
}

export type NotificationContext = NotificationInput;

export type NotificationEvent =
  { type: 'notification.dismiss' } | { type: 'notification.hold' } | { type: 'notification.release' };

/**
 * A notification (spec section 9, 'Notification display 10000 ms'): shown at once, hidden after the
 * display delay or by its close button. Pointer hover or keyboard focus holds it, so it never
 * disappears while someone is reading or about to press it; the full delay restarts on release.
 */
export const notificationMachine = setup({
  types: {
    input: {} as NotificationInput,
    context: {} as NotificationContext,
    events: {} as NotificationEvent,
    tags: {} as 'shown',
  },
  delays: {
    displayDelay: NOTIFICATION_DISPLAY_MS,
  },
}).createMachine({
  id: 'notification',
  context: ({ input }) => ({ message: input.message, tone: input.tone }),
  initial: 'visible',
  states: {
    visible: {
      tags: ['shown'],
      initial: 'counting',
      on: {
        'notification.dismiss': { target: 'hidden' },
      },
      states: {
        counting: {
          after: { displayDelay: { target: '#notification.hidden' } },
          on: { 'notification.hold': { target: 'held' } },
        },
        held: {
          on: { 'notification.release': { target: 'counting' } },
        },
      },
    },
    hidden: {
      type: 'final',
    },
  },
});
