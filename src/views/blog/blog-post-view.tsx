import { BLOG_COPY, postBySlug, type BlogArticle, type BlogBlock } from '../../content/blog';
import type { BlogSlug } from '../../content/pages';
import { CtaBox } from '../components/cta-box';
import { NewsletterSlot } from '../components/newsletter-slot';
import { StaticHtml } from '../components/static-html';
import { PostDate } from './post-date';
import { PostIllustration } from './post-illustration';
import './blog.css';

function Block({ block }: { block: BlogBlock }) {
  if (block.type === 'p') return <p>{block.text}</p>;
  const items = block.items.map((item) => <li key={item}>{item}</li>);
  return block.type === 'ol' ? <ol>{items}</ol> : <ul>{items}</ul>;
}

/**
 * A blog post: title, intro, tags, image, today's date, its article body and the newsletter form.
 * The body is static: without `article` (the client bundle) it stays the prerendered HTML.
 */
export function BlogPostView({ slug, article }: { slug: BlogSlug; article: BlogArticle | null }) {
  const post = postBySlug(slug);
  return (
    <article className="container blog-post">
      <header>
        <p className="eyebrow">
          <a href="/blog">Blog</a> · {post.category}
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
      <StaticHtml>
        {article?.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.blocks.map((block, index) => (
              <Block key={index} block={block} />
            ))}
          </section>
        ))}
      </StaticHtml>
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
