import type { ComponentType } from 'react';
import type { PageKey } from '../content/pages';

type PageModule = { default: ComponentType };

/** Page module file (in src/views/pages/, without extension) for each page. */
export const PAGE_MODULES: Readonly<Record<PageKey, string>> = {
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
  blogWhatsappBusiness: 'blog-post-whatsapp-business',
  blogEstrategiasVentas: 'blog-post-estrategias-ventas',
  blogHistoriasInstagram: 'blog-post-historias-instagram',
  blogPromocionarInstagram: 'blog-post-promocionar-instagram',
  mobileBienvenida: 'mobile-welcome-page',
  test: 'whatsapp-test-page',
  notFound: 'not-found-page',
};

// One code-split chunk per page: the browser downloads only the page it shows.
const modules = import.meta.glob<PageModule>('./pages/*.tsx');

export function loadPage(key: PageKey): Promise<PageModule> {
  const load = modules[`./pages/${PAGE_MODULES[key]}.tsx`];
  if (!load) throw new Error(`Falta el módulo de la página ${key}`);
  return load();
}
