/** Spanish copy of the payment page (/pagos) and its prefilled WhatsApp messages. */
import { COMMON_COPY } from '../../content/common';
import { formatUsd, type PaymentQuote } from '../../domain/payment-order';

export const LOADING_PARAMS_TEXT = 'Cargando los datos del pago…';
export const LOADING_SDK_TEXT = 'Cargando los medios de pago…';
export const PAYING_TEXT = 'Completa el pago en la ventana de PayPal.';
export const CANCELLED_TEXT =
  'Cancelaste el pago y no se hizo ningún cobro. Puedes volver a intentarlo cuando quieras.';
export const CAPTURING_TEXT = 'Estamos confirmando tu pago. No cierres esta página.';
export const NOTHING_CHARGED_TEXT = 'No se realizó ningún cobro.';

/** 'a', 'a y b', 'a, b y c'. */
function storeList(quote: PaymentQuote): string {
  return new Intl.ListFormat('es', { type: 'conjunction' }).format(quote.lines.map((l) => l.cliente));
}

function storesPhrase(quote: PaymentQuote): string {
  return `${quote.lines.length === 1 ? 'mi tienda' : 'mis tiendas'} ${storeList(quote)}`;
}

/** The note under the summary: how the total is split when usd does not divide evenly. */
export function splitNote(quote: PaymentQuote, locale: string): string | null {
  if (quote.extraCentStores === 0) return null;
  const stores =
    quote.extraCentStores === 1
      ? 'la primera tienda paga'
      : `las primeras ${quote.extraCentStores} tiendas pagan`;
  return `El total no se divide en partes iguales entre ${quote.lines.length} tiendas: ${stores} ${formatUsd(1, locale)} más, para que la suma sea exactamente ${formatUsd(quote.totalCents, locale)}.`;
}

/** The thanks section's lines. */
export function paidLines(quote: PaymentQuote, locale: string): [string, string] {
  const one = quote.lines.length === 1;
  return [
    `Pagaste ${formatUsd(quote.totalCents, locale)} por la suscripción mensual de ${one ? 'tu tienda' : `tus ${quote.lines.length} tiendas`}.`,
    `Avísanos por WhatsApp para que registremos el pago y ${one ? 'tu tienda siga activa' : 'tus tiendas sigan activas'}.`,
  ];
}

export function paidMessage(quote: PaymentQuote, locale: string, reference: string): string {
  return `Hola, acabo de pagar la suscripción mensual de ${storesPhrase(quote)} por un total de ${formatUsd(quote.totalCents, locale)}. Código de la operación en PayPal: ${reference}.`;
}

export function pendingMessage(quote: PaymentQuote, locale: string, reference: string): string {
  return `Hola, pagué la suscripción mensual de ${storesPhrase(quote)} por un total de ${formatUsd(quote.totalCents, locale)} y PayPal lo dejó en revisión. Código de la operación: ${reference}.`;
}

export function failedMessage(quote: PaymentQuote, locale: string): string {
  return `Hola, no pude pagar la suscripción mensual de ${storesPhrase(quote)} (${formatUsd(quote.totalCents, locale)}). ¿Me ayudan?`;
}

export function sdkFailedMessage(quote: PaymentQuote): string {
  return `Hola, no se cargan los medios de pago para pagar la suscripción mensual de ${storesPhrase(quote)}. ¿Me ayudan?`;
}

/** The flow's headings, labels and buttons. */
export const PAYMENT_COPY = {
  pestanaNueva: COMMON_COPY.pestanaNueva,
  ayudaWhatsapp: 'Pedir ayuda por WhatsApp',
  avisarWhatsapp: 'Avisar por WhatsApp',
  resumen: {
    titulo: 'Resumen del pago',
    tabla: 'Suscripción mensual de cada tienda, en USD',
    tienda: 'Tienda',
    precioMensual: 'Precio mensual',
    total: 'Total',
    precioPorTienda: 'Precio por tienda',
    /** When the stores do not all pay the same cent: '$ 10,33 o $ 10,34'. */
    rangoDePrecios: (low: string, high: string) => `${low} o ${high}`,
    moneda: 'Moneda',
    dolares: 'dólares estadounidenses (USD)',
  },
  invalido: {
    titulo: 'No podemos mostrar este pago',
    texto: 'Revisa el enlace que te enviamos o pídenos uno nuevo.',
  },
  pagado: {
    titulo: '¡Gracias! Recibimos tu pago',
    /** Before the operation's code. */
    codigo: 'Código de la operación: ',
  },
  enRevision: {
    titulo: 'Tu pago está en revisión',
    /** Before the operation's code; the closing words follow it. */
    texto: (total: string) =>
      `PayPal recibió tu pago de ${total}, pero todavía no lo confirmó. Avísanos por WhatsApp con el código `,
    cierre: ' y lo seguimos contigo.',
  },
  fallido: {
    texto: 'Puedes intentarlo de nuevo o escribirnos por WhatsApp y te ayudamos.',
    reintentar: 'Intentar de nuevo',
  },
  cobro: {
    titulo: (total: string) => `Pagar ${total}`,
    texto: 'Paga con tu cuenta de PayPal o con tarjeta de débito o crédito.',
    reintentar: 'Reintentar',
  },
} as const;

export const INVALID_LINK_MESSAGE =
  'Hola, el enlace de pago de la suscripción mensual que recibí no funciona. ¿Me ayudan?';
