/**
 * The route table of spec section 2: every public path (aliases included), its page,
 * and the per-page head metadata written into the prerendered HTML.
 */

export type PageKey =
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
  | 'blogWhatsappBusiness'
  | 'blogEstrategiasVentas'
  | 'blogHistoriasInstagram'
  | 'blogPromocionarInstagram'
  | 'mobileBienvenida'
  | 'test'
  | 'notFound';

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
  title: string;
  description: string;
  h1: string;
  header: HeaderVariant;
  /** Pages that must not be indexed (internal, transactional). */
  noindex?: boolean;
  /** Show the floating WhatsApp button (every page but the transactional ones). */
  whatsappFloat?: boolean;
}

const FULL: HeaderVariant = { countrySelector: true, menu: 'full', registration: true };
const NO_COUNTRY: HeaderVariant = { countrySelector: false, menu: 'full', registration: true };
const HOME_ONLY: HeaderVariant = { countrySelector: false, menu: 'home', registration: false };
/** Transactional pages (welcome, payment, app welcome, test): reduced header, not indexed, no floating button. */
const TRANSACTIONAL = { header: HOME_ONLY, noindex: true, whatsappFloat: false } as const;

export const BLOG_SLUGS = [
  'configuracion-whatsapp-business',
  'estrategias-efectivas-para-aumentar-ventas',
  'publicar-historias-en-instagram',
  'promocionar-negocio-en-instagram',
] as const;
export type BlogSlug = (typeof BLOG_SLUGS)[number];

export const PAGES: readonly PageMeta[] = [
  {
    key: 'home',
    paths: ['/', '/gastronomicos', '/gastronomicos.html'],
    title: 'Tu tienda online con 0 % de comisión | Pedidos por WhatsApp',
    description:
      'Abre tu tienda online o carta digital con carrito, QR y pedidos por WhatsApp. Abono mensual fijo, 0 % de comisión y sin plazo mínimo.',
    h1: 'Tu tienda online con 0 % de comisión',
    header: FULL,
  },
  {
    key: 'bienvenido',
    paths: ['/bienvenido'],
    title: 'Bienvenido | Estamos preparando tu cuenta',
    description: 'Estamos preparando tu cuenta para que empieces a vender online.',
    h1: 'Bienvenido',
    ...TRANSACTIONAL,
  },
  {
    key: 'caracteristicas',
    paths: ['/caracteristicas', '/caracteristicas.html'],
    title: 'Características | La gestión completa de tu negocio',
    description:
      'Recepción de pedidos, gestión de ventas, catálogo, finanzas y promoción de tu negocio en una sola herramienta.',
    h1: 'La Gestión Completa De Tu Negocio',
    header: FULL,
  },
  {
    key: 'descargar',
    paths: ['/descargar'],
    title: 'Descargar la app de administración | Instalar',
    description: 'Instala la app de administración en tu Android y gestiona tus pedidos desde el celular.',
    h1: 'Instalar la app de administración',
    header: NO_COUNTRY,
  },
  {
    key: 'tiendaOnline',
    paths: ['/tienda-online'],
    title: 'Tienda online para tu negocio | Catálogo, carrito y WhatsApp',
    description:
      'Crea tu tienda online con catálogo ilimitado, carrito y pedidos por WhatsApp. Sin comisiones por venta.',
    h1: 'Tu tienda online, lista para vender',
    header: FULL,
  },
  {
    key: 'registro',
    paths: ['/registro', '/registro.html'],
    title: 'Registro | Crea tu tienda online',
    description:
      'Déjanos tus datos y en pocos pasos te ayudamos a abrir tu tienda online con 0 % de comisión.',
    h1: 'Registra tu negocio',
    header: { countrySelector: false, menu: 'full', registration: false },
  },
  {
    key: 'eliminarCuenta',
    paths: ['/eliminar-cuenta', '/eliminar-cuenta.html'],
    title: 'Actualización de datos y eliminación de cuenta',
    description: 'Cómo pedir la actualización de tus datos o la eliminación definitiva de tu cuenta.',
    h1: 'Actualización de datos y eliminación de cuenta',
    header: NO_COUNTRY,
  },
  {
    key: 'privacidad',
    paths: ['/privacidad', '/privacidad.html'],
    title: 'Política de privacidad',
    description: 'Cómo tratamos y protegemos los datos personales de quienes usan nuestro servicio.',
    h1: 'Política de privacidad',
    header: NO_COUNTRY,
  },
  {
    key: 'terminos',
    paths: ['/terminos-y-condiciones', '/terminos-y-condiciones.html'],
    title: 'Términos y condiciones',
    description: 'Condiciones de uso del servicio de tiendas online por suscripción mensual.',
    h1: 'Términos y condiciones',
    header: NO_COUNTRY,
  },
  {
    key: 'marcablanca',
    paths: ['/marcablanca'],
    title: 'Marca blanca | Vende tiendas online con tu propia marca',
    description:
      'Ofrece tiendas online con tu marca, traslada el costo a tus clientes y paga solo por clientes confirmados.',
    h1: 'Tiendas online con tu propia marca',
    header: { countrySelector: true, menu: 'full', registration: false },
  },
  {
    key: 'pagos',
    paths: ['/pagos', '/pagos.html'],
    title: 'Pago de suscripción',
    description: 'Paga la suscripción mensual de tus tiendas con tarjeta o billetera.',
    h1: 'Pago de suscripción',
    ...TRANSACTIONAL,
  },
  {
    key: 'blog',
    paths: ['/blog'],
    title: 'Blog | Ideas para vender más online',
    description: 'Guías prácticas de WhatsApp Business, Instagram y estrategias para aumentar tus ventas.',
    h1: 'Blog',
    header: NO_COUNTRY,
  },
  {
    key: 'blogWhatsappBusiness',
    paths: ['/blog/configuracion-whatsapp-business'],
    title: 'Cómo configurar WhatsApp Business para tu negocio',
    description:
      'Paso a paso para configurar WhatsApp Business: perfil, catálogo, respuestas rápidas y etiquetas.',
    h1: 'Cómo configurar WhatsApp Business para tu negocio',
    header: NO_COUNTRY,
  },
  {
    key: 'blogEstrategiasVentas',
    paths: ['/blog/estrategias-efectivas-para-aumentar-ventas'],
    title: 'Estrategias efectivas para aumentar las ventas',
    description:
      'Ideas concretas para vender más: combos, cupones, clientes frecuentes y pedidos más simples.',
    h1: 'Estrategias efectivas para aumentar las ventas',
    header: NO_COUNTRY,
  },
  {
    key: 'blogHistoriasInstagram',
    paths: ['/blog/publicar-historias-en-instagram'],
    title: 'Cómo publicar historias en Instagram que venden',
    description:
      'Qué publicar en tus historias de Instagram, cuándo hacerlo y cómo llevar a tus clientes a comprar.',
    h1: 'Cómo publicar historias en Instagram que venden',
    header: NO_COUNTRY,
  },
  {
    key: 'blogPromocionarInstagram',
    paths: ['/blog/promocionar-negocio-en-instagram'],
    title: 'Cómo promocionar tu negocio en Instagram',
    description:
      'Perfil, contenido, anuncios y colaboraciones: una guía para promocionar tu negocio en Instagram.',
    h1: 'Cómo promocionar tu negocio en Instagram',
    header: NO_COUNTRY,
  },
  {
    key: 'mobileBienvenida',
    paths: ['/mobile/bienvenida'],
    title: 'Bienvenido a la app',
    description: 'Empieza tu prueba gratis o ingresa con tu cuenta.',
    h1: 'Bienvenido',
    ...TRANSACTIONAL,
  },
  {
    key: 'test',
    paths: ['/test'],
    title: 'Prueba de enlaces de WhatsApp',
    description: 'Página interna para probar tres formatos de enlace de WhatsApp.',
    h1: 'Prueba de enlaces de WhatsApp',
    ...TRANSACTIONAL,
  },
  {
    key: 'notFound',
    paths: [],
    title: 'Página no encontrada',
    description: 'La página que buscas no existe.',
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

/** The page for a pathname (exact match, aliases included); anything else is notFound. */
export function resolvePage(pathname: string): PageMeta {
  return BY_PATH.get(pathname) ?? pageByKey('notFound');
}

export function canonicalPath(page: PageMeta): string {
  return page.paths[0] ?? '/404';
}

export const ROUTE_PATHS: readonly string[] = PAGES.flatMap((p) => p.paths);
