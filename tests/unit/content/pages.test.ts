import { describe, expect, it } from 'vitest';
import { pageHead } from '../../../src/content/page-head';
import { PAGES, resolvePage } from '../../../src/content/pages';
import { fileForPath } from '../../../scripts/prerender-paths';

describe('route table of spec section 2', () => {
  const routePaths = PAGES.flatMap((p) => p.paths);

  it('holds every public path, aliases included', () => {
    expect([...routePaths].sort()).toEqual(
      [
        '/',
        '/gastronomicos',
        '/gastronomicos.html',
        '/bienvenido',
        '/caracteristicas',
        '/caracteristicas.html',
        '/descargar',
        '/tienda-online',
        '/registro',
        '/registro.html',
        '/eliminar-cuenta',
        '/eliminar-cuenta.html',
        '/privacidad',
        '/privacidad.html',
        '/terminos-y-condiciones',
        '/terminos-y-condiciones.html',
        '/marcablanca',
        '/pagos',
        '/pagos.html',
        '/blog',
        '/blog/pagina/2',
        '/blog/configuracion-whatsapp-business',
        '/blog/estrategias-efectivas-para-aumentar-ventas',
        '/blog/publicar-historias-en-instagram',
        '/blog/promocionar-negocio-en-instagram',
        '/mobile/bienvenida',
        '/test',
      ].sort(),
    );
  });

  it('resolves aliases to the same page and anything else to not-found', () => {
    expect(resolvePage('/gastronomicos.html').key).toBe('home');
    expect(resolvePage('/registro.html').key).toBe('registro');
    expect(resolvePage('/registro/').key).toBe('notFound');
    expect(resolvePage('/nada').key).toBe('notFound');
    expect(resolvePage('/nada').h1).toBe('Ups! Parece que la página no existe');
  });

  it('gives every page its own title and description', () => {
    const titles = PAGES.map((p) => pageHead(p.key).title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const p of PAGES) expect(pageHead(p.key).description.length).toBeGreaterThan(20);
  });

  it('maps each route to one static file', () => {
    expect(fileForPath('/')).toBe('index.html');
    expect(fileForPath('/registro')).toBe('registro/index.html');
    expect(fileForPath('/registro.html')).toBe('registro.html');
    expect(fileForPath('/blog/publicar-historias-en-instagram')).toBe(
      'blog/publicar-historias-en-instagram/index.html',
    );
    const files = routePaths.map(fileForPath);
    expect(new Set(files).size).toBe(files.length);
  });
});
