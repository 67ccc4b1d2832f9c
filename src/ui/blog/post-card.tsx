import { BLOG_COPY } from '../../content/blog/copy';
import type { BlogPost } from '../../content/blog/types';
import { postPath } from '../../content/pages';
import { PostDate } from './post-date';
import { PostIllustration } from './post-illustration';

/** Stable, so React calls it only when the link appears, not on every render. */
const focusOnMount = (link: HTMLAnchorElement | null) => link?.focus();

/**
 * A post of the blog grid; `focus` moves the focus to its link when it appears (after 'show more').
 */
export function PostCard({ post, focus }: { post: BlogPost; focus: boolean }) {
  return (
    <li className="card post-card">
      <PostIllustration className="post-card-image" accent={post.image.accent} />
      <div className="post-card-body">
        <p className="eyebrow">{post.category}</p>
        <h2 className="post-card-title">
          <a href={postPath(post.slug)} ref={focus ? focusOnMount : undefined}>
            {post.title}
          </a>
        </h2>
        <PostDate />
        <p>{post.intro}</p>
        <ul className="tags" aria-label={BLOG_COPY.etiquetas}>
          {post.tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      </div>
    </li>
  );
}
