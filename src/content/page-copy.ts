/**
 * Copy of the smaller pages, below their headings (the headings are the route table's, pages.ts).
 * The home page's is in home/, the blog's in blog/, the legal pages' in legal.ts.
 */

/** /descargar */
export const DOWNLOAD_COPY = {
  bajada: 'Recibe y gestiona tus pedidos desde tu celular Android.',
  prueba: (days: number) => `Empieza con una prueba gratis de ${days} días. Sin tarjeta y sin compromiso.`,
} as const;

/** /tienda-online */
export const ONLINE_STORE_COPY = {
  bajada: 'Sin comisiones por venta, con tu propio enlace y código QR.',
  comenzar: 'Comenzar Ahora',
  ventajas: 'Ventajas',
  puntos: [
    { title: 'Catálogo ilimitado', text: 'Carga todos tus productos con fotos, variantes y precios.' },
    { title: 'Pedidos por WhatsApp', text: 'Tus clientes arman el carrito y el pedido te llega ordenado.' },
    { title: '0\u00a0% de comisión', text: 'Pagas un abono mensual fijo. Lo que vendes es tuyo.' },
  ],
} as const;

/** /registro, around the wizard (whose copy is its flow's). */
export const REGISTRATION_PAGE_COPY = {
  bajada: 'Déjanos tus datos, responde tres preguntas rápidas y te ayudamos a abrir tu tienda online.',
  region: 'Registro',
} as const;

/** /pagos, around the payment flow (whose copy is its flow's). */
export const PAYMENT_PAGE_COPY = {
  region: 'Pago',
} as const;

/** /test: the internal page with the three WhatsApp link formats. */
export const WHATSAPP_TEST_COPY = {
  mensaje: '¡Hola! Esto es una prueba de enlace.',
  formato: (format: string) => `Formato ${format}`,
} as const;
