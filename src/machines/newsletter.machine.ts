import { assign, fromPromise, setup } from 'xstate';

export interface NewsletterForm {
  /** Result of the browser's built-in validity check (form.checkValidity()). */
  valid: boolean;
  /** The serialized form fields. */
  fields: Record<string, string>;
}

export type NewsletterEvent = { type: 'form.submit' } & NewsletterForm;

export interface NewsletterContext {
  /** Message shown after sending: the default success text or the server's warning. */
  message: string | null;
}

export const NEWSLETTER_SUCCESS_MESSAGE = 'You have successfully subscribed to our mailing list.';
export const NEWSLETTER_FALLBACK_WARNING =
  'No pudimos completar la suscripción. Revisá los datos e intentá de nuevo.';
export const NEWSLETTER_ERROR_MESSAGE =
  'No pudimos enviar la suscripción. Revisá tu conexión e intentá de nuevo más tarde.';
const MESSAGE_MAX_LENGTH = 300;

/** Whether the widget's JSON reply says 'success' (spec section 7). */
export function isSubscribedReply(reply: unknown): boolean {
  return (
    typeof reply === 'object' && reply !== null && (reply as { response?: unknown }).response === 'success'
  );
}

/**
 * The server's message as plain text: tags dropped, spaces collapsed, bounded; the fallback when
 * it is missing or not a string.
 */
export function warningFromReply(reply: unknown): string {
  const message =
    typeof reply === 'object' && reply !== null ? (reply as { message?: unknown }).message : undefined;
  if (typeof message !== 'string') return NEWSLETTER_FALLBACK_WARNING;
  const text = message
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return NEWSLETTER_FALLBACK_WARNING;
  return text.length > MESSAGE_MAX_LENGTH ? `${text.slice(0, MESSAGE_MAX_LENGTH)}...` : text;
}

/**
 * Newsletter subscribe form (spec sections 5, 7 and 8): an invalid form is only marked as
 * validated; a valid one is sent (spinner) and ends in success (default message), warning (the
 * server's message) or error (network or unreadable reply). The form can be sent again after a
 * warning or an error.
 */
export const newsletterMachine = setup({
  types: {
    context: {} as NewsletterContext,
    events: {} as NewsletterEvent,
    tags: {} as 'busy' | 'validated',
  },
  actors: {
    subscribe: fromPromise<unknown, { fields: Record<string, string> }>(async () => {
      throw new Error('subscribe not provided');
    }),
  },
  actions: {
    clearMessage: assign({ message: null }),
    setSuccessMessage: assign({ message: NEWSLETTER_SUCCESS_MESSAGE }),
    setWarningMessage: assign({ message: (_, params: { reply: unknown }) => warningFromReply(params.reply) }),
    setErrorMessage: assign({ message: NEWSLETTER_ERROR_MESSAGE }),
    logSubscribeError: (_, _params: { message: string }) => {},
  },
  guards: {
    isFormValid: ({ event }) => event.valid === true,
    isSubscribed: (_, params: { reply: unknown }) => isSubscribedReply(params.reply),
  },
}).createMachine({
  id: 'newsletter',
  description:
    'Newsletter form: an invalid submit only marks the form as validated; a valid one is sent (spinner) and ends in success (default message), warning (the server message) or error; after a warning or an error it can be sent again.',
  context: { message: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'form.submit': [
          { guard: 'isFormValid', target: 'sending', actions: ['clearMessage'] },
          { target: 'invalid' },
        ],
      },
    },
    invalid: {
      tags: ['validated'],
      on: {
        'form.submit': [{ guard: 'isFormValid', target: 'sending' }],
      },
    },
    sending: {
      tags: ['busy', 'validated'],
      invoke: {
        id: 'subscribe',
        src: 'subscribe',
        input: ({ event }) => ({ fields: event.type === 'form.submit' ? { ...event.fields } : {} }),
        onDone: [
          {
            guard: { type: 'isSubscribed', params: ({ event }) => ({ reply: event.output }) },
            target: 'success',
            actions: ['setSuccessMessage'],
          },
          {
            target: 'warning',
            actions: [{ type: 'setWarningMessage', params: ({ event }) => ({ reply: event.output }) }],
          },
        ],
        onError: {
          target: 'error',
          actions: [
            'setErrorMessage',
            { type: 'logSubscribeError', params: { message: 'Error al enviar la suscripción al boletín' } },
          ],
        },
      },
    },
    success: {
      tags: ['validated'],
    },
    warning: {
      tags: ['validated'],
      on: {
        'form.submit': [
          { guard: 'isFormValid', target: 'sending', actions: ['clearMessage'] },
          { target: 'invalid', actions: ['clearMessage'] },
        ],
      },
    },
    error: {
      tags: ['validated'],
      on: {
        'form.submit': [
          { guard: 'isFormValid', target: 'sending', actions: ['clearMessage'] },
          { target: 'invalid', actions: ['clearMessage'] },
        ],
      },
    },
  },
});
