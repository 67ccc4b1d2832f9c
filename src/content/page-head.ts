import { BLOG_ARTICLES } from './blog/articles';
import { BLOG_POSTS } from './blog/posts';
import { SLOGAN } from './common';
import { blogListNumberOf, pageByKey, postSlugOf, type PageKey, type StaticPageKey } from './pages';

export interface PageHead {
  title: string;
  description: string;
}

/**
 * Each page's <title> and meta description (also its Open Graph title and description), written
 * into the prerendered HTML. Kept apart from the route table so the browser never downloads them.
 */
export const PAGE_HEAD: Readonly<Record<StaticPageKey, PageHead>> = {
  home: {
    title: `${SLOGAN} | Pedidos por WhatsApp`,
    description:
      'Abre tu tienda online o carta digital con carrito, QR y pedidos por WhatsApp. Abono mensual fijo, 0\u00a0% de comisión y sin plazo mínimo.',
  },
  bienvenido: {
    title: 'Bienvenido | Estamos preparando tu cuenta',
    description: 'Estamos preparando tu cuenta para que empieces a vender online.',
  },
  caracteristicas: {
    title: 'Características | La gestión completa de tu negocio',
    description:
      'Recepción de pedidos, gestión de ventas, catálogo, finanzas y promoción de tu negocio en una sola herramienta.',
  },
  descargar: {
    title: 'Descargar la app de administración | Instalar',
    description: 'Instala la app de administración en tu Android y gestiona tus pedidos desde el celular.',
  },
  tiendaOnline: {
    title: 'Tienda online para tu negocio | Catálogo, carrito y WhatsApp',
    description:
      'Crea tu tienda online con catálogo ilimitado, carrito y pedidos por WhatsApp. Sin comisiones por venta.',
  },
  registro: {
    title: 'Registro | Crea tu tienda online',
    description:
      'Déjanos tus datos y en pocos pasos te ayudamos a abrir tu tienda online con 0\u00a0% de comisión.',
  },
  eliminarCuenta: {
    title: pageByKey('eliminarCuenta').h1,
    description: 'Cómo pedir la actualización de tus datos o la eliminación definitiva de tu cuenta.',
  },
  privacidad: {
    title: pageByKey('privacidad').h1,
    description: 'Cómo tratamos y protegemos los datos personales de quienes usan nuestro servicio.',
  },
  terminos: {
    title: pageByKey('terminos').h1,
    description: 'Condiciones de uso del servicio de tiendas online por suscripción mensual.',
  },
  marcablanca: {
    title: 'Marca blanca | Vende tiendas online con tu propia marca',
    description:
      'Ofrece tiendas online con tu marca, traslada el costo a tus clientes y paga solo por clientes confirmados.',
  },
  pagos: {
    title: pageByKey('pagos').h1,
    description: 'Paga la suscripción mensual de tus tiendas con tarjeta o billetera.',
  },
  blog: {
    title: `${pageByKey('blog').h1} | Ideas para vender más online`,
    description: 'Guías prácticas de WhatsApp Business, Instagram y estrategias para aumentar tus ventas.',
  },
  mobileBienvenida: {
    title: 'Bienvenido a la app',
    description: 'Empieza tu prueba gratis o ingresa con tu cuenta.',
  },
  test: {
    title: pageByKey('test').h1,
    description: 'Página interna para probar tres formatos de enlace de WhatsApp.',
  },
  notFound: {
    title: 'Página no encontrada',
    description: 'La página que buscas no existe.',
  },
};

/** A page's head: the static pages' above, a post's from its file, a later blog page's from the blog's. */
export function pageHead(key: PageKey): PageHead {
  const slug = postSlugOf(key);
  if (slug !== undefined) {
    const post = BLOG_POSTS.find((p) => p.slug === slug);
    const article = BLOG_ARTICLES[slug];
    if (!post || !article) throw new Error(`Falta el artículo ${slug}`);
    return { title: post.title, description: article.description };
  }
  const listPage = blogListNumberOf(key);
  if (listPage !== undefined && listPage > 1) {
    const { title, description } = PAGE_HEAD.blog;
    const blog = pageByKey('blog').h1;
    return {
      title: title.replace(blog, `${blog}, página ${listPage}`),
      description: `${description} Página ${listPage}.`,
    };
  }
  return PAGE_HEAD[key as StaticPageKey];
}
