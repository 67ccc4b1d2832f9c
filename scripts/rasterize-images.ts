/**
 * npm run images:raster — draws the site's SVG sources as raster images, with Chromium:
 * - each country's flag (public/flags/XX.svg) as a PNG at twice the flag's size, the image path
 *   the country data names (`bandera`);
 * - each home illustration (public/img/home/*.svg) as WebP (x.webp) at ILLUSTRATION_SCALE times
 *   its width and height attributes, the file the page shows;
 * - the brand's icon (public/favicon.svg) as favicon.ico (16, 32 and 48 px, for browsers and tools
 *   that ask for /favicon.ico), apple-touch-icon.png (180 px, what an iPhone shows for a saved page)
 *   and icon-192.png and icon-512.png (the web app manifest's, for Android); the last three fill
 *   the corners with the icon's colour, as the phones round the icon themselves.
 * Run it after changing an SVG and commit the SVG and its drawings.
 *
 * Why: Chromium builds a whole isolated document for every SVG image it draws (a page, a frame, a
 * parse and a layout); a raster image is only decoded, off the main thread.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { COUNTRY_CODES, FLAG_HEIGHT, FLAG_WIDTH } from '../src/domain/countries';
import { CHROMIUM_ARGS, findChromium } from './chromium';

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../public');
const FLAGS_DIR = path.join(PUBLIC_DIR, 'flags');
const ILLUSTRATIONS_DIR = path.join(PUBLIC_DIR, 'img/home');
/** Sharp on screens of up to two device pixels per CSS pixel. */
const FLAG_SCALE = 2;
/**
 * One file per illustration, at twice its CSS size: sharp on the phones prospects use (two to three
 * device pixels per CSS pixel), and no srcset in the home page's HTML, which has to fit the first
 * round trip of a new connection (docs/performance.md).
 */
const ILLUSTRATION_SCALE = 2;
/** Flat colours and small text: near-lossless keeps the letters clean at a fraction of PNG's size. */
const WEBP_QUALITY = 0.9;

type Format = 'image/png' | 'image/webp';

/**
 * Draws an SVG on a canvas of width x height device pixels (over `background` when given) and
 * returns the encoded bytes.
 */
async function draw(
  page: Page,
  svg: Buffer,
  width: number,
  height: number,
  type: Format,
  background?: string,
): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    async ({ b64, width, height, type, quality, background }) => {
      const img = new Image();
      img.src = `data:image/svg+xml;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      if (background) {
        context.fillStyle = background;
        context.fillRect(0, 0, width, height);
      }
      context.drawImage(img, 0, 0, width, height);
      return canvas.toDataURL(type, quality);
    },
    { b64: svg.toString('base64'), width, height, type, quality: WEBP_QUALITY, background },
  );
  const [, b64 = ''] = dataUrl.split(',', 2);
  if (!dataUrl.startsWith(`data:${type}`)) throw new Error(`Chromium did not encode ${type}`);
  return Buffer.from(b64, 'base64');
}

function svgSize(svg: string, file: string): { width: number; height: number } {
  const tag = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const width = Number(/\swidth="(\d+)"/.exec(tag)?.[1]);
  const height = Number(/\sheight="(\d+)"/.exec(tag)?.[1]);
  if (!(width > 0 && height > 0)) throw new Error(`${file}: the <svg> needs width and height in pixels`);
  return { width, height };
}

/** An .ico file holding PNG images (read by every browser since 2009), one per size. */
function icoFile(images: readonly { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0); // width, 0 meaning 256
    entry.writeUInt8(size % 256, 1); // height
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}

const ICON_SVG = path.join(PUBLIC_DIR, 'favicon.svg');
/** The icon's own background colour, filling the corners of the icons phones round themselves. */
const ICON_BACKGROUND = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(readFileSync(ICON_SVG, 'utf8'))?.[1];
const FAVICON_SIZES = [16, 32, 48];
const FULL_BLEED_ICONS = [
  { file: 'apple-touch-icon.png', size: 180 },
  { file: 'icon-192.png', size: 192 },
  { file: 'icon-512.png', size: 512 },
];

const found = findChromium();
if (!found) {
  console.error('No Chromium found (CHROMIUM_PATH, Playwright or /usr/bin/chromium).');
  process.exit(2);
}
const browser = await chromium.launch({ executablePath: found.path, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  for (const code of COUNTRY_CODES) {
    const svg = readFileSync(path.join(FLAGS_DIR, `${code}.svg`));
    const png = await draw(page, svg, FLAG_WIDTH * FLAG_SCALE, FLAG_HEIGHT * FLAG_SCALE, 'image/png');
    writeFileSync(path.join(FLAGS_DIR, `${code}.png`), png);
    console.info(`flags/${code}.png ${png.length} bytes`);
  }
  for (const file of readdirSync(ILLUSTRATIONS_DIR).filter((f) => f.endsWith('.svg'))) {
    const svg = readFileSync(path.join(ILLUSTRATIONS_DIR, file));
    const { width, height } = svgSize(svg.toString('utf8'), file);
    const out = file.replace(/\.svg$/, '.webp');
    const webp = await draw(page, svg, width * ILLUSTRATION_SCALE, height * ILLUSTRATION_SCALE, 'image/webp');
    writeFileSync(path.join(ILLUSTRATIONS_DIR, out), webp);
    console.info(`img/home/${out} ${webp.length} bytes`);
  }
  const icon = readFileSync(ICON_SVG);
  const favicons = [];
  for (const size of FAVICON_SIZES)
    favicons.push({ size, png: await draw(page, icon, size, size, 'image/png') });
  const ico = icoFile(favicons);
  writeFileSync(path.join(PUBLIC_DIR, 'favicon.ico'), ico);
  console.info(`favicon.ico ${ico.length} bytes`);
  for (const { file, size } of FULL_BLEED_ICONS) {
    const png = await draw(page, icon, size, size, 'image/png', ICON_BACKGROUND);
    writeFileSync(path.join(PUBLIC_DIR, file), png);
    console.info(`${file} ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
