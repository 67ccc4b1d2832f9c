import { PurgeCSS } from 'purgecss';
import purgeFromHtml from 'purgecss-from-html';

/** Between two style blocks judged together: a comment that PurgeCSS keeps ('/*!'). */
const BLOCK_SEPARATOR = '\n/*! first-paint-block */\n';

/**
 * The rules of a page's style blocks that can match something in that prerendered page at its
 * first paint, judged by PurgeCSS against the page's HTML (parsed, so words in the text keep
 * nothing) plus `alwaysPresent`, the classes the head script sets on <html> before the body is
 * laid out. The page loads the whole files after its first paint, for what its code draws later,
 * so the custom properties and keyframes no kept rule uses are left to them too (judged across
 * all the blocks at once: the site's sheet defines the properties a page's sheet uses); font
 * faces stay. Returns one text per block, in order.
 */
export async function usedCss(
  blocks: readonly string[],
  html: string,
  alwaysPresent: readonly string[] = [],
  afterPaint: readonly RegExp[] = [],
): Promise<string[]> {
  if (blocks.some((css) => css.includes(BLOCK_SEPARATOR.trim())))
    throw new Error('usedCss: a style block holds the separator of the blocks');
  const [result] = await new PurgeCSS().purge({
    content: [{ raw: `<html class="${alwaysPresent.join(' ')}">${html}</html>`, extension: 'html' }],
    css: [{ raw: blocks.join(BLOCK_SEPARATOR) }],
    extractors: [{ extractor: purgeFromHtml, extensions: ['html'] }],
    // The head script and the boot script set these before the whole stylesheet can arrive.
    dynamicAttributes: ['data-held', 'data-released', 'hidden', 'inert', 'disabled', 'aria-disabled'],
    // Classes whose rules wait for the whole file even where the page uses them (FLAG_ART_CLASS).
    blocklist: [...afterPaint],
    keyframes: true,
    fontFace: false,
    variables: true,
  });
  const used = (result?.css ?? blocks.join(BLOCK_SEPARATOR)).split(BLOCK_SEPARATOR.trim());
  if (used.length !== blocks.length) throw new Error('usedCss: the blocks came back merged');
  return used.map((css) => css.trim());
}
