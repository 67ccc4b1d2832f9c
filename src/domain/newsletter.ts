/**
 * The newsletter subscription contract (spec sections 5 and 7), shared by the form and the local
 * API. No imports, so the blog pages carry only these few strings; the server-side schema is in
 * newsletter-schema.ts.
 */

/** Path of the endpoint under the API base. */
export const NEWSLETTER_PATH = 'newsletter/';

/** The one field the form sends and the API accepts. */
export const NEWSLETTER_EMAIL_FIELD = 'email';

/** The `response` value of a reply that means subscribed (spec section 7). */
export const NEWSLETTER_SUCCESS_RESPONSE = 'success';
/** The `response` value of every other reply of the local API. */
export const NEWSLETTER_ERROR_RESPONSE = 'error';

/** The local API's message for a new or repeated subscription. */
export const NEWSLETTER_SUBSCRIBED_MESSAGE = '¡Listo! Te suscribiste al boletín.';

export interface NewsletterReply {
  response: typeof NEWSLETTER_SUCCESS_RESPONSE | typeof NEWSLETTER_ERROR_RESPONSE;
  message: string;
}

/** What the form sends: its serialized fields, to its own action with its own method. */
export interface NewsletterSubmission {
  action: string;
  method: string;
  fields: Record<string, string>;
}

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
