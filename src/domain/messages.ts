/** Messages shown or logged in more than one place (browser and local API). */

/** Spec section 8, verbatim: a lead that cannot be saved or updated; also the API's 500 body. */
export const MAINTENANCE_MESSAGE = 'Estamos en mantenimiento. Por favor, volvé a intentar más tarde';

/** The invisible bot check could not run (script blocked, no answer in time). */
export const BOT_CHECK_FAILED_MESSAGE =
  'No pudimos completar la verificación de seguridad. Revisa tu conexión y vuelve a intentarlo.';
