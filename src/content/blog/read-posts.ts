/**
 * Reads the blog: one Markdown file per post in posts/, its front matter (gray-matter) checked
 * with postFrontMatterSchema and its body rendered to HTML (marked). Runs in Node only: when the
 * site is built, scripts/blog-content.ts puts the result into posts.ts, post-routes.ts and
 * articles.ts, so neither the files nor these libraries reach the browser.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import matter from 'gray-matter';
import { Marked, type Token, type TokensList } from 'marked';
import { frontMatterProblems, postFrontMatterSchema } from './post-schema';
import type { BlogArticle, BlogPost, BlogRoute } from './types';

export const POSTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'posts');

export interface BlogContent {
  /** Newest first. */
  posts: BlogPost[];
  routes: BlogRoute[];
  articles: Record<string, BlogArticle>;
}

const markdown = new Marked({ gfm: true });

/**
 * The body as HTML, each `##` heading and what follows it in its own <section> (the page's
 * outline and styles expect one section per heading).
 */
function renderBody(body: string): string {
  const tokens = markdown.lexer(body);
  const groups: Token[][] = [[]];
  for (const token of tokens) {
    if (token.type === 'heading' && (token as { depth: number }).depth === 2) groups.push([]);
    groups.at(-1)?.push(token);
  }
  const render = (group: Token[]) =>
    markdown.parser(Object.assign(group, { links: tokens.links }) as TokensList).trim();
  const [lead = [], ...sections] = groups;
  return [render(lead), ...sections.map((group) => `<section>${render(group)}</section>`)]
    .filter(Boolean)
    .join('\n');
}

function bodyProblems(body: string): string[] {
  if (body.trim() === '') return ['el texto del artículo está vacío'];
  if (/^# /m.test(body)) {
    return [
      'el texto no puede tener títulos de nivel 1 (# …): el título es el campo «titulo»; usa ## para cada sección',
    ];
  }
  return [];
}

function readPost(file: string): { post: BlogPost; article: BlogArticle } | { problems: string[] } {
  let parsed: matter.GrayMatterFile<string>;
  try {
    // A fresh object: gray-matter caches by content and would hand back the same data each time.
    parsed = matter(readFileSync(file, 'utf8'), {});
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { problems: [`los datos entre las líneas --- no se pueden leer (${reason})`] };
  }
  const result = postFrontMatterSchema.safeParse(parsed.data);
  const problems = [
    ...(result.success ? [] : frontMatterProblems(result.error)),
    ...bodyProblems(parsed.content),
  ];
  // YAML turns an impossible day such as 2026-02-30 into a real one further on: compare with the text.
  const writtenDay = /^publicado:\s*['"]?([^'"\s]+)/m.exec(parsed.matter)?.[1];
  const readDay: unknown = (parsed.data as { publicado?: unknown }).publicado;
  if (readDay instanceof Date && writtenDay !== readDay.toISOString().slice(0, 10)) {
    problems.push(`el campo «publicado» no es una fecha real (${writtenDay})`);
  }
  const expectedSlug = path.basename(file, '.md');
  if (result.success && result.data.slug !== expectedSlug) {
    problems.push(
      `el campo «slug» (${result.data.slug}) debe ser igual al nombre del archivo (${expectedSlug})`,
    );
  }
  if (!result.success || problems.length > 0) return { problems };
  const data = result.data;
  return {
    post: {
      slug: data.slug,
      title: data.titulo,
      intro: data.introduccion,
      tags: data.etiquetas,
      category: data.categoria,
      image: { accent: data.color, alt: data.imagen },
      published: data.publicado,
    },
    article: { description: data.descripcion, html: renderBody(parsed.content) },
  };
}

/** Every post of `dir`, newest first; throws one Spanish message naming each bad file and field. */
export function readBlog(dir: string = POSTS_DIR): BlogContent {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => path.join(dir, name));
  const errors: string[] = [];
  const read: { post: BlogPost; article: BlogArticle }[] = [];
  for (const file of files) {
    const result = readPost(file);
    const shown = path.relative(process.cwd(), file);
    if ('problems' in result) errors.push(...result.problems.map((problem) => `${shown}: ${problem}`));
    else read.push(result);
  }
  if (files.length === 0) errors.push(`${path.relative(process.cwd(), dir)}: no hay ningún artículo (.md)`);
  if (errors.length > 0) throw new Error(`El blog tiene errores:\n- ${errors.join('\n- ')}`);
  read.sort(
    (a, b) => b.post.published.localeCompare(a.post.published) || a.post.slug.localeCompare(b.post.slug),
  );
  return {
    posts: read.map((r) => r.post),
    routes: read.map(({ post }) => ({ slug: post.slug, title: post.title })),
    articles: Object.fromEntries(read.map((r) => [r.post.slug, r.article])),
  };
}

let cached: BlogContent | undefined;

/** The site's blog, read once per process. */
export function siteBlog(): BlogContent {
  return (cached ??= readBlog());
}
