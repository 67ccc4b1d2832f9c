import { BlogPostView } from './blog-post';

export default function BlogPostPage() {
  return <BlogPostView slug="publicar-historias-en-instagram" />;
}
