import { siteBlog } from './read-posts';
import type { BlogPost } from './types';

/**
 * Every post, newest first, from the files in posts/. The site's build replaces this module with
 * the data itself (scripts/blog-content.ts): the browser gets the list, not the files or the parser.
 */
export const BLOG_POSTS: readonly BlogPost[] = siteBlog().posts;
