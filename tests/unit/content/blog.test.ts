import { describe, expect, it } from 'vitest';
import { BLOG_POSTS, type BlogArticle } from '../../../src/content/blog';
import { article as whatsapp } from '../../../src/content/blog-articles/configuracion-whatsapp-business';
import { article as ventas } from '../../../src/content/blog-articles/estrategias-efectivas-para-aumentar-ventas';
import { article as historias } from '../../../src/content/blog-articles/publicar-historias-en-instagram';
import { article as promocionar } from '../../../src/content/blog-articles/promocionar-negocio-en-instagram';
import { BLOG_SLUGS } from '../../../src/content/pages';

const ARTICLES: Record<string, BlogArticle> = {
  'configuracion-whatsapp-business': whatsapp,
  'estrategias-efectivas-para-aumentar-ventas': ventas,
  'publicar-historias-en-instagram': historias,
  'promocionar-negocio-en-instagram': promocionar,
};

function text(article: BlogArticle): string {
  return article.sections
    .flatMap((s) => [s.heading, ...s.blocks.flatMap((b) => (b.type === 'p' ? [b.text] : b.items))])
    .join(' ');
}

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

/** Second-person voseo forms (stressed endings) that the tú voice replaces. */
const VOSEO =
  /\b(querés|podés|tenés|sabés|hacés|vendés|respondés|mostrás|convertís|escribí|elegí|pedí|revisá|intentá|probá|volvé|completá|usá|sumá|armá|cargá|guardá|mirá|andá|contá|compartí)\b/i;

describe('blog content', () => {
  it('has the four posts of the route table, each with title, intro, tags, image and category', () => {
    expect(BLOG_POSTS.map((p) => p.slug)).toEqual([...BLOG_SLUGS]);
    for (const post of BLOG_POSTS) {
      expect(post.title.length).toBeGreaterThan(10);
      expect(post.intro.length).toBeGreaterThan(50);
      expect(post.tags.length).toBeGreaterThan(0);
      expect(post.image.accent).toMatch(/^#[0-9a-f]{6}$/i);
      expect(post.image.alt).not.toBe('');
    }
  });

  it('gives each post its own colour', () => {
    expect(new Set(BLOG_POSTS.map((p) => p.image.accent)).size).toBe(BLOG_POSTS.length);
  });

  it.each(Object.entries(ARTICLES))(
    '%s has a body of several sections and at least 600 words',
    (_slug, article) => {
      expect(article.sections.length).toBeGreaterThanOrEqual(5);
      expect(words(text(article))).toBeGreaterThanOrEqual(600);
      const headings = article.sections.map((s) => s.heading);
      expect(new Set(headings).size).toBe(headings.length);
    },
  );

  it('speaks in tú everywhere', () => {
    for (const article of Object.values(ARTICLES)) expect(text(article)).not.toMatch(VOSEO);
    for (const post of BLOG_POSTS) expect(`${post.title} ${post.intro}`).not.toMatch(VOSEO);
  });
});
