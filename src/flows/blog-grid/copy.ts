/** Copy of the blog index's grid: its filter menu, 'Ver más artículos' and the end notice. */
export const BLOG_GRID_COPY = {
  articulos: 'Artículos',
  filtro: 'Filtrar artículos por categoría',
  todos: 'Todos',
  verMas: 'Ver más artículos',
  /** Spec sections 4 and 8, verbatim. */
  noHayMas: 'No more posts to show',
} as const;
