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

/** How long to wait, in words: '30 segundos', 'un minuto', '3 minutos'. */
function waitInWords(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return 'un minuto';
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole === 1) return '1 segundo';
  if (whole < 60) return `${whole} segundos`;
  const minutes = Math.ceil(whole / 60);
  return minutes === 1 ? 'un minuto' : `${minutes} minutos`;
}

/** A lead save refused for too many attempts (429): when to try again, from its Retry-After. */
export function rateLimitedMessage(retryAfterSeconds: number | null): string {
  return `Hiciste varios intentos seguidos. Vuelve a intentarlo en ${waitInWords(retryAfterSeconds)}.`;
}

/** A lead save the API refused (400): the field it named, in Spanish, and its own message. */
export function refusedFieldMessage(field: { campo: string; mensaje: string } | undefined): string {
  return field === undefined
    ? 'No pudimos guardar tus datos porque el servidor no los aceptó. Revísalos y vuelve a intentarlo.'
    : `No pudimos guardar tus datos: revisa el campo «${field.campo}». ${field.mensaje}`;
}

/**
 * Code step 1 needs could not be downloaded (offline, or the site was updated meanwhile): the lead
 * API's, or the wizard's own (its machine and XState). A reload finds what was typed.
 */
export const DOWNLOAD_FAILED_MESSAGE =
  'No pudimos descargar una parte de la página. Vuelve a cargar la página para guardar tus datos.';
