import { NOTIFICATION_DISPLAY_MS } from '../../domain/constants';
import type { FlowEntry } from '../flow-notes';
import { newsletterMachine } from './newsletter.machine';
import {
  NEWSLETTER_ERROR_MESSAGE,
  NEWSLETTER_FALLBACK_WARNING,
  NEWSLETTER_SUCCESS_MESSAGE,
} from '../../domain/newsletter';

/** The newsletter subscribe form: the browser's check, the subscription, the result. */
export const newsletterFlow: FlowEntry = {
  order: 70,
  slug: 'newsletter',
  title: 'Formulario del newsletter',
  description: `El visitante se suscribe al boletín con su correo. Si el navegador no da el formulario por válido, solo se marca como revisado y se señala el campo a corregir. Si es válido, se envía (el botón muestra un indicador de carga) y termina en éxito (el mensaje del servidor o, si no trae uno, '${NEWSLETTER_SUCCESS_MESSAGE}'), en advertencia (el mensaje del servidor, en una notificación durante ${NOTIFICATION_DISPLAY_MS} ms) o en error (falló la conexión o la respuesta no se entiende; el correo queda en el formulario). Después de cualquier resultado, el formulario se puede volver a enviar.`,
  source: 'src/flows/newsletter/newsletter.machine.ts',
  machine: newsletterMachine,
  exampleInput: undefined,
  notes: {
    events: {
      'form.submit':
        'El visitante envía el formulario; el propio navegador ya lo revisó, como pide la especificación.',
    },
    guards: {
      passesBrowserCheck: 'La revisión del propio navegador dio el formulario por válido.',
      isSubscribed: "La respuesta del servidor confirma la suscripción (`response: 'success'`).",
    },
    actions: {
      clearMessage: 'Oculta el mensaje anterior.',
      setSuccessMessage: `Muestra el mensaje de la respuesta como texto simple o, si no trae uno, '${NEWSLETTER_SUCCESS_MESSAGE}'.`,
      setWarningMessage: `Guarda el mensaje de la respuesta como texto simple para la notificación; si no trae uno, '${NEWSLETTER_FALLBACK_WARNING}'.`,
      setErrorMessage: `Muestra el error de conexión: '${NEWSLETTER_ERROR_MESSAGE}'.`,
      logSubscribeError: "Anota en la consola del navegador 'Error al enviar la suscripción al boletín'.",
      clearForm: 'Vacía el formulario después de una suscripción confirmada.',
      focusInvalidField: 'Lleva el foco al campo que hay que corregir.',
    },
    actors: {
      subscribe:
        'Envía los campos del formulario a su dirección, con su método, y pide una respuesta en JSON; entrega esa respuesta, y falla si se corta la conexión o la respuesta no es JSON.',
      notification: `La notificación que muestra la advertencia durante ${NOTIFICATION_DISPLAY_MS} ms (ver Notificación).`,
    },
    fields: {
      'form.submit': {
        passesBrowserCheck: 'si la revisión del propio navegador lo da por válido',
        action: 'la dirección a la que se envía',
        method: 'el método del envío',
        fields: { meaning: 'los campos del formulario', fields: { email: 'e-mail' } },
      },
    },
    context: { message: 'mensaje que se muestra después del envío' },
    answers: {
      subscribe: {
        meaning: 'la respuesta del servidor',
        fields: {
          response: { meaning: 'resultado', values: { success: 'suscripción confirmada', error: 'error' } },
          message: 'mensaje del servidor',
        },
      },
    },
    delays: {},
  },
};
