/**
 * Data update and account deletion (/eliminar-cuenta, spec section 2).
 * Its heading is the route table's (pages.ts); the brand, the contact address and the numbers come
 * from the settings and src/domain/constants.ts, so the texts that name them are functions, and a
 * text a link interrupts is given in the parts around it.
 */

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
