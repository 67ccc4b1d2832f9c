import { BLOG_COPY } from '../../content/blog';
import { BlogGrid } from '../blog/blog-grid';
import { NewsletterSlot } from '../components/newsletter-slot';
import { PageHeading } from '../components/page-heading';
import '../blog/blog.css';

export default function BlogIndexPage() {
  return (
    <>
      <PageHeading title="Blog">
        <p>{BLOG_COPY.bajada}</p>
      </PageHeading>
      <div className="container blog-index">
        <BlogGrid />
        <NewsletterSlot />
      </div>
    </>
  );
}
