import { PLAN_NAMES } from '../../domain/plans';
import { MENU_COPY } from '../layout';
import type { SizedImage } from './types';

/** The remaining copy of the home landing, in page order. */

export const TESTIMONIALS_COPY = {
  titulo: 'Negocios que ya venden online',
  bajada: 'Dueños de restaurantes, almacenes y tiendas nos cuentan cómo les cambió el día a día.',
  carrusel: 'Testimonios de clientes',
} as const;

export const BENEFITS_COPY = {
  titulo: 'Todo lo que necesitas para vender online',
  bajada: 'Herramientas pensadas para restaurantes, almacenes y comercios de todo tipo.',
  verMas: 'VER MÁS BENEFICIOS',
  verMenos: 'VER MENOS BENEFICIOS',
  premium: 'Disponible en los planes Premium y Platinum',
  /** After a premium benefit's title, for screen readers (the star says it to the eye). */
  marcaPremium: ` (${PLAN_NAMES.planPremium})`,
  carrusel: 'Beneficios principales',
} as const;

export const SHOWCASE_COPY = {
  titulo: 'Así se ve tu tienda en cada rubro',
  bajada: 'Diseños listos para gastronomía, almacenes, indumentaria y cosmética.',
  demo: 'Ver una tienda de demostración',
  carrusel: 'Ejemplos de tiendas por rubro',
} as const;

export const DISCOVER_COPY = {
  titulo: 'Descubre todo lo que puedes hacer',
  cajaTitulo: 'Tu tienda puede estar lista hoy',
  cajaTexto: 'Déjanos tus datos y te ayudamos a dar los primeros pasos.',
  cajaBoton: 'Quiero mi tienda',
} as const;

export const INCOME = {
  titulo: 'Gestión completa de tus ingresos',
  texto:
    'Tus clientes te pagan directamente a ti. Nosotros nunca tocamos tu dinero: solo te damos las herramientas para cobrar y controlar mejor.',
  puntos: [
    'Cada venta registrada con su estado: pendiente, en preparación o enviada',
    'Reportes de lo que vendes por día, producto y medio de pago',
    'Cupones y listas de precios sin perder de vista tu margen',
    'Un abono fijo: sabes cuánto pagas, vendas lo que vendas',
  ],
  imagen: {
    src: '/img/home/ingresos.webp',
    alt: 'Panel de ventas con un gráfico de barras y la lista de pedidos del día',
    width: 480,
    height: 360,
  } satisfies SizedImage,
} as const;

export const SIGNUP_BOX = {
  titulo: 'Registra tu negocio y empieza a vender',
  texto:
    'Completa tus datos en un minuto. Después descarga la app para administrar tus pedidos desde el celular.',
  boton: 'Registrarme',
  badgeLabel: 'Descargar la app de administración en Google Play',
} as const;

export const CHECKLIST = {
  titulo: 'Todo listo para vender desde el primer día',
  puntos: [
    'Sin comisiones por venta',
    'Sin plazo mínimo: das de baja cuando quieras',
    'Garantía de devolución de 24 horas',
    'Productos y pedidos ilimitados',
    'Pedidos directo a tu celular y a WhatsApp',
    'Ayuda por WhatsApp para configurar tu tienda',
  ],
  imagen: {
    src: '/img/home/checklist.webp',
    alt: 'Dueña de un comercio revisando un pedido en su celular junto al mostrador',
    width: 480,
    height: 400,
  } satisfies SizedImage,
} as const;

export const FINAL_CTA = {
  titulo: '¿Tienes dudas sobre qué plan te conviene?',
  texto: 'Un asesor te ayuda a elegir y a poner tu tienda en marcha.',
  boton: 'Contactar un asesor',
} as const;

export const FAQ_COPY = { titulo: MENU_COPY.faq } as const;
