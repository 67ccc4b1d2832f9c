/**
 * What a file weighs gzip-compressed, as the server sends it: the site sends Brotli to a browser
 * that accepts it (Lighthouse's Chromium does), while the JavaScript budgets are written in gzip
 * bytes (DESIGN.md: React and React DOM, "about 68 KB of that", is their gzip size). The body only,
 * as `npm run bench:size` counts it: the headers are not JavaScript, and over HTTP/2 (a deployment
 * behind a proxy) a script's repeated headers cost a few bytes, not the ~340 of this HTTP/1.1
 * server. They count where a round trip depends on them: each page's HTML (bench:size).
 */
import { request } from 'node:http';

const cache = new Map<string, number>();

function gzipBodySize(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The gzip body size of every URL of `origin` among `urls` (each asked once per session). */
export async function gzipTransfers(urls: readonly string[], origin: string): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const url of urls) {
    if (new URL(url).origin !== origin) continue;
    let size = cache.get(url);
    if (size === undefined) {
      size = await gzipBodySize(url);
      cache.set(url, size);
    }
    sizes.set(url, size);
  }
  return sizes;
}
