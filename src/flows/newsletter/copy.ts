/** Copy of the newsletter form (spec sections 2 and 5). */
export const NEWSLETTER_COPY = {
  titulo: 'Recibe ideas para vender más',
  bajada:
    'Una vez al mes te enviamos guías prácticas sobre WhatsApp, Instagram y ventas online para tu negocio. Sin spam: puedes darte de baja cuando quieras.',
  etiqueta: 'Tu correo electrónico',
  ejemplo: 'nombre@dominio.com',
  boton: 'Suscribirme',
  enviando: 'Enviando…',
  invalido: 'Escribe un correo electrónico válido, por ejemplo nombre@dominio.com.',
} as const;
