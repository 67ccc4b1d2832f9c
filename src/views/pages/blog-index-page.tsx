import { BLOG_POSTS } from '../../content/blog';
import { PageHeading } from '../components/page-heading';

export default function BlogIndexPage() {
  return (
    <>
      <PageHeading title="Blog">
        <p>Ideas prácticas para vender más con tu tienda online, WhatsApp e Instagram.</p>
      </PageHeading>
      <section className="container" aria-label="Artículos">
        <ul className="post-grid">
          {BLOG_POSTS.map((post) => (
            <li key={post.slug} className="card post-card">
              <img src={post.image.src} alt="" width="480" height="240" loading="lazy" />
              <p className="eyebrow">{post.category}</p>
              <h2>
                <a href={`/blog/${post.slug}`}>{post.title}</a>
              </h2>
              <p>{post.intro}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
