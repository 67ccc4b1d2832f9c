import { article } from '../../content/blog-articles/publicar-historias-en-instagram';
import { BlogPostView } from '../blog/blog-post-view';

export default function BlogPostPage() {
  return <BlogPostView slug="publicar-historias-en-instagram" article={article} />;
}
