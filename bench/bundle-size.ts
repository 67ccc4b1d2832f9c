/**
 * Per prerendered route, against the budgets of bench/budgets.ts:
 * - initial JavaScript (the modules its boot script loads, plus any module script or modulepreload
 *   the HTML links), gzip-compressed: 90 KB on the home page, 100 KB elsewhere (DESIGN.md section 6);
 * - the page's own HTML as the server sends it (its Brotli copy): with the page's headers it must fit
 *   the first round trip.
 * Exits non-zero when a route is over a budget. Run after `npm run build`. `npm run bench` checks
 * what Lighthouse sees transferred.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { jsBudgetFor, pageHtmlBudget } from './budgets';
import { contentSecurityPolicy } from '../server/security';
import { bootModules } from '../src/boot/boot-script';

const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.join(root, 'dist/client');
const KB = 1024;

interface Manifest {
  routes: Record<string, string>;
  thirdParties?: Record<string, readonly string[]>;
  scriptHashes?: readonly string[];
}

/** The bytes of the Content-Security-Policy line the server sends with a page (server/static-site.ts). */
function cspHeaderBytes(thirdParties: readonly unknown[] = [], scriptHashes: readonly string[] = []): number {
  return Buffer.byteLength(
    `content-security-policy: ${contentSecurityPolicy(thirdParties, scriptHashes)}\r\n`,
  );
}

export function initialScripts(html: string): string[] {
  const urls = new Set<string>(bootModules(html));
  for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) if (m[1]) urls.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g))
    if (m[1]) urls.add(m[1]);
  return [...urls];
}

function main(): number {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, 'routes-manifest.json'), 'utf8')) as Manifest;
  const sizes = new Map<string, number>();
  const gz = (url: string) => {
    let size = sizes.get(url);
    if (size === undefined) {
      const file = path.join(clientDir, url.replace(/^\//, ''));
      // A file under PRECOMPRESS_MIN_BYTES has no gzip copy: the server sends it as it is.
      size = existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`).length : readFileSync(file).length;
      sizes.set(url, size);
    }
    return size;
  };
  let failures = 0;
  const rows: string[] = [];
  for (const [route, file] of Object.entries(manifest.routes)) {
    if (route.endsWith('.html')) continue;
    const html = readFileSync(path.join(clientDir, file), 'utf8');
    const total = initialScripts(html).reduce((sum, url) => sum + gz(url), 0);
    const budget = jsBudgetFor(route);
    // The build writes a Brotli copy of every page (scripts/precompress.ts); none is a failure.
    const brotliFile = path.join(clientDir, `${file}.br`);
    const htmlBytes = existsSync(brotliFile) ? readFileSync(brotliFile).length : Number.NaN;
    const htmlBudget = pageHtmlBudget(cspHeaderBytes(manifest.thirdParties?.[route], manifest.scriptHashes));
    const over = total > budget || !(htmlBytes <= htmlBudget);
    if (over) failures++;
    rows.push(
      `${over ? 'OVER' : 'ok  '}  JS ${(total / KB).toFixed(1).padStart(6)} KB / ${budget / KB} KB` +
        `  HTML ${(Number.isNaN(htmlBytes) ? 'no .br' : String(htmlBytes)).padStart(6)} B / ${htmlBudget} B  ${route}`,
    );
  }
  console.info('Initial JS (gzip) and HTML (Brotli) per route, as sent:');
  console.info(rows.join('\n'));
  if (failures > 0) console.error(`${failures} route(s) over the JavaScript or HTML budget`);
  return failures > 0 ? 1 : 0;
}

process.exit(main());
