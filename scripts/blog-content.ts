/**
 * Vite plugin: the blog's Markdown files become data at build time. The modules that read them in
 * Node (src/content/blog/posts.ts, post-routes.ts and articles.ts) are replaced by their values,
 * so a bundle holds the posts, never the files, gray-matter or marked. A bad post file fails the
 * build with its Spanish message (src/content/blog/read-posts.ts).
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { POSTS_DIR, readBlog, type BlogContent } from '../src/content/blog/read-posts';

const BLOG_DIR = path.dirname(POSTS_DIR);

const GENERATED: Record<string, (blog: BlogContent) => string> = {
  'posts.ts': (blog) => `export const BLOG_POSTS = ${JSON.stringify(blog.posts)};`,
  'post-routes.ts': (blog) => `export const BLOG_ROUTES = ${JSON.stringify(blog.routes)};`,
  'articles.ts': (blog) => `export const BLOG_ARTICLES = ${JSON.stringify(blog.articles)};`,
};

function generatedName(id: string): string | undefined {
  const file = path.resolve(id.split('?')[0] ?? id);
  if (path.dirname(file) !== BLOG_DIR) return undefined;
  const name = path.basename(file);
  return name in GENERATED ? name : undefined;
}

export function blogContentPlugin(postsDir: string = POSTS_DIR): Plugin {
  return {
    name: 'blog-content',
    enforce: 'pre',
    load(id) {
      const name = generatedName(id);
      if (name === undefined) return null;
      const generate = GENERATED[name];
      return generate ? generate(readBlog(postsDir)) : null;
    },
    configureServer(server) {
      // A post added, edited or removed reloads the dev page with the new data.
      server.watcher.add(postsDir);
      server.watcher.on('all', (_event, file) => {
        if (!path.resolve(file).startsWith(path.resolve(postsDir) + path.sep)) return;
        for (const name of Object.keys(GENERATED)) {
          const module = server.moduleGraph.getModuleById(path.join(BLOG_DIR, name));
          if (module) server.moduleGraph.invalidateModule(module);
        }
        server.ws.send({ type: 'full-reload' });
      });
    },
  };
}
