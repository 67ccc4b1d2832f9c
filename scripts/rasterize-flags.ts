/**
 * npm run flags:png — draws each country's flag (public/flags/XX.svg, the source) as a PNG at twice
 * the size the top bar shows it (24 × 16 CSS pixels), into public/flags/XX.png. Run it after
 * changing a flag and commit both files.
 *
 * Why PNG: Chromium builds a whole isolated document for every SVG image it draws (a page, a frame,
 * a parse and a layout), about 2 ms each on a fast machine; the top bar's seven flags made that
 * part of the first paint on every page with the country selector. A small PNG is just decoded.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { COUNTRY_CODES, FLAG_HEIGHT, FLAG_WIDTH } from '../src/domain/countries';
import { CHROMIUM_ARGS, findChromium } from './chromium';

const FLAGS_DIR = path.resolve(import.meta.dirname, '../public/flags');
/** Sharp on screens of up to two device pixels per CSS pixel (Lighthouse's phone has 1.75). */
const SCALE = 2;

const found = findChromium();
if (!found) {
  console.error('No Chromium found (CHROMIUM_PATH, Playwright or /usr/bin/chromium).');
  process.exit(2);
}
const browser = await chromium.launch({ executablePath: found.path, args: CHROMIUM_ARGS });
try {
  const width = FLAG_WIDTH * SCALE;
  const height = FLAG_HEIGHT * SCALE;
  const page = await browser.newPage({ viewport: { width, height } });
  for (const code of COUNTRY_CODES) {
    const svg = readFileSync(path.join(FLAGS_DIR, `${code}.svg`));
    await page.setContent(
      `<style>html,body{margin:0}img{display:block;width:${width}px;height:${height}px}</style>` +
        `<img src="data:image/svg+xml;base64,${svg.toString('base64')}">`,
    );
    await page.waitForFunction(() => document.images[0]?.complete === true);
    const png = await page.screenshot({ type: 'png', omitBackground: true });
    writeFileSync(path.join(FLAGS_DIR, `${code}.png`), png);
    console.info(`${code}.png ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
