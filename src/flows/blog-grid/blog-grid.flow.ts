import { BLOG_PAGE_SIZE, NO_MORE_POSTS_FADE_MS } from '../../domain/constants';
import type { FlowEntry } from '../flow-notes';
import { blogGridMachine, type BlogGridInput } from './blog-grid.machine';

/** The blog index grid (/blog): the category filter and 'Ver más artículos'. */
export const blogGridFlow: FlowEntry = {
  order: 80,
  slug: 'blog-grid',
  title: 'Grilla del blog (/blog)',
  description: `Un menú filtra los artículos por categoría, y se muestran de a ${BLOG_PAGE_SIZE} con el botón 'Ver más artículos'. Cuando no quedan más, el botón se oculta y aparece 'No more posts to show', que se desvanece a los ${NO_MORE_POSTS_FADE_MS} ms. Elegir otra categoría vuelve a su primera página.`,
  source: 'src/flows/blog-grid/blog-grid.machine.ts',
  machine: blogGridMachine,
  exampleInput: {
    posts: [
      { slug: 'post-1', category: 'WhatsApp' },
      { slug: 'post-2', category: 'Ventas' },
      { slug: 'post-3', category: 'Instagram' },
      { slug: 'post-4', category: 'Instagram' },
    ],
  } satisfies BlogGridInput,
  notes: {
    events: {
      'category.select': "El visitante pulsa una opción del menú de filtros (o 'Todos').",
      'posts.more': "El visitante pulsa 'Ver más artículos'.",
    },
    guards: {
      isCategoryChange: 'Una categoría de los artículos (o todas), distinta de la activa.',
      hasHiddenPosts: 'La categoría activa tiene más artículos que los que se ven.',
      hasPostsBeyondNextPage:
        'Después de la próxima página, todavía quedan artículos ocultos de la categoría activa.',
    },
    actions: {
      selectCategory: 'Fija la categoría activa y muestra su primera página.',
      showNextPage: `Muestra ${BLOG_PAGE_SIZE} artículos más; el foco pasa al primero de ellos.`,
    },
    actors: {},
    fields: {
      'category.select': {
        category: { meaning: 'la categoría elegida', values: { null: "todas ('Todos')" } },
      },
    },
    context: {
      posts: 'los artículos del blog',
      category: { meaning: 'categoría activa', values: { null: "todas ('Todos')" } },
      shown: 'cuántos artículos de la categoría se ven',
      revealedFrom: 'primer artículo que mostró el último «Ver más» (recibe el foco)',
    },
    delays: {
      noMorePostsFade:
        "Tiempo que 'No more posts to show' queda a la vista antes de desvanecerse (sección 9 de la especificación).",
    },
  },
};
