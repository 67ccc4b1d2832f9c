/**
 * What a response weighs as a gzip transfer: the site sends Brotli to a browser that accepts it
 * (Lighthouse's Chromium does), while the JavaScript budgets are written in gzip bytes. Asked of
 * the server itself, so the figure holds the real headers and the real compressed body.
 */
import { request } from 'node:http';

const cache = new Map<string, number>();

function gzipTransferSize(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      // Status line, each header line, and the blank line that ends them, as on the wire.
      let bytes = `HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        bytes += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`.length;
      }
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The gzip transfer size of every URL of `origin` among `urls` (each asked once per session). */
export async function gzipTransfers(urls: readonly string[], origin: string): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const url of urls) {
    if (new URL(url).origin !== origin) continue;
    let size = cache.get(url);
    if (size === undefined) {
      size = await gzipTransferSize(url);
      cache.set(url, size);
    }
    sizes.set(url, size);
  }
  return sizes;
}
