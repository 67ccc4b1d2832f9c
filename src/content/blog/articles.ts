import { siteBlog } from './read-posts';
import type { BlogArticle } from './types';

/**
 * Each post's meta description and body as HTML, by slug: for the prerender only (the body stays
 * the prerendered HTML in the browser). The site's build replaces this module with the data itself
 * (scripts/blog-content.ts).
 */
export const BLOG_ARTICLES: Readonly<Record<string, BlogArticle>> = siteBlog().articles;
