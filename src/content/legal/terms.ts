/**
 * The terms and conditions (/terminos-y-condiciones, spec section 2).
 * Its heading is the route table's (pages.ts); the brand, the contact address and the numbers come
 * from the settings and src/domain/constants.ts, so the texts that name them are functions, and a
 * text a link interrupts is given in the parts around it.
 */

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
