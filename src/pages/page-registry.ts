import type { ComponentType } from 'react';
import { blogListNumberOf, postSlugOf, type PageKey, type StaticPageKey } from '../content/pages';

type PageModule = { default: ComponentType };

/** Page module file (in src/pages/, without extension) of each page but the posts and later blog pages. */
const PAGE_MODULES: Readonly<Record<StaticPageKey, string>> = {
  home: 'home-page',
  bienvenido: 'welcome-page',
  caracteristicas: 'features-page',
  descargar: 'download-page',
  tiendaOnline: 'online-store-page',
  registro: 'registration-page',
  eliminarCuenta: 'delete-account-page',
  privacidad: 'privacy-page',
  terminos: 'terms-page',
  marcablanca: 'white-label-page',
  pagos: 'payment-page',
  blog: 'blog-index-page',
  mobileBienvenida: 'mobile-welcome-page',
  test: 'whatsapp-test-page',
  notFound: 'not-found-page',
};

/** The page module of a page: every post shares one, and so does every page of the blog index. */
export function pageModule(key: PageKey): string {
  if (postSlugOf(key) !== undefined) return 'blog-post-page';
  if (blogListNumberOf(key) !== undefined) return PAGE_MODULES.blog;
  return PAGE_MODULES[key as StaticPageKey];
}

// One code-split chunk per page: the browser downloads only the page it shows.
const modules = import.meta.glob<PageModule>('./*-page.tsx');

export function loadPage(key: PageKey): Promise<PageModule> {
  const load = modules[`./${pageModule(key)}.tsx`];
  if (!load) throw new Error(`Falta el módulo de la página ${key}`);
  return load();
}
