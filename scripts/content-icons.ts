/**
 * Writes the content icons' sprite (src/ui/content-icons.svg): one <symbol> per
 * name of CONTENT_ICON_SOURCES, with the Lucide icon's paths. The page's <svg> around each <use>
 * sets the stroke, so the symbols carry shapes only. `npm run icons:sprite`; a unit test fails
 * while the committed file differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CONTENT_ICON_SOURCES } from '../src/ui/content-icon-sources';

export const SPRITE_FILE = path.join(import.meta.dirname, '../src/ui/content-icons.svg');

export function contentIconSprite(): string {
  const symbols = Object.entries(CONTENT_ICON_SOURCES).map(([name, icon]) => {
    const markup = renderToStaticMarkup(createElement(icon));
    const inner = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(markup)?.[1];
    if (inner === undefined) throw new Error(`El ícono ${name} no se pudo dibujar`);
    return `<symbol id="${name}" viewBox="0 0 24 24">${inner}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`;
}

if (process.argv[1] === import.meta.filename) {
  writeFileSync(SPRITE_FILE, contentIconSprite());
  console.info(`icons:sprite: wrote ${path.relative(process.cwd(), SPRITE_FILE)}`);
}
