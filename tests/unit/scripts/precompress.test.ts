import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { PRECOMPRESS_MIN_BYTES, precompress } from '../../../scripts/precompress';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('precompress (the copies the server sends as they are)', () => {
  it('writes Brotli and gzip copies that decode to the file, the gzip one smaller than zlib level 9', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
    const script = Buffer.from(
      Array.from({ length: 400 }, (_, i) => `export const valor${i} = "texto ${i % 37}";`).join('\n'),
    );
    writeFileSync(path.join(dir, 'app.js'), script);
    writeFileSync(path.join(dir, 'tiny.js'), 'x'.repeat(PRECOMPRESS_MIN_BYTES - 1));
    writeFileSync(path.join(dir, 'photo.png'), script);

    const result = await precompress(dir);

    expect(result.files).toBe(1);
    const gz = readFileSync(path.join(dir, 'app.js.gz'));
    expect(gunzipSync(gz).equals(script)).toBe(true);
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'app.js.br'))).equals(script)).toBe(true);
    expect(gz.length).toBeLessThan(gzipSync(script, { level: 9 }).length);
    // Too small to gain from compression, or compressed already: left as they are.
    expect(existsSync(path.join(dir, 'tiny.js.gz'))).toBe(false);
    expect(existsSync(path.join(dir, 'photo.png.gz'))).toBe(false);
  });
});
