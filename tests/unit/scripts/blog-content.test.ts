import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { blogContentPlugin } from '../../../scripts/blog-content';
import { POSTS_DIR } from '../../../src/content/blog/read-posts';

const POSTS_MODULE = path.join(path.dirname(POSTS_DIR), 'posts.ts');
const SAMPLE = readFileSync(path.join(POSTS_DIR, 'configuracion-whatsapp-business.md'), 'utf8');

/** A real Vite build of the posts module, reading the post files of `dir`. */
async function buildPosts(dir: string): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [blogContentPlugin(dir)],
    build: { write: false, ssr: POSTS_MODULE, minify: false },
  })) as Rolldown.RolldownOutput;
  return output.output.map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n');
}

describe('the blog in the build', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  const postsDir = (files: Record<string, string>) => {
    dir = mkdtempSync(path.join(tmpdir(), 'blog-build-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    return dir;
  };

  it('puts the posts into the bundle as data, without the files’ parser', async () => {
    const code = await buildPosts(postsDir({ 'configuracion-whatsapp-business.md': SAMPLE }));
    expect(code).toContain('Cómo configurar WhatsApp Business para tu negocio');
    expect(code).not.toMatch(/gray-matter|marked|node:fs/);
  });

  it('fails on a malformed post file, naming the file and the field in Spanish', async () => {
    const broken = SAMPLE.replace(/^titulo: .*\n/m, '').replace(/^color: .*$/m, 'color: verde');
    const built = buildPosts(postsDir({ 'configuracion-whatsapp-business.md': broken }));
    await expect(built).rejects.toThrow(/configuracion-whatsapp-business\.md: el campo «titulo» falta/);
    await expect(built).rejects.toThrow(
      /configuracion-whatsapp-business\.md: el campo «color» debe ser un color/,
    );
  });
});
