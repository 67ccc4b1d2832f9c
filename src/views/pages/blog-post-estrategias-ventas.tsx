import { BlogPostView } from './blog-post';

export default function BlogPostPage() {
  return <BlogPostView slug="estrategias-efectivas-para-aumentar-ventas" />;
}
