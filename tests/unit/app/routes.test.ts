import { describe, expect, it } from 'vitest';
import { pageKeyAt } from '../../../src/app';
import { PAGES, resolvePage } from '../../../src/content/pages';

/**
 * The page a path shows is decided by wouter (the entries ask it which page's code to load, and
 * its `<Switch>` renders that page), with exact paths, as the server serves them.
 */
describe('a path becomes a page in one place', () => {
  it('every path of the route table, aliases included, is its own page', () => {
    const paths = PAGES.flatMap((page) => page.paths.map((path) => [path, page.key] as const));
    expect(paths.length).toBeGreaterThan(PAGES.length);
    for (const [path, key] of paths) expect(pageKeyAt(path), path).toBe(key);
  });

  it.each(['/REGISTRO', '/registro/', '/registro.htm', '/blog/pagina/999', '/nada', '/registro?x=1'])(
    '%s is the not-found page, as the server answers it',
    (path) => {
      expect(pageKeyAt(path)).toBe('notFound');
      expect(resolvePage(path).key).toBe('notFound');
    },
  );
});
