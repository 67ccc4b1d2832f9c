/** The payment page's messages (the catalogue: messages.ts). */
/** Spec section 8: the payment was not captured (shown, and logged). */
export const PAYMENT_FAILED_MESSAGE = 'No pudimos procesar el pago';

/** The payment SDK or its buttons did not load (shown, and logged). */
export const SDK_FAILED_MESSAGE =
  'No pudimos cargar el medio de pago. Revisa tu conexión e intenta de nuevo.';
