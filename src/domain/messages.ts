/**
 * The message catalogue: the spec's messages and the flows' failure messages, each written once
 * (the payment's in payment-messages.ts, the newsletter's in newsletter.ts, so that no page loads
 * another flow's messages). Machines name them (they never write a sentence), views show them,
 * the local API shares the ones it answers with.
 */

/** Spec section 8, verbatim: a lead that cannot be saved or updated; also the API's 500 body. */
export const MAINTENANCE_MESSAGE = 'Estamos en mantenimiento. Por favor, volvé a intentar más tarde';

/** The invisible bot check could not run (script blocked, no answer in time). */
export const BOT_CHECK_FAILED_MESSAGE =
  'No pudimos completar la verificación de seguridad. Revisa tu conexión y vuelve a intentarlo.';
