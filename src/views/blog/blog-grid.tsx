import { useActorRef, useSelector } from '@xstate/react';
import { useId, type CSSProperties } from 'react';
import { BLOG_COPY, BLOG_POSTS, type BlogPost } from '../../content/blog';
import { GRID_TRANSITION_S } from '../../domain/constants';
import { blogGridMachine, categoriesOf, visiblePosts } from '../../machines/blog-grid.machine';
import { PostCard } from './post-card';

const INPUT = { posts: BLOG_POSTS.map(({ slug, category }) => ({ slug, category })) };
const CATEGORIES = categoriesOf(INPUT.posts);
const BY_SLUG = new Map<string, BlogPost>(BLOG_POSTS.map((post) => [post.slug, post]));
/** The fade of 'No more posts to show' and of the grid (spec section 9, transition 0.45 s). */
const FADE_STYLE = { '--grid-transition': `${GRID_TRANSITION_S}s` } as CSSProperties;

/**
 * The blog index grid, rendering the blog grid machine: the category filter ('Todos' first, the
 * active one pressed), the posts shown so far, 'Ver más artículos' while posts remain, and 'No more
 * posts to show' once the last ones appear, fading out after about 3 s.
 */
export function BlogGrid() {
  const actor = useActorRef(blogGridMachine, { input: INPUT });
  const context = useSelector(actor, (s) => s.context);
  const canShowMore = useSelector(actor, (s) => s.can({ type: 'posts.more' }));
  const noticeShown = useSelector(actor, (s) => s.hasTag('noMorePosts'));
  const ended = useSelector(
    actor,
    (s) => s.matches({ allShown: 'noMorePosts' }) || s.matches({ allShown: 'faded' }),
  );
  const gridId = useId();
  const posts = visiblePosts(context).flatMap((p) => BY_SLUG.get(p.slug) ?? []);

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

  return (
    <section className="blog-grid" aria-label={BLOG_COPY.articulos}>
      <ul className="blog-filter" aria-label={BLOG_COPY.filtro}>
        {filter(null, BLOG_COPY.todos)}
        {CATEGORIES.map((category) => filter(category, category))}
      </ul>
      <ul className="post-grid" id={gridId}>
        {posts.map((post, index) => (
          <PostCard key={post.slug} post={post} focus={index === context.revealedFrom} />
        ))}
      </ul>
      <div className="blog-more" style={FADE_STYLE}>
        {canShowMore && (
          <button
            type="button"
            className="btn"
            aria-controls={gridId}
            onClick={() => actor.send({ type: 'posts.more' })}
          >
            {BLOG_COPY.verMas}
          </button>
        )}
        <p className={noticeShown ? 'no-more-posts is-visible' : 'no-more-posts'} role="status">
          {ended ? BLOG_COPY.noHayMas : ''}
        </p>
      </div>
    </section>
  );
}
