import { assign, setup } from 'xstate';
import { BLOG_PAGE_SIZE, NO_MORE_POSTS_FADE_MS } from '../../domain/constants';

export interface BlogGridPost {
  slug: string;
  category: string;
}

export interface BlogGridInput {
  /** Every post of the index, in display order. */
  posts: readonly BlogGridPost[];
}

export interface BlogGridContext {
  posts: readonly BlogGridPost[];
  /** The active category; null shows every post ('Todos'). */
  category: string | null;
  /** How many posts of the active category are shown. */
  shown: number;
  /** Index of the first post the last 'show more' revealed (focus moves there); null otherwise. */
  revealedFrom: number | null;
}

export type BlogGridEvent = { type: 'category.select'; category: string | null } | { type: 'posts.more' };

function postsOf(context: Pick<BlogGridContext, 'posts' | 'category'>): readonly BlogGridPost[] {
  const { posts, category } = context;
  return category === null ? posts : posts.filter((post) => post.category === category);
}

/** The posts to show, in order: the active category's first `shown`. */
export function visiblePosts(context: BlogGridContext): readonly BlogGridPost[] {
  return postsOf(context).slice(0, context.shown);
}

/** The categories of the filter menu, in order of first appearance. */
export function categoriesOf(posts: readonly BlogGridPost[]): string[] {
  return [...new Set(posts.map((post) => post.category))];
}

/**
 * Blog index grid (spec sections 2, 4 and 9): a filter menu by category and a show-more button
 * that adds BLOG_PAGE_SIZE posts at a time. When the last posts are revealed the button goes and
 * 'No more posts to show' appears, fading out after about 3 s. Choosing a category starts again
 * from its first page.
 */
export const blogGridMachine = setup({
  types: {
    input: {} as BlogGridInput,
    context: {} as BlogGridContext,
    events: {} as BlogGridEvent,
    tags: {} as 'noMorePosts',
  },
  actions: {
    selectCategory: assign((_, params: { category: string | null }) => ({
      category: params.category,
      shown: BLOG_PAGE_SIZE,
      revealedFrom: null,
    })),
    showNextPage: assign(({ context }) => ({
      shown: context.shown + BLOG_PAGE_SIZE,
      revealedFrom: context.shown,
    })),
  },
  guards: {
    isCategoryChange: ({ context }, params: { category: unknown }) =>
      params.category !== context.category &&
      (params.category === null ||
        (typeof params.category === 'string' && context.posts.some((p) => p.category === params.category))),
    hasHiddenPosts: ({ context }) => postsOf(context).length > context.shown,
    hasPostsBeyondNextPage: ({ context }) => postsOf(context).length > context.shown + BLOG_PAGE_SIZE,
  },
  delays: {
    noMorePostsFade: NO_MORE_POSTS_FADE_MS,
  },
}).createMachine({
  id: 'blogGrid',
  description:
    'Cuadrícula del blog: el visitante filtra los artículos por categoría y ve más con un botón hasta que no quedan.',
  context: ({ input }) => ({
    posts: input.posts.map(({ slug, category }) => ({ slug, category })),
    category: null,
    shown: BLOG_PAGE_SIZE,
    revealedFrom: null,
  }),
  initial: 'paging',
  on: {
    'category.select': {
      guard: { type: 'isCategoryChange', params: ({ event }) => ({ category: event.category }) },
      target: '.paging',
      actions: [{ type: 'selectCategory', params: ({ event }) => ({ category: event.category }) }],
      description:
        'Si el visitante elige en el menú de filtros una categoría distinta de la activa (o todas), se muestra su primera página.',
    },
  },
  states: {
    paging: {
      description: 'Se decide si quedan artículos de la categoría activa por mostrar.',
      always: [
        {
          guard: 'hasHiddenPosts',
          target: 'browsing',
          description: 'Si quedan artículos sin mostrar, aparece el botón para ver más.',
        },
        {
          target: 'allShown',
          description: 'Si todos los artículos entran en la primera página, no hay botón para ver más.',
        },
      ],
    },
    browsing: {
      description: 'Se ven los primeros artículos de la categoría y el botón para ver más.',
      on: {
        'posts.more': [
          {
            guard: 'hasPostsBeyondNextPage',
            target: 'browsing',
            actions: ['showNextPage'],
            description:
              'El visitante pide más artículos; si después todavía quedan otros, el botón sigue a la vista.',
          },
          {
            target: 'allShown.noMorePosts',
            actions: ['showNextPage'],
            description:
              'El visitante pide más artículos y se muestran los últimos: el botón se oculta y aparece el aviso de que no hay más.',
          },
        ],
      },
    },
    allShown: {
      description: 'Todos los artículos de la categoría están a la vista, sin botón para ver más.',
      initial: 'fitted',
      states: {
        fitted: { description: 'Todos los artículos entraban en la primera página: no hay botón ni aviso.' },
        noMorePosts: {
          description: 'Se muestra el aviso de que no hay más artículos.',
          tags: ['noMorePosts'],
          after: {
            noMorePostsFade: {
              target: 'faded',
              description: 'Pasados unos segundos, el aviso se desvanece.',
            },
          },
        },
        faded: { description: 'El aviso ya se desvaneció.' },
      },
    },
  },
});
