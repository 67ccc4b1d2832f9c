import type { ShowcaseItem } from './types';

/** Demo showcase: one device mock-up of a store per industry. */
export const SHOWCASE: readonly ShowcaseItem[] = [
  {
    id: 'gastronomia',
    rubro: 'Gastronomía',
    detalle: 'Carta digital con fotos, combos y pedidos para delivery, retiro o mesa.',
    imagen: '/img/home/demo-restaurante.webp',
    alt: 'Celular con la tienda de un restaurante: hamburguesas, pizzas y bebidas con su precio',
  },
  {
    id: 'almacen',
    rubro: 'Almacén y minimercado',
    detalle: 'Cientos de productos por categoría, cargados en minutos con Excel.',
    imagen: '/img/home/demo-almacen.webp',
    alt: 'Celular con la tienda de un almacén: categorías de bebidas, lácteos y limpieza',
  },
  {
    id: 'indumentaria',
    rubro: 'Indumentaria',
    detalle: 'Talles, colores y fotos de cada prenda para que elijan sin preguntar.',
    imagen: '/img/home/demo-indumentaria.webp',
    alt: 'Celular con la tienda de ropa: remeras y buzos con selector de talle',
  },
  {
    id: 'cosmetica',
    rubro: 'Cosmética',
    detalle: 'Precios de público y de revendedoras con listas separadas.',
    imagen: '/img/home/demo-cosmetica.webp',
    alt: 'Celular con la tienda de cosmética: cremas, perfumes y maquillaje',
  },
];

export const SHOWCASE_IMAGE_SIZE = { width: 240, height: 440 } as const;
