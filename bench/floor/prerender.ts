/** Prerenders the floor page into its built index.html, as scripts/prerender.ts does for the site. */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './app';
import { FLOOR_DIR } from './vite.config';

const file = path.join(FLOOR_DIR, 'index.html');
const template = await readFile(file, 'utf8');
if (!template.includes('<!--app-->')) throw new Error(`${file} has no <!--app--> placeholder`);
await writeFile(file, template.replace('<!--app-->', renderToString(createElement(App))));
