import type { DiscoverItem } from './types';

/** Discover block (anchor descubrir). */
export const DISCOVER_ITEMS: readonly DiscoverItem[] = [
  {
    imagen: '/img/home/descubrir-compartir.webp',
    titulo: 'Comparte tu tienda en todas partes',
    detalle:
      'Pon tu enlace en Instagram, en tus estados de WhatsApp y en Facebook, o imprime tu QR. Tus clientes piden desde donde estén.',
  },
  {
    imagen: '/img/home/descubrir-app.webp',
    titulo: 'Gestiona todo desde el celular',
    detalle:
      'Con la app de administración para Android aceptas pedidos, cambias precios y pausas productos en segundos.',
  },
  {
    imagen: '/img/home/descubrir-promos.webp',
    titulo: 'Vende más con promociones',
    detalle: 'Arma combos, crea cupones de descuento y destaca tus productos estrella en la portada.',
  },
];

export const DISCOVER_IMAGE_SIZE = { width: 320, height: 220 } as const;
