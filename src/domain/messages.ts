/**
 * The message catalogue: the spec's messages and the flows' failure messages, each written once.
 * Machines name them (they never write a sentence), views show them, the local API shares the
 * ones it answers with.
 */

/** Spec section 8, verbatim: a lead that cannot be saved or updated; also the API's 500 body. */
export const MAINTENANCE_MESSAGE = 'Estamos en mantenimiento. Por favor, volvé a intentar más tarde';

/** The invisible bot check could not run (script blocked, no answer in time). */
export const BOT_CHECK_FAILED_MESSAGE =
  'No pudimos completar la verificación de seguridad. Revisa tu conexión y vuelve a intentarlo.';

/** Spec section 8: the payment was not captured (shown, and logged). */
export const PAYMENT_FAILED_MESSAGE = 'No pudimos procesar el pago';

/** The payment SDK or its buttons did not load (shown, and logged). */
export const SDK_FAILED_MESSAGE =
  'No pudimos cargar el medio de pago. Revisa tu conexión e intenta de nuevo.';

/** Spec section 8, verbatim: the newsletter's success text when the server sends none. */
export const NEWSLETTER_SUCCESS_MESSAGE = 'You have successfully subscribed to our mailing list.';

/** The server's warning when it sends no message of its own. */
export const NEWSLETTER_FALLBACK_WARNING =
  'No pudimos completar la suscripción. Revisa los datos e intenta de nuevo.';

/** The network failed or the reply was not JSON: the address stays in the form. */
export const NEWSLETTER_ERROR_MESSAGE =
  'No pudimos enviar la suscripción. Revisa tu conexión e intenta de nuevo; tu correo sigue en el formulario.';

/** What the console gets when the subscription could not be sent. */
export const NEWSLETTER_SEND_FAILED_LOG = 'Error al enviar la suscripción al boletín';
