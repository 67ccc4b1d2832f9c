import { BlogPostView } from './blog-post';

export default function BlogPostPage() {
  return <BlogPostView slug="promocionar-negocio-en-instagram" />;
}
