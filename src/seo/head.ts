/**
 * What the prerender adds to a page's head for search engines, feed readers, link previews and
 * phones: the brand's icon and web app manifest,
 * the Open Graph type (article for a post, with its publication day, section and tags), the feed's
 * alternate link on the blog, and the page's JSON-LD (structured-data.ts).
 */
import { HEAD_AFTER_PAINT_ELEMENT } from '../boot/boot-script';
import { BLOG_POSTS } from '../content/blog/posts';
import { blogListNumberOf, postSlugOf, type PageMeta } from '../content/pages';
import { jsonLdText } from './json-ld';
import { FEED_PATH, FEED_TITLE, MANIFEST_PATH } from './site-files';
import { pageStructuredData, siteUrl } from './structured-data';

const escapeAttribute = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A day (AAAA-MM-DD) as the instant Open Graph and feeds expect: its start, in UTC. */
const dayStart = (day: string): string => `${day}T00:00:00Z`;

const APPLE_TOUCH_ICON = '/apple-touch-icon.png';

interface SeoHead {
  ogType: 'website' | 'article';
  /** Further head tags, each a complete element. */
  tags: string[];
}

export function seoHead(page: PageMeta): SeoHead {
  // The icon a phone shows for a saved page, and the manifest that names it, linked once the page
  // has painted (the browser asks for a linked manifest during the load; boot-script.ts).
  const tags: string[] = [
    `<link rel="apple-touch-icon" href="${APPLE_TOUCH_ICON}">`,
    `<${HEAD_AFTER_PAINT_ELEMENT}><link rel="manifest" href="${MANIFEST_PATH}"></${HEAD_AFTER_PAINT_ELEMENT}>`,
  ];
  const slug = postSlugOf(page.key);
  const post = slug === undefined ? undefined : BLOG_POSTS.find((p) => p.slug === slug);
  if (post) {
    tags.push(
      `<meta property="article:published_time" content="${dayStart(post.published)}">`,
      `<meta property="article:section" content="${escapeAttribute(post.category)}">`,
      ...post.tags.map((tag) => `<meta property="article:tag" content="${escapeAttribute(tag)}">`),
    );
  }
  if (post || blogListNumberOf(page.key) !== undefined) {
    tags.push(
      `<link rel="alternate" type="application/rss+xml" title="${escapeAttribute(FEED_TITLE)}" href="${siteUrl(FEED_PATH)}">`,
    );
  }
  tags.push(`<script type="application/ld+json">${jsonLdText(pageStructuredData(page))}</script>`);
  return { ogType: post ? 'article' : 'website', tags };
}
