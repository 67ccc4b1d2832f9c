/**
 * Prerenders the floor page into its built index.html, as scripts/prerender.ts does for the site:
 * the rendered app, and the boot script in place of the module script.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { bootTags } from '../../src/boot/boot-script';
import { App } from './app';
import { FLOOR_DIR } from './vite.config';

const file = path.join(FLOOR_DIR, 'index.html');
const template = await readFile(file, 'utf8');
if (!template.includes('<!--app-->')) throw new Error(`${file} has no <!--app--> placeholder`);
// Started the way the site's pages start (scripts/prerender.ts): the boot script imports the entry
// after the first paint. With a plain module script, whether the floor's script lands before or
// after its first paint is a race (it moved the floor's LCP between 650 and 1150 ms), and the
// yardstick has to be the best a React page can do.
const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template);
if (!entry?.[1]) throw new Error(`${file} has no module script`);
const html = template
  .replace(entry[0], '')
  .replace('<!--app-->', renderToString(createElement(App)))
  .replace('</body>', `  ${bootTags([entry[1]])}\n  </body>`);
await writeFile(file, html);
