export const BLOG_COPY = {
  /** The blog's name: its pages' heading, the posts' breadcrumb, the feed's title. */
  titulo: 'Blog',
  bajada: 'Ideas prácticas para vender más con tu tienda online, WhatsApp e Instagram.',
  etiquetas: 'Etiquetas',
  masArticulos: 'Más artículos',
  masRecientes: '← Artículos más recientes',
  pagina: (page: number, pages: number) => `Página ${page} de ${pages}`,
  ctaTitulo: '¿Quieres vender online con 0\u00a0% de comisión?',
  ctaBoton: 'Crear mi tienda',
} as const;
