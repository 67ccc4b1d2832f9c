/**
 * The privacy policy (/privacidad, spec section 2).
 * Its heading is the route table's (pages.ts); the brand, the contact address and the numbers come
 * from the settings and src/domain/constants.ts, so the texts that name them are functions, and a
 * text a link interrupts is given in the parts around it.
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
