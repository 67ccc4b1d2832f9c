import type { Testimonial } from './types';

/**
 * Set to true only once every testimonial below is a real customer's own words, published with
 * their consent. While it is false the server names these as examples when it starts, and a
 * production build (NODE_ENV=production npm run build) refuses to run.
 */
export const TESTIMONIALS_ARE_REAL = false;

/**
 * Testimonials shown in the carousel. EXAMPLES: written for the layout, they are invented. Replace
 * them with real ones, then set TESTIMONIALS_ARE_REAL above.
 */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    texto:
      'Antes anotábamos los pedidos en un cuaderno y siempre se perdía alguno. Ahora llegan ordenados al celular y los imprimimos directo en la cocina.',
    nombre: 'Lucía Fernández',
    empresa: 'Rotisería La Esquina',
  },
  {
    texto:
      'Subí los 600 productos del almacén con una planilla de Excel en una tarde. Los vecinos piden por la tienda y yo preparo todo sin cortar el teléfono.',
    nombre: 'Martín Rojas',
    empresa: 'Almacén Don Tito',
  },
  {
    texto:
      'Lo que más me gustó es que no me cobran por venta. Pago el abono y listo, aunque venda el doble que el mes pasado.',
    nombre: 'Valentina Gómez',
    empresa: 'Pizzería Forno Rosso',
  },
  {
    texto:
      'Mis clientas ven los talles y colores disponibles y me escriben con el pedido ya armado. Respondo mucho más rápido con las respuestas rápidas.',
    nombre: 'Camila Herrera',
    empresa: 'Tienda Alma',
  },
  {
    texto:
      'El QR en las mesas fue un cambio enorme: la gente mira la carta con fotos y pide sin esperar al mozo.',
    nombre: 'Diego Salazar',
    empresa: 'Café del Parque',
  },
  {
    texto:
      'Con la lista de precios mayorista atiendo a revendedores y a clientes finales en la misma tienda. Me ahorra horas cada semana.',
    nombre: 'Paola Mendoza',
    empresa: 'Natural Cosmética',
  },
];
