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
  /** The post's illustration (a phone with a chat): its colour and its text alternative. */
  image: { accent: string; alt: string };
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

export const BLOG_POSTS: readonly BlogPost[] = [
  {
    slug: 'configuracion-whatsapp-business',
    pageKey: 'blogWhatsappBusiness',
    title: 'Cómo configurar WhatsApp Business para tu negocio',
    intro:
      'WhatsApp es el canal donde tus clientes ya están. Con una buena configuración de WhatsApp Business respondes más rápido, muestras tu catálogo y no pierdes ningún pedido.',
    tags: ['WhatsApp', 'Atención al cliente', 'Pedidos'],
    category: 'WhatsApp',
    image: { accent: '#25D366', alt: 'Teléfono con un chat de pedidos de WhatsApp' },
  },
  {
    slug: 'estrategias-efectivas-para-aumentar-ventas',
    pageKey: 'blogEstrategiasVentas',
    title: 'Estrategias efectivas para aumentar las ventas',
    intro:
      'Vender más no siempre significa conseguir clientes nuevos. Estas ideas te ayudan a que cada cliente compre más seguido y por un monto mayor.',
    tags: ['Ventas', 'Cupones', 'Fidelización'],
    category: 'Ventas',
    image: { accent: '#F2A541', alt: 'Gráfico de ventas en crecimiento' },
  },
  {
    slug: 'publicar-historias-en-instagram',
    pageKey: 'blogHistoriasInstagram',
    title: 'Cómo publicar historias en Instagram que venden',
    intro:
      'Las historias de Instagram son ideales para mostrar el día a día de tu negocio y recordar a tus seguidores que pueden pedirte ahora mismo.',
    tags: ['Instagram', 'Contenido', 'Redes sociales'],
    category: 'Instagram',
    image: { accent: '#C13584', alt: 'Teléfono mostrando una historia de Instagram' },
  },
  {
    slug: 'promocionar-negocio-en-instagram',
    pageKey: 'blogPromocionarInstagram',
    title: 'Cómo promocionar tu negocio en Instagram',
    intro:
      'Instagram puede ser tu vidriera más importante. Con un perfil claro, buen contenido y algo de publicidad, conviertes seguidores en clientes.',
    tags: ['Instagram', 'Publicidad', 'Marketing'],
    category: 'Instagram',
    image: { accent: '#0B6E4F', alt: 'Megáfono junto a un perfil de Instagram' },
  },
];

export function postBySlug(slug: BlogSlug): BlogPost {
  const post = BLOG_POSTS.find((p) => p.slug === slug);
  if (!post) throw new Error(`Unknown post ${slug}`);
  return post;
}
