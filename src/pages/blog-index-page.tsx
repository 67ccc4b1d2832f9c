import { useLocation } from 'wouter';
import { BLOG_COPY } from '../content/blog/copy';
import { BLOG_POSTS } from '../content/blog/posts';
import { BLOG_LIST_PAGES, blogListNumberOf, blogListPath, resolvePage } from '../content/pages';
import { BLOG_PAGE_SIZE } from '../domain/constants';
import { BlogGrid } from '../flows/blog-grid/blog-grid';
import { NewsletterSlot } from '../flows/newsletter/newsletter-slot';
import { PageHeading } from '../ui/page-heading';
import './blog/blog.css';

/**
 * The blog index (/blog) and its later pages (/blog/pagina/2...): each starts its grid at its own
 * posts, so that every post has a plain link from the index's HTML, a page or two away.
 */
export default function BlogIndexPage() {
  const [path] = useLocation();
  const page = resolvePage(path);
  const listPage = blogListNumberOf(page.key) ?? 1;
  return (
    <>
      <PageHeading title={page.h1}>
        <p>{BLOG_COPY.bajada}</p>
        {listPage > 1 && <p className="blog-page-number">{BLOG_COPY.pagina(listPage, BLOG_LIST_PAGES)}</p>}
      </PageHeading>
      <div className="container blog-index">
        {listPage > 1 && (
          <p className="blog-newer">
            <a href={blogListPath(listPage - 1)}>{BLOG_COPY.masRecientes}</a>
          </p>
        )}
        <BlogGrid
          posts={BLOG_POSTS.slice((listPage - 1) * BLOG_PAGE_SIZE)}
          listPage={listPage}
          withFilter={listPage === 1}
        />
        <NewsletterSlot />
      </div>
    </>
  );
}
