/**
 * The files the prerender writes beside the pages for search engines, feed readers and phones:
 * the sitemap (every indexable route, canonical and absolute), robots.txt (naming the sitemap and
 * keeping crawlers out of the flow explorer and the API), the blog's RSS
 * feed (every post, with `feed`) and the web app manifest (name and icons of a saved page).
 */
import { Feed } from 'feed';
import { config } from '../config';
import { BLOG_ARTICLES } from '../content/blog/articles';
import { BLOG_POSTS } from '../content/blog/posts';
import { PAGE_HEAD, pageHead } from '../content/page-head';
import { PAGES, canonicalPath, pageByKey, postKey, postPath } from '../content/pages';
import { siteUrl } from './structured-data';

const SITEMAP_PATH = '/sitemap.xml';
export const FEED_PATH = '/blog/feed.xml';
export const MANIFEST_PATH = '/manifest.webmanifest';
export const FEED_TITLE = `${config.brandName} | ${pageByKey('blog').h1}`;
/** The brand's colour, as the pages' theme-color says it (index.html). */
const THEME_COLOR = '#0b6e4f';

interface SiteFile {
  /** Path under the site's root, e.g. /sitemap.xml. */
  path: string;
  body: string;
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The routes a search engine should index: not the noindex pages, not the not-found page. */
const INDEXABLE_PAGES = PAGES.filter((page) => !page.noindex && page.paths.length > 0);

function sitemap(): string {
  const published = new Map(BLOG_POSTS.map((post) => [postKey(post.slug), post.published]));
  const urls = INDEXABLE_PAGES.map((page) => {
    const lastmod = published.get(page.key as ReturnType<typeof postKey>);
    return [
      '  <url>',
      `    <loc>${escapeXml(siteUrl(canonicalPath(page)))}</loc>`,
      ...(lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : []),
      '  </url>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * What crawlers must not fetch at all: the flow explorer and the API. A noindex page stays
 * crawlable, since a crawler that may not fetch it never reads its `noindex` and can still list its
 * address from links. Each rule ends in a slash: a prefix such as `/test` would also match
 * `/testimonios`.
 */
export const ROBOTS_DISALLOWED = ['/flujos/', '/api/'] as const;

export function robots(): string {
  return [
    'User-agent: *',
    ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${siteUrl(SITEMAP_PATH)}`,
    '',
  ].join('\n');
}

function feed(): string {
  const blog = PAGE_HEAD.blog;
  const out = new Feed({
    title: FEED_TITLE,
    description: blog.description,
    id: siteUrl('/blog'),
    link: siteUrl('/blog'),
    language: 'es',
    image: siteUrl('/og-image.png'),
    favicon: siteUrl('/favicon.ico'),
    copyright: config.brandName,
    updated: new Date(`${BLOG_POSTS[0]?.published ?? '2026-01-01'}T00:00:00Z`),
    feedLinks: { rss: siteUrl(FEED_PATH) },
    author: { name: config.brandName, email: config.contactEmail, link: siteUrl('/') },
  });
  for (const post of BLOG_POSTS) {
    const url = siteUrl(postPath(post.slug));
    out.addItem({
      title: post.title,
      id: url,
      link: url,
      description: post.intro,
      content: BLOG_ARTICLES[post.slug]?.html,
      date: new Date(`${post.published}T00:00:00Z`),
      category: [{ name: post.category }, ...post.tags.map((name) => ({ name }))],
    });
  }
  return out.rss2();
}

function webManifest(): string {
  const home = pageHead('home');
  return `${JSON.stringify(
    {
      name: config.brandName,
      short_name: config.brandName,
      description: home.description,
      lang: 'es',
      start_url: '/',
      scope: '/',
      display: 'browser',
      background_color: '#ffffff',
      theme_color: THEME_COLOR,
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      ],
    },
    null,
    2,
  )}\n`;
}

export function siteFiles(): SiteFile[] {
  return [
    { path: SITEMAP_PATH, body: sitemap() },
    { path: '/robots.txt', body: robots() },
    { path: FEED_PATH, body: feed() },
    { path: MANIFEST_PATH, body: webManifest() },
  ];
}
