import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BLOG_ARTICLES } from '../../../src/content/blog/articles';
import { BLOG_POSTS } from '../../../src/content/blog/posts';
import { readBlog } from '../../../src/content/blog/read-posts';
import { PAGES, postKey } from '../../../src/content/pages';

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ');

/** Second-person voseo forms (stressed endings) that the tú voice replaces. */
const VOSEO =
  /\b(querés|podés|tenés|sabés|hacés|vendés|respondés|mostrás|convertís|escribí|elegí|pedí|revisá|intentá|probá|volvé|completá|usá|sumá|armá|cargá|guardá|mirá|andá|contá|compartí)\b/i;

describe('blog content', () => {
  it('has a page for each post file, newest first, each with title, intro, tags, image and category', () => {
    expect(BLOG_POSTS.map((p) => p.slug)).toEqual([
      'configuracion-whatsapp-business',
      'estrategias-efectivas-para-aumentar-ventas',
      'publicar-historias-en-instagram',
      'promocionar-negocio-en-instagram',
    ]);
    const dates = BLOG_POSTS.map((p) => p.published);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const post of BLOG_POSTS) {
      expect(PAGES.find((page) => page.key === postKey(post.slug))?.paths).toEqual([`/blog/${post.slug}`]);
      expect(post.title.length).toBeGreaterThan(10);
      expect(post.intro.length).toBeGreaterThan(50);
      expect(post.tags.length).toBeGreaterThan(0);
      expect(post.image.accent).toMatch(/^#[0-9a-f]{6}$/i);
      expect(post.image.alt).not.toBe('');
      expect(post.published).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('gives each post its own colour', () => {
    expect(new Set(BLOG_POSTS.map((p) => p.image.accent)).size).toBe(BLOG_POSTS.length);
  });

  it.each(BLOG_POSTS.map((p) => p.slug))(
    '%s has a body of several sections and at least 600 words',
    (slug) => {
      const html = BLOG_ARTICLES[slug]?.html ?? '';
      const sections = html.match(/<section><h2>[^<]+<\/h2>/g) ?? [];
      expect(sections.length).toBeGreaterThanOrEqual(5);
      expect(new Set(sections).size).toBe(sections.length);
      expect(words(textOf(html))).toBeGreaterThanOrEqual(600);
    },
  );

  it('speaks in tú everywhere', () => {
    for (const article of Object.values(BLOG_ARTICLES)) {
      expect(textOf(article.html)).not.toMatch(VOSEO);
      expect(article.description).not.toMatch(VOSEO);
    }
    for (const post of BLOG_POSTS) expect(`${post.title} ${post.intro}`).not.toMatch(VOSEO);
  });
});

describe('reading the post files', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  const GOOD = [
    '---',
    'titulo: Cómo vender por WhatsApp',
    'slug: vender-por-whatsapp',
    'descripcion: Una guía corta para vender por WhatsApp con tu tienda online, paso a paso.',
    'introduccion: Tus clientes ya están en WhatsApp; con unos pocos ajustes les vendes sin perder pedidos.',
    'etiquetas: [WhatsApp, Ventas]',
    'categoria: WhatsApp',
    'imagen: Teléfono con un chat de pedidos',
    "color: '#25D366'",
    'publicado: 2026-11-24',
    '---',
    '',
    'Un párrafo de entrada.',
    '',
    '## Primer paso',
    '',
    'Texto con «comillas» & un signo.',
    '',
    '- uno',
    '- dos',
    '',
    '## Segundo paso',
    '',
    '1. primero',
    '2. segundo',
    '',
  ].join('\n');

  function blogWith(files: Record<string, string>) {
    dir = mkdtempSync(path.join(tmpdir(), 'blog-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    return () => readBlog(dir);
  }

  it('turns a file into the post, its route and its body, one section per ## heading', () => {
    const blog = blogWith({ 'vender-por-whatsapp.md': GOOD })();
    expect(blog.posts).toEqual([
      {
        slug: 'vender-por-whatsapp',
        title: 'Cómo vender por WhatsApp',
        intro: 'Tus clientes ya están en WhatsApp; con unos pocos ajustes les vendes sin perder pedidos.',
        tags: ['WhatsApp', 'Ventas'],
        category: 'WhatsApp',
        image: { accent: '#25D366', alt: 'Teléfono con un chat de pedidos' },
        published: '2026-11-24',
      },
    ]);
    expect(blog.routes).toEqual([{ slug: 'vender-por-whatsapp', title: 'Cómo vender por WhatsApp' }]);
    expect(blog.articles['vender-por-whatsapp']?.html.replace(/\n/g, '')).toBe(
      '<p>Un párrafo de entrada.</p>' +
        '<section><h2>Primer paso</h2><p>Texto con «comillas» &amp; un signo.</p><ul><li>uno</li><li>dos</li></ul></section>' +
        '<section><h2>Segundo paso</h2><ol><li>primero</li><li>segundo</li></ol></section>',
    );
  });

  it('names the file and each bad field in Spanish', () => {
    const bad = GOOD.replace('titulo: Cómo vender por WhatsApp\n', '')
      .replace("color: '#25D366'", 'color: verde')
      .replace('publicado: 2026-11-24', 'publicado: 2026-13-45')
      .replace('categoria: WhatsApp', 'categoria: WhatsApp\ncategory: Ventas');
    const read = blogWith({ 'vender-por-whatsapp.md': bad });
    expect(read).toThrow(/El blog tiene errores/);
    const message = (() => {
      try {
        read();
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toContain('vender-por-whatsapp.md: el campo «titulo» falta');
    expect(message).toContain('vender-por-whatsapp.md: el campo «color» debe ser un color #RRGGBB');
    expect(message).toMatch(
      /vender-por-whatsapp\.md: el campo «publicado» (no es una fecha real|debe ser una fecha)/,
    );
    expect(message).toContain('vender-por-whatsapp.md: campo desconocido «category»');
  });

  it('refuses a slug other than the file name, a body-level title and an empty body', () => {
    expect(blogWith({ 'otro-nombre.md': GOOD })).toThrow(
      'otro-nombre.md: el campo «slug» (vender-por-whatsapp) debe ser igual al nombre del archivo (otro-nombre)',
    );
    const [front] = GOOD.split('\nUn párrafo');
    expect(blogWith({ 'vender-por-whatsapp.md': `${front}\n# Otro título\n\nTexto.\n` })).toThrow(
      /títulos de nivel 1/,
    );
    expect(blogWith({ 'vender-por-whatsapp.md': `${front}\n` })).toThrow(/el texto del artículo está vacío/);
    expect(blogWith({ 'vender-por-whatsapp.md': 'Sin datos.\n' })).toThrow(/el campo «titulo» falta/);
  });
});
