import { fromPromise } from 'xstate';
import type { NewsletterSubmission } from '../../domain/newsletter';
import { subscribeNewsletter } from '../../services/newsletter';
import { newsletterMachine } from './newsletter.machine';

/**
 * The newsletter machine with its effects: the subscribe call, the log, and the form's own
 * reset and focus (`form` returns the mounted form).
 */
export function newsletterLogic(form: () => HTMLFormElement | null) {
  return newsletterMachine.provide({
    actors: {
      subscribe: fromPromise<unknown, NewsletterSubmission>(({ input, signal }) =>
        subscribeNewsletter(input, { signal }),
      ),
    },
    actions: {
      logSubscribeError: (_, params) => console.error(params.message),
      clearForm: () => form()?.reset(),
      focusInvalidField: () => form()?.querySelector<HTMLElement>(':invalid')?.focus(),
    },
  });
}
