import { svgDataUri } from '../domain/svg-data-uri';
import type { BlogSlug, PageKey } from './pages';

/** A block of an article body: a paragraph, a bulleted list or numbered steps. */
export type BlogBlock =
  | { type: 'p'; text: string }
  | { type: 'ul'; items: readonly string[] }
  | { type: 'ol'; items: readonly string[] };

export interface BlogSection {
  heading: string;
  blocks: readonly BlogBlock[];
}

/** An article body. Each lives in its own file of content/blog-articles, loaded only by its page. */
export interface BlogArticle {
  sections: readonly BlogSection[];
}

export interface BlogPost {
  slug: BlogSlug;
  pageKey: PageKey;
  title: string;
  intro: string;
  tags: readonly string[];
  category: 'WhatsApp' | 'Ventas' | 'Instagram';
  image: { src: string; alt: string };
}

export const BLOG_COPY = {
  bajada: 'Ideas prácticas para vender más con tu tienda online, WhatsApp e Instagram.',
  articulos: 'Artículos',
  filtro: 'Filtrar artículos por categoría',
  todos: 'Todos',
  verMas: 'Ver más artículos',
  /** Spec sections 4 and 8, verbatim. */
  noHayMas: 'No more posts to show',
  etiquetas: 'Etiquetas',
  ctaTitulo: '¿Quieres vender online con 0 % de comisión?',
  ctaBoton: 'Crear mi tienda',
} as const;

/**
 * The posts' illustration, a phone with a chat, in each post's colour. It travels inside the page as
 * a data URI: as a file it was one more round trip before the post's largest paint.
 */
function illustration(accent: string): string {
  const bubble = (x: number, y: number, width: number, fill: string) =>
    `<rect x="${x}" y="${y}" width="${width}" height="28" rx="14" fill="${fill}"/>`;
  return svgDataUri(
    '<svg xmlns="http://www.w3.org/2000/svg" width="960" height="480" viewBox="0 0 960 480">' +
      '<rect width="960" height="480" fill="#f3f7f5"/>' +
      `<circle cx="760" cy="120" r="160" fill="${accent}" opacity=".25"/>` +
      '<rect x="380" y="60" width="200" height="360" rx="28" fill="#1d2a26"/>' +
      '<rect x="394" y="84" width="172" height="312" rx="12" fill="#fff"/>' +
      bubble(410, 110, 120, accent) +
      bubble(430, 160, 120, '#e3ebe7') +
      bubble(410, 210, 140, accent) +
      bubble(430, 260, 100, '#e3ebe7') +
      '</svg>',
  );
}

export const BLOG_POSTS: readonly BlogPost[] = [
  {
    slug: 'configuracion-whatsapp-business',
    pageKey: 'blogWhatsappBusiness',
    title: 'Cómo configurar WhatsApp Business para tu negocio',
    intro:
      'WhatsApp es el canal donde tus clientes ya están. Con una buena configuración de WhatsApp Business respondes más rápido, muestras tu catálogo y no pierdes ningún pedido.',
    tags: ['WhatsApp', 'Atención al cliente', 'Pedidos'],
    category: 'WhatsApp',
    image: { src: illustration('#25D366'), alt: 'Teléfono con un chat de pedidos de WhatsApp' },
  },
  {
    slug: 'estrategias-efectivas-para-aumentar-ventas',
    pageKey: 'blogEstrategiasVentas',
    title: 'Estrategias efectivas para aumentar las ventas',
    intro:
      'Vender más no siempre significa conseguir clientes nuevos. Estas ideas te ayudan a que cada cliente compre más seguido y por un monto mayor.',
    tags: ['Ventas', 'Cupones', 'Fidelización'],
    category: 'Ventas',
    image: { src: illustration('#F2A541'), alt: 'Gráfico de ventas en crecimiento' },
  },
  {
    slug: 'publicar-historias-en-instagram',
    pageKey: 'blogHistoriasInstagram',
    title: 'Cómo publicar historias en Instagram que venden',
    intro:
      'Las historias de Instagram son ideales para mostrar el día a día de tu negocio y recordar a tus seguidores que pueden pedirte ahora mismo.',
    tags: ['Instagram', 'Contenido', 'Redes sociales'],
    category: 'Instagram',
    image: { src: illustration('#C13584'), alt: 'Teléfono mostrando una historia de Instagram' },
  },
  {
    slug: 'promocionar-negocio-en-instagram',
    pageKey: 'blogPromocionarInstagram',
    title: 'Cómo promocionar tu negocio en Instagram',
    intro:
      'Instagram puede ser tu vidriera más importante. Con un perfil claro, buen contenido y algo de publicidad, conviertes seguidores en clientes.',
    tags: ['Instagram', 'Publicidad', 'Marketing'],
    category: 'Instagram',
    image: { src: illustration('#0B6E4F'), alt: 'Megáfono junto a un perfil de Instagram' },
  },
];

export function postBySlug(slug: BlogSlug): BlogPost {
  const post = BLOG_POSTS.find((p) => p.slug === slug);
  if (!post) throw new Error(`Unknown post ${slug}`);
  return post;
}
