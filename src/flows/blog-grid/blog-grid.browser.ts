import { expect, type Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { BLOG_POSTS } from '../../content/blog/posts';
import { NO_MORE_POSTS_FADE_MS } from '../../domain/constants';
import { visiblePosts, type BlogGridContext, type BlogGridInput } from './blog-grid.machine';
import { BLOG_GRID_COPY } from './copy';
import { blogGridModel } from './blog-grid.samples';
import type { AnySnapshot } from '@tienda/flow-workbench/kit';
import type { BrowserModel } from '../../../tests/e2e/model/support/browser-model';
import { stayOnExits } from '../../../tests/e2e/model/support/held';
import { openHydrated, pausedClock } from '../../../tests/e2e/model/support/page';

/*
 * The grid of /blog, which lists the site's own posts. A run's posts stand for the site's by their
 * place in the list (the run 'los cuatro artículos del sitio' has the site's categories in the
 * site's order); a run with other posts cannot be shown by the page.
 */

const grid = (page: Page) => page.getByRole('region', { name: BLOG_GRID_COPY.articulos });
const filter = (page: Page, category: string | null) =>
  grid(page)
    .getByRole('list', { name: BLOG_GRID_COPY.filtro })
    .getByRole('button', { name: category ?? BLOG_GRID_COPY.todos, exact: true });
const showMore = (page: Page) => grid(page).getByRole('link', { name: BLOG_GRID_COPY.verMas });
// Hidden while it says nothing and once it has faded: out of the accessibility tree then.
const notice = (page: Page) => grid(page).getByRole('status', { includeHidden: true });

const sameAsSite = (posts: BlogGridInput['posts']) =>
  posts.length === BLOG_POSTS.length && posts.every((p, i) => p.category === BLOG_POSTS[i]?.category);

/** The site's post that a model post stands for (the same place in the list). */
function sitePost(context: BlogGridContext, post: BlogGridContext['posts'][number]) {
  const site = BLOG_POSTS[context.posts.indexOf(post)];
  if (!site) throw new Error(`blog-grid: the site has no post in place of ${post.slug}`);
  return site;
}

const contextOf = (snapshot: AnySnapshot) => snapshot.context as BlogGridContext;

export const blogGridBrowser: BrowserModel<Record<string, never>> = {
  name: 'blog-grid',
  model: blogGridModel,
  scope: 'section.blog-grid',
  shortest: 'cover',
  runnable: (run) => sameAsSite((run.input as BlogGridInput).posts),
  unreachable: {
    'blogGrid.browsing posts.more#0':
      "El blog del sitio tiene cuatro artículos y muestra dos por página: después de 'Ver más artículos' nunca queda otra página, ni en `Todos` ni en una categoría. Lo recorre la prueba de modelo unitaria (src/flows/blog-grid/blog-grid.model.test.ts), con cinco artículos.",
  },
  async open(page) {
    await stayOnExits(page);
    await pausedClock(page);
    await openHydrated(page, '/blog');
    return {};
  },
  states: {
    blogGrid: async ({ page, event, after }) => {
      const context = contextOf(after);
      const shown = visiblePosts(context).map((p) => sitePost(context, p));
      await expect(grid(page).getByRole('heading', { level: 2 })).toHaveText(shown.map((p) => p.title));
      await expect(filter(page, context.category)).toHaveAttribute('aria-pressed', 'true');
      // 'Ver más artículos' moves the focus to the first post it revealed (a later click moves it on).
      const revealed = context.revealedFrom === null ? undefined : shown[context.revealedFrom];
      if (event.type === 'posts.more' && revealed)
        await expect(grid(page).getByRole('link', { name: revealed.title })).toBeFocused();
    },
    'blogGrid.browsing': async ({ page }) => {
      await expect(showMore(page)).toBeVisible();
    },
    'blogGrid.allShown': async ({ page }) => {
      await expect(showMore(page)).toHaveCount(0);
    },
    'blogGrid.allShown.fitted': async ({ page }) => {
      await expect(notice(page)).toHaveText('');
    },
    'blogGrid.allShown.noMorePosts': async ({ page }) => {
      await expect(notice(page)).toHaveText(BLOG_GRID_COPY.noHayMas);
      await expect(notice(page)).toBeVisible();
    },
    'blogGrid.allShown.faded': async ({ page }) => {
      await expect(notice(page)).toHaveText(BLOG_GRID_COPY.noHayMas);
      await expect(notice(page)).toBeHidden();
    },
  },
  events: {
    'posts.more': { act: ({ page }) => showMore(page).click() },
    'category.select': {
      act: ({ page, event }) =>
        filter(page, (event as { category?: string | null }).category ?? null).click(),
      // The menu offers 'Todos' and the categories the site's posts have.
      possible: (event: EventObject) => {
        const category = (event as { category?: string | null }).category ?? null;
        return category === null || BLOG_POSTS.some((p) => p.category === category);
      },
    },
    'xstate.after.noMorePostsFade.blogGrid.allShown.noMorePosts': {
      act: ({ page }) => page.clock.runFor(NO_MORE_POSTS_FADE_MS),
    },
  },
};
