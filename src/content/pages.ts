/**
 * The route table of spec section 2: every public path (aliases included) and its page. The
 * head metadata written into the prerendered HTML lives in page-head.ts (prerender only).
 */

import { BLOG_PAGE_SIZE } from '../domain/constants';
import type { ThirdParty } from '../domain/third-parties';
import { BLOG_ROUTES } from './blog/post-routes';
import { SLOGAN } from './common';
import { HOME_PATHS } from './home-paths';

/** The pages of the route table that are not blog posts nor later pages of the blog index. */
export type StaticPageKey =
  | 'home'
  | 'bienvenido'
  | 'caracteristicas'
  | 'descargar'
  | 'tiendaOnline'
  | 'registro'
  | 'eliminarCuenta'
  | 'privacidad'
  | 'terminos'
  | 'marcablanca'
  | 'pagos'
  | 'blog'
  | 'mobileBienvenida'
  | 'test'
  | 'notFound';
/** A blog post's page, named by its slug (src/content/blog/posts/<slug>.md). */
export type BlogPostKey = `post:${string}`;
/** Page n (from 2) of the blog index: the posts past the first page, for visitors without JavaScript and crawlers. */
type BlogListKey = `blog:${number}`;
export type PageKey = StaticPageKey | BlogPostKey | BlogListKey;

export interface HeaderVariant {
  /** Show the country selector in the top bar. */
  countrySelector: boolean;
  /** 'full' menu or the reduced menu with only Inicio. */
  menu: 'full' | 'home';
  /** Show the Registro menu item. */
  registration: boolean;
}

export interface PageMeta {
  key: PageKey;
  /** Every path that renders this page; the first is canonical. */
  paths: readonly string[];
  h1: string;
  header: HeaderVariant;
  /** Pages that must not be indexed (internal, transactional). */
  noindex?: boolean;
  /**
   * Where the floating WhatsApp button leads: the sign-up page (spec section 2, the default), the
   * white-label chat (the hero's, for resellers), or no button (transactional pages, and the
   * sign-up page itself, where it would reload the wizard).
   */
  whatsappFloat?: 'signUp' | 'whiteLabelChat' | 'none';
  /**
   * The page lays the cookie notice out itself, inside its own screen, instead of the strip fixed
   * over the page's bottom edge (the app welcome: the strip covered its buttons).
   */
  cookieNoticeInPage?: boolean;
  /** Outside hosts the page talks to: its Content-Security-Policy allows these and no others. */
  thirdParties?: readonly ThirdParty[];
}

const FULL: HeaderVariant = { countrySelector: true, menu: 'full', registration: true };
const NO_COUNTRY: HeaderVariant = { countrySelector: false, menu: 'full', registration: true };
const HOME_ONLY: HeaderVariant = { countrySelector: false, menu: 'home', registration: false };
/** The heading of the welcome page and of the app's welcome. */
const WELCOME = 'Bienvenido';
/** The blog's name: the heading of its index pages, also its posts' breadcrumb and its feed's title. */
const BLOG = 'Blog';
/** Transactional pages (welcome, payment, app welcome, test): reduced header, not indexed, no floating button. */
const TRANSACTIONAL = { header: HOME_ONLY, noindex: true, whatsappFloat: 'none' } as const;

export const postKey = (slug: string): BlogPostKey => `post:${slug}`;
export const postPath = (slug: string): string => `/blog/${slug}`;

/** How many pages the blog index has: BLOG_PAGE_SIZE posts each, as 'Ver más artículos' reveals them. */
export const BLOG_LIST_PAGES = Math.max(1, Math.ceil(BLOG_ROUTES.length / BLOG_PAGE_SIZE));
/** Page n of the blog index: /blog, then /blog/pagina/2 and on. */
export const blogListPath = (n: number): string => (n <= 1 ? '/blog' : `/blog/pagina/${n}`);

const BLOG_POST_PAGES: PageMeta[] = BLOG_ROUTES.map((post) => ({
  key: postKey(post.slug),
  paths: [postPath(post.slug)],
  h1: post.title,
  header: NO_COUNTRY,
}));

const BLOG_LIST_PAGES_AFTER_FIRST: PageMeta[] = Array.from({ length: BLOG_LIST_PAGES - 1 }, (_, i) => ({
  key: `blog:${i + 2}` as const,
  paths: [blogListPath(i + 2)],
  h1: BLOG,
  header: NO_COUNTRY,
}));

export const PAGES: readonly PageMeta[] = [
  {
    key: 'home',
    paths: HOME_PATHS,
    h1: SLOGAN,
    header: FULL,
    // The hero's video, embedded after a click.
    thirdParties: ['youtube'],
  },
  {
    key: 'bienvenido',
    paths: ['/bienvenido'],
    h1: WELCOME,
    ...TRANSACTIONAL,
    // The advertising events sent on arrival.
    thirdParties: ['facebookPixel'],
  },
  {
    key: 'caracteristicas',
    paths: ['/caracteristicas', '/caracteristicas.html'],
    h1: 'La Gestión Completa De Tu Negocio',
    header: FULL,
  },
  {
    key: 'descargar',
    paths: ['/descargar'],
    h1: 'Instalar la app de administración',
    header: NO_COUNTRY,
  },
  {
    key: 'tiendaOnline',
    paths: ['/tienda-online'],
    h1: 'Tu tienda online, lista para vender',
    header: FULL,
  },
  {
    key: 'registro',
    paths: ['/registro', '/registro.html'],
    h1: 'Registra tu negocio',
    header: { countrySelector: false, menu: 'full', registration: false },
    whatsappFloat: 'none',
    // The wizard's bot check.
    thirdParties: ['recaptcha'],
  },
  {
    key: 'eliminarCuenta',
    paths: ['/eliminar-cuenta', '/eliminar-cuenta.html'],
    h1: 'Actualización de datos y eliminación de cuenta',
    header: NO_COUNTRY,
  },
  {
    key: 'privacidad',
    paths: ['/privacidad', '/privacidad.html'],
    h1: 'Política de privacidad',
    header: NO_COUNTRY,
  },
  {
    key: 'terminos',
    paths: ['/terminos-y-condiciones', '/terminos-y-condiciones.html'],
    h1: 'Términos y condiciones',
    header: NO_COUNTRY,
  },
  {
    key: 'marcablanca',
    paths: ['/marcablanca'],
    h1: 'Tiendas online con tu propia marca',
    header: { countrySelector: true, menu: 'full', registration: false },
    whatsappFloat: 'whiteLabelChat',
  },
  {
    key: 'pagos',
    paths: ['/pagos', '/pagos.html'],
    h1: 'Pago de suscripción',
    ...TRANSACTIONAL,
    thirdParties: ['paypal'],
  },
  {
    key: 'blog',
    paths: ['/blog'],
    h1: BLOG,
    header: NO_COUNTRY,
  },
  ...BLOG_LIST_PAGES_AFTER_FIRST,
  ...BLOG_POST_PAGES,
  {
    key: 'mobileBienvenida',
    paths: ['/mobile/bienvenida'],
    h1: WELCOME,
    ...TRANSACTIONAL,
    cookieNoticeInPage: true,
  },
  {
    key: 'test',
    paths: ['/test'],
    h1: 'Prueba de enlaces de WhatsApp',
    ...TRANSACTIONAL,
  },
  {
    key: 'notFound',
    paths: [],
    h1: 'Ups! Parece que la página no existe',
    header: FULL,
    noindex: true,
  },
];

const BY_KEY = new Map(PAGES.map((p) => [p.key, p]));
const BY_PATH = new Map(PAGES.flatMap((p) => p.paths.map((path) => [path, p] as const)));

export function pageByKey(key: PageKey): PageMeta {
  const page = BY_KEY.get(key);
  if (!page) throw new Error(`Unknown page ${key}`);
  return page;
}

/** The slug of a blog post's page; undefined for any other page. */
export function postSlugOf(key: PageKey): string | undefined {
  return key.startsWith('post:') ? key.slice('post:'.length) : undefined;
}

/** The number of a blog index page (1 for /blog); undefined for any other page. */
export function blogListNumberOf(key: PageKey): number | undefined {
  if (key === 'blog') return 1;
  return key.startsWith('blog:') ? Number(key.slice('blog:'.length)) : undefined;
}

/** The page for a pathname (exact match, aliases included); anything else is notFound. */
export function resolvePage(pathname: string): PageMeta {
  return BY_PATH.get(pathname) ?? pageByKey('notFound');
}

export function canonicalPath(page: PageMeta): string {
  return page.paths[0] ?? '/404';
}
