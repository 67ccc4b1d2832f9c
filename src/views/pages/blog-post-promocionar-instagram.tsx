import { article } from '../../content/blog-articles/promocionar-negocio-en-instagram';
import { BlogPostView } from '../blog/blog-post-view';

export default function BlogPostPage() {
  return <BlogPostView slug="promocionar-negocio-en-instagram" article={article} />;
}
