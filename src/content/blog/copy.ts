export const BLOG_COPY = {
  bajada: 'Ideas prácticas para vender más con tu tienda online, WhatsApp e Instagram.',
  etiquetas: 'Etiquetas',
  masArticulos: 'Más artículos',
  masRecientes: '← Artículos más recientes',
  pagina: (page: number, pages: number) => `Página ${page} de ${pages}`,
  ctaTitulo: '¿Quieres vender online con 0\u00a0% de comisión?',
  ctaBoton: 'Crear mi tienda',
} as const;
