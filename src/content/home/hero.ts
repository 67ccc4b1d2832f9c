import type { SizedImage } from './types';

/** Copy of the first screen: hero and the 'Empieza hoy a vender online' box. */

export const HERO = {
  etiqueta: 'Tienda online + pedidos por WhatsApp',
  bajada:
    'Crea tu carta digital o tu catálogo con carrito, recibe los pedidos en tu celular y por WhatsApp y paga solo un abono mensual fijo. Sin comisiones por venta y sin plazo mínimo.',
  comenzar: 'Comenzar Ahora',
  masInfo: 'Más información',
  registrar: 'Registrar mi negocio',
  /** The hero's drawing while no video is configured (VITE_VIDEO_EMBED_URL): no play button. */
  ilustracion: {
    src: '/img/home/hero.webp',
    alt: '',
    width: 640,
    height: 360,
  } satisfies SizedImage,
  video: {
    boton: 'Ver el video: así funciona tu tienda online',
    titulo: 'Video: así funciona tu tienda online',
    poster: {
      src: '/img/home/video-poster.webp',
      alt: '',
      width: 640,
      height: 360,
    } satisfies SizedImage,
  },
} as const;

export const START_TODAY = {
  titulo: 'Empieza hoy a vender online',
  texto:
    'En minutos tienes tu tienda lista para compartir. Te ayudamos a cargar tus productos y a recibir tu primer pedido.',
  boton: 'Crear mi tienda',
} as const;
