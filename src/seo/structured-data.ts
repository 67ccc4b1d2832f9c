/**
 * The JSON-LD of the prerendered pages (spec-free, for search engines and link previews), typed
 * with schema-dts and built from the same content and settings the page shows: Organization and
 * WebSite on every page, BlogPosting and BreadcrumbList on each post. The plans' Products
 * (plans.ts) and the FAQs' FAQPage are drawn by the pages that show them (the FAQ by its own
 * accordion, src/ui/accordion.tsx, so it follows the country the visitor sees).
 */
import type {
  BlogPosting,
  BreadcrumbList,
  ImageObject,
  Organization,
  Thing,
  WebSite,
  WithContext,
} from 'schema-dts';
import { config } from '../config';
import { BLOG_ARTICLES } from '../content/blog/articles';
import { BLOG_POSTS } from '../content/blog/posts';
import type { BlogPost } from '../content/blog/types';
import { MENU_COPY } from '../content/layout';
import { pageByKey, postPath, postSlugOf, type PageMeta } from '../content/pages';
import { SHARE_IMAGE } from './plans';

const CONTEXT = 'https://schema.org' as const;

/** Absolute URL of a site path. */
export const siteUrl = (path: string): string => `${config.siteUrl}${path}`;
/** The brand's square icon (the web app manifest's largest), as the organisation's logo. */
const LOGO_IMAGE = '/icon-512.png';

const logo = (): ImageObject => ({ '@type': 'ImageObject', url: siteUrl(LOGO_IMAGE) });

/*
 * Kept short: the home page's HTML has to arrive in the first round trip (bench/budgets.ts), and
 * every byte of JSON-LD counts there. For the same reason the home page's plans and FAQ are added
 * by its code once it runs (src/pages/home-page.tsx), which Google reads as well.
 */
function organization(): Organization {
  return {
    '@type': 'Organization',
    name: config.brandName,
    url: siteUrl('/'),
    logo: siteUrl(LOGO_IMAGE),
    email: config.contactEmail,
    telephone: `+${config.chatNumber}`,
  };
}

function website(): WebSite {
  return { '@type': 'WebSite', name: config.brandName, url: siteUrl('/'), inLanguage: 'es' };
}

function blogPosting(post: BlogPost): BlogPosting {
  const url = siteUrl(postPath(post.slug));
  return {
    '@type': 'BlogPosting',
    '@id': `${url}#articulo`,
    headline: post.title,
    description: BLOG_ARTICLES[post.slug]?.description ?? post.intro,
    abstract: post.intro,
    image: siteUrl(SHARE_IMAGE),
    datePublished: post.published,
    dateModified: post.published,
    inLanguage: 'es',
    articleSection: post.category,
    keywords: post.tags.join(', '),
    url,
    mainEntityOfPage: url,
    author: { '@type': 'Organization', name: config.brandName, url: siteUrl('/') },
    publisher: { '@type': 'Organization', name: config.brandName, url: siteUrl('/'), logo: logo() },
  };
}

function breadcrumbs(post: BlogPost): BreadcrumbList {
  const crumbs: [string, string][] = [
    [MENU_COPY.inicio, '/'],
    [pageByKey('blog').h1, '/blog'],
    [post.title, postPath(post.slug)],
  ];
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map(([name, path], index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item: siteUrl(path),
    })),
  };
}

const withContext = <T extends Thing>(thing: T): WithContext<T> =>
  ({ '@context': CONTEXT, ...(thing as object) }) as WithContext<T>;

/** The JSON-LD of a page's head: one list of objects, each with its context (one script element). */
export function pageStructuredData(page: PageMeta): WithContext<Thing>[] {
  const blocks: Thing[] = [organization(), website()];
  const slug = postSlugOf(page.key);
  const post = slug === undefined ? undefined : BLOG_POSTS.find((p) => p.slug === slug);
  if (post) blocks.push(blogPosting(post), breadcrumbs(post));
  return blocks.map(withContext);
}
