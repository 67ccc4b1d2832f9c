/** Names used across the home copy; edit here to change them everywhere. */

/** The regional payment provider integrated in Argentina (spec section 1). */
export const PAYMENT_PROVIDER_NAME = 'Mercado Pago';
