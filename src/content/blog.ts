import type { BlogSlug, PageKey } from './pages';

export interface BlogPost {
  slug: BlogSlug;
  pageKey: PageKey;
  title: string;
  intro: string;
  tags: readonly string[];
  category: 'WhatsApp' | 'Ventas' | 'Instagram';
  image: { src: string; alt: string };
  sections: readonly { heading: string; paragraphs: readonly string[] }[];
}

export const BLOG_POSTS: readonly BlogPost[] = [
  {
    slug: 'configuracion-whatsapp-business',
    pageKey: 'blogWhatsappBusiness',
    title: 'Cómo configurar WhatsApp Business para tu negocio',
    intro:
      'WhatsApp es el canal donde tus clientes ya están. Con una buena configuración de WhatsApp Business respondés más rápido, mostrás tu catálogo y no perdés ningún pedido.',
    tags: ['WhatsApp', 'Atención al cliente', 'Pedidos'],
    category: 'WhatsApp',
    image: { src: '/img/blog-whatsapp.svg', alt: 'Teléfono con un chat de pedidos de WhatsApp' },
    sections: [
      {
        heading: 'Completá el perfil de tu empresa',
        paragraphs: [
          'Cargá el logo, la dirección, el horario de atención y el enlace a tu tienda online. Un perfil completo genera confianza desde el primer mensaje.',
        ],
      },
      {
        heading: 'Usá respuestas rápidas y etiquetas',
        paragraphs: [
          'Guardá respuestas para las preguntas de siempre: horarios, medios de pago y costos de envío. Con las etiquetas separás pedidos nuevos, pendientes y entregados.',
        ],
      },
      {
        heading: 'Llevá a tus clientes a tu tienda',
        paragraphs: [
          'En lugar de tomar cada pedido a mano, compartí el enlace de tu tienda: el cliente arma el carrito y el pedido te llega ordenado por WhatsApp.',
        ],
      },
    ],
  },
  {
    slug: 'estrategias-efectivas-para-aumentar-ventas',
    pageKey: 'blogEstrategiasVentas',
    title: 'Estrategias efectivas para aumentar las ventas',
    intro:
      'Vender más no siempre significa conseguir clientes nuevos. Estas ideas te ayudan a que cada cliente compre más seguido y por un monto mayor.',
    tags: ['Ventas', 'Cupones', 'Fidelización'],
    category: 'Ventas',
    image: { src: '/img/blog-ventas.svg', alt: 'Gráfico de ventas en crecimiento' },
    sections: [
      {
        heading: 'Armá combos y promociones',
        paragraphs: [
          'Los combos suben el ticket promedio y simplifican la elección. Destacalos arriba de todo en tu catálogo.',
        ],
      },
      {
        heading: 'Premiá a tus clientes frecuentes',
        paragraphs: [
          'Un cupón de descuento para la segunda compra es una de las formas más simples de que un cliente vuelva.',
        ],
      },
      {
        heading: 'Hacé que pedir sea fácil',
        paragraphs: [
          'Cada paso de más es una venta perdida. Un catálogo claro, con fotos y precios actualizados, hace que pedir lleve menos de un minuto.',
        ],
      },
    ],
  },
  {
    slug: 'publicar-historias-en-instagram',
    pageKey: 'blogHistoriasInstagram',
    title: 'Cómo publicar historias en Instagram que venden',
    intro:
      'Las historias de Instagram son ideales para mostrar el día a día de tu negocio y recordar a tus seguidores que pueden pedirte ahora mismo.',
    tags: ['Instagram', 'Contenido', 'Redes sociales'],
    category: 'Instagram',
    image: { src: '/img/blog-historias.svg', alt: 'Teléfono mostrando una historia de Instagram' },
    sections: [
      {
        heading: 'Mostrá lo que pasa detrás del mostrador',
        paragraphs: [
          'La preparación de un pedido o la llegada de mercadería nueva generan cercanía y ganas de comprar.',
        ],
      },
      {
        heading: 'Sumá el enlace a tu tienda',
        paragraphs: ['Usá el sticker de enlace para llevar a tus seguidores directo al catálogo.'],
      },
      {
        heading: 'Publicá con constancia',
        paragraphs: [
          'Tres o cuatro historias por día, en los horarios en que tus clientes hacen pedidos, funcionan mejor que muchas juntas.',
        ],
      },
    ],
  },
  {
    slug: 'promocionar-negocio-en-instagram',
    pageKey: 'blogPromocionarInstagram',
    title: 'Cómo promocionar tu negocio en Instagram',
    intro:
      'Instagram puede ser tu vidriera más importante. Con un perfil claro, buen contenido y algo de publicidad, convertís seguidores en clientes.',
    tags: ['Instagram', 'Publicidad', 'Marketing'],
    category: 'Instagram',
    image: { src: '/img/blog-promocion.svg', alt: 'Megáfono junto a un perfil de Instagram' },
    sections: [
      {
        heading: 'Optimizá tu perfil',
        paragraphs: [
          'Nombre fácil de encontrar, una biografía que diga qué vendés y dónde, y el enlace a tu tienda online.',
        ],
      },
      {
        heading: 'Invertí poco, pero bien',
        paragraphs: [
          'Un anuncio segmentado por zona y con un producto estrella rinde más que una campaña genérica.',
        ],
      },
      {
        heading: 'Colaborá con otros negocios',
        paragraphs: ['Sorteos y menciones cruzadas con comercios de tu barrio te acercan a clientes nuevos.'],
      },
    ],
  },
];

export function postBySlug(slug: BlogSlug): BlogPost {
  const post = BLOG_POSTS.find((p) => p.slug === slug);
  if (!post) throw new Error(`Unknown post ${slug}`);
  return post;
}
