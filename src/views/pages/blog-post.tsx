import { postBySlug } from '../../content/blog';
import type { BlogSlug } from '../../content/pages';
import { useHydrated } from '../hooks/use-hydrated';

const LONG_DATE = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'long', year: 'numeric' });

/** Today's date in Spanish long form, e.g. "22 de noviembre de 2026". */
export function spanishLongDate(date: Date): string {
  return LONG_DATE.format(date);
}

/** Blog post: title, intro, tags, image and today's date (rendered after hydration). */
export function BlogPostView({ slug }: { slug: BlogSlug }) {
  const post = postBySlug(slug);
  const hydrated = useHydrated();
  return (
    <article className="container blog-post">
      <header>
        <p className="eyebrow">
          <a href="/blog">Blog</a> · {post.category}
        </p>
        <h1>{post.title}</h1>
        <p className="post-date">
          {hydrated ? (
            <time dateTime={new Date().toISOString().slice(0, 10)}>{spanishLongDate(new Date())}</time>
          ) : (
            ' '
          )}
        </p>
        <ul className="tags" aria-label="Etiquetas">
          {post.tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      </header>
      <img className="post-image" src={post.image.src} alt={post.image.alt} width="960" height="480" />
      <p className="lead">{post.intro}</p>
      {post.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
      <aside className="cta-box">
        <h2>¿Querés vender online con 0 % de comisión?</h2>
        <a className="btn" href="/registro">
          Crear mi tienda
        </a>
      </aside>
    </article>
  );
}
