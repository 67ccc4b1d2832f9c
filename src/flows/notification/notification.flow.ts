import { NOTIFICATION_DISPLAY_MS } from '../../domain/constants';
import type { FlowEntry } from '../flow-notes';
import { notificationMachine, type NotificationInput } from './notification.machine';

/** A notification: shown for a while, held while someone reads it, closed by its button. */
export const notificationFlow: FlowEntry = {
  order: 90,
  slug: 'notification',
  title: 'Notificación',
  description: `Muestra un mensaje durante ${NOTIFICATION_DISPLAY_MS} ms. El tiempo se detiene mientras el puntero o el foco están sobre la notificación y, cuando salen, vuelve a empezar completo; el visitante también puede cerrarla antes con su botón.`,
  source: 'src/flows/notification/notification.machine.ts',
  machine: notificationMachine,
  exampleInput: { message: 'Swiper plugin is missing', tone: 'danger' } satisfies NotificationInput,
  notes: {
    events: {
      'notification.dismiss': 'El visitante pulsa el botón para cerrar la notificación.',
      'notification.hold': 'El puntero o el foco entran en la notificación.',
      'notification.release': 'El puntero y el foco salen de la notificación.',
    },
    guards: {},
    actions: {},
    actors: {},
    context: {
      message: 'el texto de la notificación',
      tone: {
        meaning: 'el tono (su color)',
        values: { success: 'éxito', info: 'información', warning: 'advertencia', danger: 'peligro' },
      },
    },
    delays: {
      displayDelay: 'Tiempo que la notificación queda a la vista (sección 9 de la especificación).',
    },
  },
};
