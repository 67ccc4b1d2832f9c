import { PurgeCSS } from 'purgecss';
import purgeFromHtml from 'purgecss-from-html';

/**
 * The rules of a stylesheet that can match something in one prerendered page at its first paint,
 * judged by PurgeCSS against the page's HTML (parsed, so words in the text keep nothing) plus
 * `alwaysPresent`, the classes the head script sets on <html> before the body is laid out. The
 * page loads the whole file after its first paint, for what its code draws later; so keyframes,
 * font faces and custom properties stay whole here.
 */
export async function usedCss(
  css: string,
  html: string,
  alwaysPresent: readonly string[] = [],
): Promise<string> {
  const [result] = await new PurgeCSS().purge({
    content: [{ raw: `<html class="${alwaysPresent.join(' ')}">${html}</html>`, extension: 'html' }],
    css: [{ raw: css }],
    extractors: [{ extractor: purgeFromHtml, extensions: ['html'] }],
    // The head script and the boot script set these before the whole stylesheet can arrive.
    dynamicAttributes: ['data-held', 'data-released', 'hidden', 'inert', 'disabled', 'aria-disabled'],
    keyframes: false,
    fontFace: false,
    variables: false,
  });
  return result?.css ?? css;
}
