/** Writes the prerender's site files (src/seo/site-files.ts: sitemap, robots.txt, feed, manifest). */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export async function writeSiteFiles(files: readonly { path: string; body: string }[], dir: string) {
  for (const file of files) {
    const out = path.join(dir, file.path);
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, file.body);
  }
}
