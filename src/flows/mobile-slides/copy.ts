/** Copy of the Android app's welcome (/mobile/bienvenida); the two button labels are the spec's. */
import { CAROUSEL_COPY } from '../../content/carousel';
import { pageByKey } from '../../content/pages';

export const MOBILE_WELCOME_COPY = {
  region: 'Bienvenida a la app',
  /** The page's heading, from the route table. */
  titulo: pageByKey('mobileBienvenida').h1,
  intro: 'Tu tienda online y tus pedidos, en tu celular.',
  detalle: 'Vende con 0\u00a0% de comisión y recibe cada pedido directo en tu WhatsApp.',
  comenzar: 'Comenzar',
  beneficiosTitulo: 'Todo para vender desde tu celular',
  prueba: 'Iniciar Prueba Gratis',
  cuenta: 'Ya Tengo Cuenta',
  volver: 'Volver',
  redirigiendo: 'Te estamos redirigiendo...',
  /** Slide position for screen readers, e.g. "1 de 2", as the carousels say it. */
  posicion: CAROUSEL_COPY.posicion,
} as const;
