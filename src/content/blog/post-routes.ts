import { siteBlog } from './read-posts';
import type { BlogRoute } from './types';

/**
 * Each post's slug and title for the route table, newest first. The site's build replaces this
 * module with the data itself (scripts/blog-content.ts); it is part of every page's code, so it
 * holds nothing more.
 */
export const BLOG_ROUTES: readonly BlogRoute[] = siteBlog().routes;
