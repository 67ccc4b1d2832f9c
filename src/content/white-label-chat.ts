/**
 * The message that opens the resellers' chat, from the white-label page's hero and from its
 * floating button. Apart from the page's copy: the button is part of every page's layout.
 */
export const WHITE_LABEL_CALL_MESSAGE =
  '¡Hola! Quiero coordinar una llamada para conocer la propuesta de marca blanca.';
