export const BLOG_COPY = {
  bajada: 'Ideas prácticas para vender más con tu tienda online, WhatsApp e Instagram.',
  articulos: 'Artículos',
  filtro: 'Filtrar artículos por categoría',
  todos: 'Todos',
  verMas: 'Ver más artículos',
  /** Spec sections 4 and 8, verbatim. */
  noHayMas: 'No more posts to show',
  etiquetas: 'Etiquetas',
  masArticulos: 'Más artículos',
  masRecientes: '← Artículos más recientes',
  pagina: (page: number, pages: number) => `Página ${page} de ${pages}`,
  ctaTitulo: '¿Quieres vender online con 0\u00a0% de comisión?',
  ctaBoton: 'Crear mi tienda',
} as const;
