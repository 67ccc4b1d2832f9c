import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compactHead, inlineFavicon, takeOutModuleTags } from '../../../scripts/prerender-html';
import { svgDataUri } from '../../../src/domain/svg-data-uri';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect fill="#0b6e4f" width="32" height="32"/></svg>\n';

describe('svgDataUri', () => {
  it('gives a data URI that decodes back to the SVG and cannot end its attribute', () => {
    const uri = svgDataUri(SVG);
    expect(uri.startsWith('data:image/svg+xml,')).toBe(true);
    expect(uri).not.toMatch(/["<>#\n]/);
    expect(decodeURIComponent(uri.slice('data:image/svg+xml,'.length))).toBe(SVG.trim());
  });

  it('is shorter than the same SVG in base64', () => {
    expect(svgDataUri(SVG).length).toBeLessThan(`data:image/svg+xml;base64,${btoa(SVG)}`.length);
  });
});

describe('inlineFavicon', () => {
  it("puts the favicon file's SVG in the icon link, and the page asks for no file", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'favicon-'));
    await writeFile(path.join(dir, 'favicon.svg'), SVG);
    const html = await inlineFavicon(
      '<head><link rel="icon" href="/favicon.svg" type="image/svg+xml" /></head>',
      dir,
    );
    expect(html).not.toContain('/favicon.svg');
    // The SVG's attributes in single quotes: no %22 in the double-quoted href.
    const href = /href="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(href).toBe(svgDataUri(SVG.replace(/"/g, "'")));
    expect(decodeURIComponent(href.slice('data:image/svg+xml,'.length))).toBe(SVG.trim().replace(/"/g, "'"));
  });

  it('keeps double quotes in an SVG that has an apostrophe', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'favicon-'));
    const svg = `<svg xmlns="http://www.w3.org/2000/svg"><title>Ana's</title></svg>`;
    await writeFile(path.join(dir, 'favicon.svg'), svg);
    const html = await inlineFavicon('<link rel="icon" href="/favicon.svg">', dir);
    expect(html).toBe(`<link rel="icon" href="${svgDataUri(svg)}">`);
  });

  it('fails the build when the template has no SVG icon', async () => {
    await expect(inlineFavicon('<head></head>', tmpdir())).rejects.toThrow('ícono SVG');
  });
});

describe('takeOutModuleTags', () => {
  it("takes out the entry script and Vite's module preloads, in order", () => {
    const { html, modules } = takeOutModuleTags(
      '<head><script type="module" crossorigin src="/assets/index-a.js"></script>\n' +
        '<link rel="modulepreload" crossorigin href="/assets/react-b.js"></head>',
    );
    expect(modules).toEqual(['/assets/index-a.js', '/assets/react-b.js']);
    expect(html).toBe('<head></head>');
  });

  it('fails the build when the template has no entry script', () => {
    expect(() => takeOutModuleTags('<head></head>')).toThrow('script de entrada');
  });
});

describe('compactHead', () => {
  it("takes the head's indentation and self-closing slashes out, and leaves scripts, styles and the body alone", () => {
    const page =
      '<!doctype html>\n<html lang="es">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Hola  mundo</title>\n' +
      '    <script>if (a > 1) b = `\n  <i />`;</script>\n    <style>a >  b{color:red}</style>\n' +
      '    <noscript><link rel="manifest" href="/m"></noscript>\n  </head>\n  <body>\n    <p> x </p><br />\n  </body>\n</html>';
    expect(compactHead(page)).toBe(
      '<!doctype html>\n<html lang="es">\n  <head><meta charset="UTF-8"><title>Hola  mundo</title>' +
        '<script>if (a > 1) b = `\n  <i />`;</script><style>a >  b{color:red}</style>' +
        '<noscript><link rel="manifest" href="/m"></noscript></head>\n  <body>\n    <p> x </p><br />\n  </body>\n</html>',
    );
  });
});
