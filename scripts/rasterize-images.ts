/**
 * npm run images:raster — draws the site's SVG sources as raster images, with Chromium:
 * - each country's flag (public/flags/XX.svg) as a PNG at twice the flag's size, the image path
 *   the country data names (`bandera`);
 * - each home illustration (public/img/home/*.svg) as WebP (x.webp) at ILLUSTRATION_SCALE times
 *   its width and height attributes, the file the page shows.
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

/** Draws an SVG on a canvas of width x height device pixels and returns the encoded bytes. */
async function draw(page: Page, svg: Buffer, width: number, height: number, type: Format): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    async ({ b64, width, height, type, quality }) => {
      const img = new Image();
      img.src = `data:image/svg+xml;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.drawImage(img, 0, 0, width, height);
      return canvas.toDataURL(type, quality);
    },
    { b64: svg.toString('base64'), width, height, type, quality: WEBP_QUALITY },
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
} finally {
  await browser.close();
}
