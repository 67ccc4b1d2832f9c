/**
 * The legal pages' text (spec section 2): privacy policy, terms and conditions, data update and
 * account deletion. Their headings are the route table's (pages.ts); the brand, the contact
 * address and the numbers come from the settings and src/domain/constants.ts, so the texts that
 * name them are functions, and a text a link interrupts is given in the parts around it.
 */

export const PRIVACY_COPY = {
  datos: {
    titulo: 'Qué datos recopilamos',
    texto:
      'Cuando completas el registro guardamos el nombre de tu negocio, tu nombre y apellido, el país, tu número de WhatsApp y, si lo indicas, tu e-mail. También registramos de qué campaña llegaste para medir nuestras acciones de marketing.',
  },
  usos: {
    titulo: 'Para qué los usamos',
    texto:
      'Usamos tus datos para contactarte, crear y administrar tu tienda y enviarte información del servicio. No vendemos ni cedemos tus datos a terceros.',
  },
  dinero: {
    titulo: 'El dinero de tus clientes',
    texto: (brand: string) =>
      `Tus clientes te pagan directamente a ti. ${brand} nunca recibe ni retiene dinero de tus clientes.`,
  },
  derechos: {
    titulo: 'Tus derechos',
    /** Before the contact address. */
    texto: 'Puedes pedir el acceso, la actualización o la eliminación de tus datos escribiendo a ',
    /** Between the address and the link to the account deletion page; a full stop follows the link. */
    detalles: '. Más detalles en ',
    enlace: 'actualización de datos y eliminación de cuenta',
  },
  cookies: {
    titulo: 'Cookies',
    texto: 'Usamos cookies para recordar tu país y tus preferencias. Puedes borrarlas desde tu navegador.',
  },
} as const;

export const TERMS_COPY = {
  servicio: {
    titulo: 'El servicio',
    texto: (brand: string) =>
      `${brand} ofrece, por un abono mensual fijo, una tienda online con catálogo y carrito. Los pedidos llegan al celular del comercio y por WhatsApp. No cobramos comisiones por venta: el comercio trata directamente con sus clientes.`,
  },
  plazo: {
    titulo: 'Plazo y cancelación',
    texto:
      'No hay plazo mínimo de permanencia. Para cancelar alcanza con no renovar el abono: la tienda se desactiva automáticamente al vencer el período pagado.',
  },
  garantia: {
    titulo: 'Garantía de devolución',
    texto: (hours: number) =>
      `Si no quedas conforme o la aplicación no funciona en tus dispositivos, te devolvemos el 100\u00a0% de lo pagado dentro de las ${hours} horas.`,
  },
  prueba: {
    titulo: 'Prueba gratis',
    texto: (days: number) => `En algunos casos ofrecemos una prueba gratis de ${days} días.`,
  },
  enlaces: {
    titulo: 'Aprobación de enlaces',
    texto: (minWeeks: number, maxWeeks: number) =>
      `Algunos enlaces y dominios requieren la aprobación de terceros, que puede demorar de ${minWeeks} a ${maxWeeks} semanas.`,
  },
  contacto: {
    titulo: 'Contacto',
    /** Before the contact address; a full stop follows it. */
    texto: 'Ante cualquier duda escríbenos a ',
  },
} as const;

export const ACCOUNT_DELETION_COPY = {
  pedido: {
    titulo: 'Cómo pedirlo',
    /** Before the contact address. */
    texto: 'Escríbenos a ',
    /** After the contact address. */
    cierre:
      ' desde el e-mail con el que te registraste. Te vamos a pedir una confirmación antes de hacer cualquier cambio.',
  },
  actualizacion: {
    titulo: 'Actualización parcial',
    texto: 'Puedes pedir que actualicemos:',
    datos: ['el e-mail de registro,', 'la contraseña,', 'el teléfono de contacto.'],
  },
  eliminacion: {
    titulo: 'Eliminación de la cuenta',
    texto: (businessDays: number) =>
      `La eliminación es irreversible: se borran tu tienda, tu catálogo y tus datos. La hacemos dentro de los ${businessDays} días hábiles posteriores a tu confirmación.`,
  },
} as const;
