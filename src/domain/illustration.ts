/**
 * The site's illustrations ship as WebP drawn from their SVG sources (npm run images:raster): an
 * SVG image costs Chromium a whole document of its own (a page, a frame, a parse and a layout),
 * and on the home page those documents were built before the first paint.
 * One file per picture, drawn at twice its CSS size: sharp on the phones prospects use (two to
 * three device pixels per CSS pixel), and one attribute less per image in the home page's HTML,
 * which has to fit the first round trip of a new connection (docs/performance.md).
 */
export const ILLUSTRATION_SCALE = 2;
