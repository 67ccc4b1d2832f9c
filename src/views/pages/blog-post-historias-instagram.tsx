import { BlogPostView } from '../blog/blog-post-view';

// The article body stays prerendered HTML: its text is not part of the client bundle.
const body =
  import.meta.env.SSR || import.meta.env.DEV
    ? await import('../../content/blog-articles/publicar-historias-en-instagram')
    : null;

export default function BlogPostPage() {
  return <BlogPostView slug="publicar-historias-en-instagram" article={body?.article ?? null} />;
}
