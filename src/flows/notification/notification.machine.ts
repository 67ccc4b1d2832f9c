import { setup } from 'xstate';
import { NOTIFICATION_DISPLAY_MS } from '../../domain/constants';

type NotificationTone = 'success' | 'info' | 'warning' | 'danger';

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
  description:
    'Notificación: muestra un mensaje por un tiempo, que se detiene mientras alguien la lee, y se cierra sola o con su botón.',
  context: ({ input }) => ({ message: input.message, tone: input.tone }),
  initial: 'visible',
  states: {
    visible: {
      description: 'La notificación está a la vista.',
      tags: ['shown'],
      initial: 'counting',
      on: {
        'notification.dismiss': {
          target: 'hidden',
          description: 'El visitante cierra la notificación con su botón.',
        },
      },
      states: {
        counting: {
          description: 'Corre el tiempo que la notificación queda a la vista.',
          after: {
            displayDelay: {
              target: '#notification.hidden',
              description: 'Pasado ese tiempo, la notificación se oculta sola.',
            },
          },
          on: {
            'notification.hold': {
              target: 'held',
              description: 'Si el puntero o el foco entran en la notificación, el tiempo se detiene.',
            },
          },
        },
        held: {
          description: 'La notificación no se oculta mientras el visitante la lee o está por pulsarla.',
          on: {
            'notification.release': {
              target: 'counting',
              description: 'Cuando el puntero y el foco salen, el tiempo vuelve a empezar completo.',
            },
          },
        },
      },
    },
    hidden: {
      type: 'final',
      description: 'La notificación se ocultó.',
    },
  },
});
