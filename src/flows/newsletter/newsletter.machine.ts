import { assign, fromPromise, setup } from 'xstate';
import type { NewsletterSubmission } from '../../domain/newsletter';
import { notificationMachine, type NotificationInput } from '../notification/notification.machine';

import {
  NEWSLETTER_ERROR_MESSAGE,
  NEWSLETTER_FALLBACK_WARNING,
  NEWSLETTER_SEND_FAILED_LOG,
  NEWSLETTER_SUCCESS_MESSAGE,
} from '../../domain/newsletter';

export type { NewsletterSubmission };

export type NewsletterEvent = {
  type: 'form.submit';
  /**
   * The browser's built-in validity check (form.checkValidity()), which the spec names for this
   * form (section 5): the machine trusts it by name, as the browser's verdict, not the page's.
   */
  passesBrowserCheck: boolean;
} & NewsletterSubmission;

export interface NewsletterContext {
  /** Message shown after sending: the success text, the server's warning or the network error. */
  message: string | null;
}

const MESSAGE_MAX_LENGTH = 300;

/** Whether the widget's JSON reply says 'success' (spec section 7). */
export function isSubscribedReply(reply: unknown): boolean {
  return (
    typeof reply === 'object' && reply !== null && (reply as { response?: unknown }).response === 'success'
  );
}

/** The reply's message as plain text (tags dropped, spaces collapsed, bounded), or null when unusable. */
function replyMessage(reply: unknown): string | null {
  const message =
    typeof reply === 'object' && reply !== null ? (reply as { message?: unknown }).message : undefined;
  if (typeof message !== 'string') return null;
  const text = message
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return null;
  return text.length > MESSAGE_MAX_LENGTH ? `${text.slice(0, MESSAGE_MAX_LENGTH)}...` : text;
}

/** A success shows the server's message, or the spec's default text without one (spec section 8). */
export function successFromReply(reply: unknown): string {
  return replyMessage(reply) ?? NEWSLETTER_SUCCESS_MESSAGE;
}

/** Any other reply shows its message as a warning; a Spanish fallback when it has none. */
export function warningFromReply(reply: unknown): string {
  return replyMessage(reply) ?? NEWSLETTER_FALLBACK_WARNING;
}

const submit = [
  {
    guard: 'passesBrowserCheck',
    target: 'sending',
    actions: ['clearMessage'],
    description: 'Si el navegador da el formulario por válido, se envía la suscripción.',
  },
  {
    target: 'invalid',
    actions: ['clearMessage', 'focusInvalidField'],
    description:
      'Si no es válido, el formulario se marca como revisado, se señala el campo a corregir y no se envía.',
  },
] as const;

/**
 * Newsletter subscribe form (spec sections 5, 7 and 8): an invalid form is only marked as
 * validated; a valid one is sent (spinner) and ends in success (the server's message or the
 * default), warning (the server's message in a notification for 10 s) or error (network or
 * unreadable reply; the address stays in the form). The form can be sent again from every state
 * but sending.
 */
export const newsletterMachine = setup({
  types: {
    context: {} as NewsletterContext,
    events: {} as NewsletterEvent,
    tags: {} as 'busy' | 'validated',
  },
  actors: {
    subscribe: fromPromise<unknown, NewsletterSubmission>(async () => {
      throw new Error('subscribe not provided');
    }),
    notification: notificationMachine,
  },
  actions: {
    clearMessage: assign({ message: null }),
    setSuccessMessage: assign({ message: (_, params: { reply: unknown }) => successFromReply(params.reply) }),
    setWarningMessage: assign({ message: (_, params: { reply: unknown }) => warningFromReply(params.reply) }),
    setErrorMessage: assign({ message: NEWSLETTER_ERROR_MESSAGE }),
    logSubscribeError: (_, _params: { message: string }) => {},
    clearForm: () => {},
    focusInvalidField: () => {},
  },
  guards: {
    passesBrowserCheck: ({ event }) => event.passesBrowserCheck === true,
    isSubscribed: (_, params: { reply: unknown }) => isSubscribedReply(params.reply),
  },
}).createMachine({
  id: 'newsletter',
  description:
    'Formulario del boletín: el navegador revisa el correo, la suscripción se envía y el visitante ve el resultado.',
  context: { message: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'El formulario espera que el visitante escriba su correo y lo envíe.',
      on: { 'form.submit': [...submit] },
    },
    invalid: {
      description: 'El formulario está marcado como revisado y señala qué corregir.',
      tags: ['validated'],
      on: { 'form.submit': [...submit] },
    },
    sending: {
      description: 'Se envía la suscripción y el botón muestra un indicador de carga.',
      tags: ['busy', 'validated'],
      invoke: {
        id: 'subscribe',
        src: 'subscribe',
        input: ({ event }) => ({
          action: event.action,
          method: event.method,
          fields: { ...event.fields },
        }),
        onDone: [
          {
            guard: { type: 'isSubscribed', params: ({ event }) => ({ reply: event.output }) },
            target: 'success',
            actions: [
              { type: 'setSuccessMessage', params: ({ event }) => ({ reply: event.output }) },
              'clearForm',
            ],
            description:
              'Si el servidor confirma la suscripción, se muestra el mensaje de éxito y se vacía el formulario.',
          },
          {
            target: 'warning',
            actions: [{ type: 'setWarningMessage', params: ({ event }) => ({ reply: event.output }) }],
            description: 'Si el servidor responde otra cosa, su mensaje se muestra como advertencia.',
          },
        ],
        onError: {
          target: 'error',
          description:
            'Si el envío falla o la respuesta no se entiende, se muestra el error y el correo queda en el formulario.',
          actions: [
            'setErrorMessage',
            { type: 'logSubscribeError', params: { message: NEWSLETTER_SEND_FAILED_LOG } },
          ],
        },
      },
    },
    // Not 'validated': the form was cleared, and an empty required field would show as invalid.
    success: {
      description: 'Suscripción confirmada: se muestra el mensaje de éxito y se puede suscribir otro correo.',
      on: { 'form.submit': [...submit] },
    },
    warning: {
      description:
        'La advertencia del servidor se muestra en una notificación; el formulario se puede volver a enviar.',
      tags: ['validated'],
      invoke: {
        id: 'notification',
        src: 'notification',
        input: ({ context }): NotificationInput => ({ message: context.message ?? '', tone: 'warning' }),
      },
      on: { 'form.submit': [...submit] },
    },
    error: {
      description: 'No se pudo enviar: se muestra el error y el visitante puede volver a intentarlo.',
      tags: ['validated'],
      on: { 'form.submit': [...submit] },
    },
  },
});
