import { BlogPostView } from './blog-post';

export default function BlogPostPage() {
  return <BlogPostView slug="configuracion-whatsapp-business" />;
}
