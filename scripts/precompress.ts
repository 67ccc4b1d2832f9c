/**
 * Writes a Brotli (quality 11) and a gzip copy (Zopfli: smaller than zlib's level 9, and read by
 * every gzip decoder) next to every compressible file of a built folder, for the server to send as
 * they are (@fastify/static `preCompressed`).
 *
 * Why: compressing per request uses fast settings (Brotli quality 4), and the home page's HTML, CSS
 * inlined, then came out over the first round trip of a new connection (10 TCP segments, about
 * 14.6 KB); at quality 11 it fits with its headers, so a slow mobile network gets the whole first
 * screen one round trip sooner (docs/performance.md, "Measurements behind the code"). Files of a
 * build never change after it, so the slow, thorough settings cost nothing per request.
 *
 * Usage: tsx scripts/precompress.ts DIR [DIR...]   (run by `npm run build` after the prerender)
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { gzipAsync as zopfliGzip } from '@gfx/zopfli';

const brotli = promisify(brotliCompress);
/** Zopfli's iterations: past 5 a file shrinks by a few bytes more for much more time. */
const ZOPFLI_ITERATIONS = 5;

/** What is worth compressing: text formats (images other than SVG are compressed already). */
export const PRECOMPRESSED_FILE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/** Below this, compression saves less than the encoding header costs. */
export const PRECOMPRESS_MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

export async function precompress(
  dir: string,
): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  let files = 0;
  let bytes = 0;
  let brotliBytes = 0;
  for await (const file of filesUnder(dir)) {
    if (!PRECOMPRESSED_FILE.test(file) || (await stat(file)).size < PRECOMPRESS_MIN_BYTES) continue;
    const body = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      zopfliGzip(body, { numiterations: ZOPFLI_ITERATIONS }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    files++;
    bytes += body.length;
    brotliBytes += br.length;
  }
  return { files, bytes, brotliBytes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { positionals: dirs } = parseArgs({ options: {}, allowPositionals: true, strict: true });
  if (dirs.length === 0) {
    console.error('Usage: tsx scripts/precompress.ts DIR [DIR...]');
    process.exit(2);
  }
  for (const dir of dirs) {
    const { files, bytes, brotliBytes } = await precompress(path.resolve(dir));
    console.info(
      `Precompressed ${files} files in ${dir}: ${(bytes / 1024).toFixed(0)} KB -> ${(brotliBytes / 1024).toFixed(0)} KB (Brotli)`,
    );
  }
}
