import { BLOG_COPY } from '../../content/blog/copy';
import { BLOG_POSTS } from '../../content/blog/posts';
import { pageByKey, postPath } from '../../content/pages';
import { CtaBox } from '../../ui/cta-box';
import { NewsletterSlot } from '../../flows/newsletter/newsletter-slot';
import { StaticHtml } from '../../ui/static-html';
import { PostDate } from '../../ui/blog/post-date';
import { PostIllustration } from '../../ui/blog/post-illustration';
import './blog.css';

/** 'Más artículos': a plain link to every other post, so each is one click (or crawl) away from any. */
function MorePosts({ current }: { current: string }) {
  const others = BLOG_POSTS.filter((post) => post.slug !== current);
  if (others.length === 0) return null;
  return (
    <nav className="more-posts" aria-labelledby="mas-articulos">
      <h2 id="mas-articulos">{BLOG_COPY.masArticulos}</h2>
      <ul>
        {others.map((post) => (
          <li key={post.slug}>
            <span className="eyebrow">{post.category}</span>
            <a href={postPath(post.slug)}>{post.title}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A blog post: title, intro, tags, image, today's date, its article body, the other posts and the
 * newsletter form. The body is static: without `html` (the client bundle) it stays the prerendered HTML.
 */
export function BlogPostView({ slug, html }: { slug: string; html: string | null }) {
  const post = BLOG_POSTS.find((p) => p.slug === slug);
  if (!post) throw new Error(`Falta el artículo ${slug}`);
  return (
    <article className="container blog-post">
      <header>
        <p className="eyebrow">
          <a href="/blog">{pageByKey('blog').h1}</a> · {post.category}
        </p>
        <h1>{post.title}</h1>
        <PostDate />
        <ul className="tags" aria-label={BLOG_COPY.etiquetas}>
          {post.tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      </header>
      <PostIllustration className="post-image" accent={post.image.accent} label={post.image.alt} />
      <p className="lead">{post.intro}</p>
      <StaticHtml html={html} />
      <MorePosts current={post.slug} />
      <NewsletterSlot />
      <CtaBox
        as="aside"
        className="cta-box"
        title={BLOG_COPY.ctaTitulo}
        action={BLOG_COPY.ctaBoton}
        tone="primary"
        large={false}
      />
    </article>
  );
}
