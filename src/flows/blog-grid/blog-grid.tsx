import { useSelector } from '@xstate/react';
import { useFlowActor } from '../../ui/hooks/use-flow-actor';
import { useId, type CSSProperties, type MouseEvent } from 'react';
import type { BlogPost } from '../../content/blog/types';
import { blogListPath } from '../../content/pages';
import { BLOG_PAGE_SIZE, GRID_TRANSITION_S } from '../../domain/constants';
import { blogGridMachine, categoriesOf, visiblePosts } from './blog-grid.machine';
import { PostCard } from '../../ui/blog/post-card';
import { BLOG_GRID_COPY as COPY } from './copy';

/** The fade of 'No more posts to show' and of the grid (spec section 9, transition 0.45 s). */
const FADE_STYLE = { '--grid-transition': `${GRID_TRANSITION_S}s` } as CSSProperties;

/** A click the browser should handle itself: a new tab or window, a download. */
const opensElsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * The blog index grid, rendering the blog grid machine: the category filter ('Todos' first, the
 * active one pressed) on the first page, the posts shown so far, 'Ver más artículos' while posts
 * remain, and 'No more posts to show' once the last ones appear, fading out after about 3 s.
 * 'Ver más artículos' is a link to the index's next page: without JavaScript (or before the page's
 * code runs) it opens that page; once hydrated it reveals the next posts in place.
 */
export function BlogGrid({
  posts,
  listPage,
  withFilter,
}: {
  /** The posts from this page of the index on, in order. */
  posts: readonly BlogPost[];
  /** This page's number (1 for /blog). */
  listPage: number;
  withFilter: boolean;
}) {
  const actor = useFlowActor(() => blogGridMachine, {
    input: { posts: posts.map(({ slug, category }) => ({ slug, category })) },
  });
  const context = useSelector(actor, (s) => s.context);
  const canShowMore = useSelector(actor, (s) => s.can({ type: 'posts.more' }));
  const noticeShown = useSelector(actor, (s) => s.hasTag('noMorePosts'));
  const ended = useSelector(
    actor,
    (s) => s.matches({ allShown: 'noMorePosts' }) || s.matches({ allShown: 'faded' }),
  );
  const gridId = useId();
  const bySlug = new Map(posts.map((post) => [post.slug, post]));
  const shown = visiblePosts(context).flatMap((p) => bySlug.get(p.slug) ?? []);
  const nextPage = listPage + Math.ceil(context.shown / BLOG_PAGE_SIZE);

  const filter = (category: string | null, label: string) => (
    <li key={label}>
      <button
        type="button"
        className="btn btn-small blog-filter-button"
        aria-pressed={context.category === category}
        aria-controls={gridId}
        onClick={() => actor.send({ type: 'category.select', category })}
      >
        {label}
      </button>
    </li>
  );

  const showMore = (event: MouseEvent<HTMLAnchorElement>) => {
    if (opensElsewhere(event)) return;
    event.preventDefault();
    actor.send({ type: 'posts.more' });
  };

  return (
    <section className="blog-grid" aria-label={COPY.articulos}>
      {withFilter && (
        <ul className="blog-filter" aria-label={COPY.filtro}>
          {filter(null, COPY.todos)}
          {categoriesOf(context.posts).map((category) => filter(category, category))}
        </ul>
      )}
      <ul className="post-grid" id={gridId}>
        {shown.map((post, index) => (
          <PostCard key={post.slug} post={post} focus={index === context.revealedFrom} />
        ))}
      </ul>
      <div className="blog-more" style={FADE_STYLE}>
        {canShowMore && (
          <a className="btn" href={blogListPath(nextPage)} aria-controls={gridId} onClick={showMore}>
            {COPY.verMas}
          </a>
        )}
        <p className={noticeShown ? 'no-more-posts is-visible' : 'no-more-posts'} role="status">
          {ended ? COPY.noHayMas : ''}
        </p>
      </div>
    </section>
  );
}
