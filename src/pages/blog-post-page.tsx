import { useLocation } from 'wouter';
import { postSlugOf, resolvePage } from '../content/pages';
import { BlogPostView } from './blog/blog-post-view';

// The article body stays prerendered HTML: its text is not part of the client bundle.
const articles = import.meta.env.SSR ? (await import('../content/blog/articles')).BLOG_ARTICLES : null;

/** Every post's page (/blog/<slug>): which one comes from the path. */
export default function BlogPostPage() {
  const [path] = useLocation();
  const slug = postSlugOf(resolvePage(path).key) ?? '';
  return <BlogPostView slug={slug} html={articles?.[slug]?.html ?? null} />;
}
