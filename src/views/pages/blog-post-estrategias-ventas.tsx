import { article } from '../../content/blog-articles/estrategias-efectivas-para-aumentar-ventas';
import { BlogPostView } from '../blog/blog-post-view';

export default function BlogPostPage() {
  return <BlogPostView slug="estrategias-efectivas-para-aumentar-ventas" article={article} />;
}
