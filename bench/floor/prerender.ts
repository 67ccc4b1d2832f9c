/**
 * Prerenders the floor page into its built index.html, as scripts/prerender.ts does for the site:
 * the rendered app, and the boot script in place of the module script.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { bootTags } from '../../src/boot/boot-script';
import { buildInlineScripts } from '../../scripts/inline-scripts';
import { takeOutModuleTags } from '../../scripts/prerender-html';
import { App } from './app';
import { FLOOR_DIR } from './vite.config';

const file = path.join(FLOOR_DIR, 'index.html');
const template = await readFile(file, 'utf8');
if (!template.includes('<!--app-->')) throw new Error(`${file} has no <!--app--> placeholder`);
// Started the way the site's pages start (scripts/prerender.ts): the boot script imports the entry
// after the first paint. With a plain module script, whether the floor's script lands before or
// after its first paint is a race (it moved the floor's LCP by about half a second between
// sessions: docs/performance.md, "npm run bench"), and the yardstick has to be the best a React
// page can do.
const { html: withoutScripts, modules } = takeOutModuleTags(template);
const { boot } = await buildInlineScripts();
const html = withoutScripts
  .replace('<!--app-->', renderToString(createElement(App)))
  .replace('</body>', `  ${bootTags(modules, boot)}\n  </body>`);
await writeFile(file, html);
