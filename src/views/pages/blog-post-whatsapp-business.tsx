import { article } from '../../content/blog-articles/configuracion-whatsapp-business';
import { BlogPostView } from '../blog/blog-post-view';

export default function BlogPostPage() {
  return <BlogPostView slug="configuracion-whatsapp-business" article={article} />;
}
