/** The prerender's rewrites of the built HTML template, shared with the floor page's prerender. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { svgDataUri } from '../src/domain/svg-data-uri';

/**
 * The entry's module script and any module preloads Vite put in the template, taken out: the boot
 * script (src/boot/boot-script.ts) asks for them after the first paint.
 */
export function takeOutModuleTags(html: string): { html: string; modules: string[] } {
  const modules: string[] = [];
  const tag =
    /\s*<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="([^"]+)"[^>]*>(?:<\/script>)?/g;
  const out = html.replace(tag, (_whole, url: string) => {
    modules.push(url);
    return '';
  });
  if (modules.length === 0) throw new Error('La plantilla no tiene el script de entrada');
  return { html: out, modules };
}

/**
 * The template's SVG favicon (a file under `dir`) as a data URI. As a file it is one more request,
 * on a round trip of its own, that Chromium makes at high priority before the first paint: it
 * would be part of every page's largest contentful paint.
 */
export async function inlineFavicon(html: string, dir: string): Promise<string> {
  const link = /(<link rel="icon" href=")\/([^"]+\.svg)(")/.exec(html);
  if (!link?.[2]) throw new Error('La plantilla no tiene el ícono SVG');
  const svg = await readFile(path.join(dir, link[2]), 'utf8');
  // Its attributes in single quotes, which need no escape in the link's double-quoted href: the
  // home page's HTML is held to the first round trip, and each %22 is 3 bytes of it.
  const quoted = svg.includes("'") ? svg : svg.replace(/"/g, "'");
  return html.replace(link[0], `${link[1]}${svgDataUri(quoted)}${link[3]}`);
}

/**
 * The head without the template's indentation between its tags and without its self-closing
 * slashes (`<meta ... />`; the head holds only void elements, whose slash HTML ignores): every
 * page's HTML has to fit the first round trip (bench/budgets.ts). The text of its scripts and
 * styles is left as it is.
 */
export function compactHead(html: string): string {
  return html.replace(/<head>[\s\S]*?<\/head>/, (head) =>
    head.replace(
      // A script or style element is matched whole, so that nothing inside it changes.
      /(<(script|style)\b[\s\S]*?<\/\2>)|\s*\/>|(?<=>)\s+(?=<)/g,
      (match, element?: string) => element ?? (match.endsWith('/>') ? '>' : ''),
    ),
  );
}
