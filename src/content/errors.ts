/** What the application shows when a page throws while rendering (part of every page's code). */
import { COMMON_COPY } from './common';

export const APP_ERROR_COPY = {
  /** Spec section 8, verbatim. */
  titulo: 'Unexpected Application Error!',
  texto: 'Algo salió mal al mostrar esta página. Intenta recargarla o vuelve al inicio.',
  volver: COMMON_COPY.volverAlInicio,
} as const;

/** What a lazily loaded region shows when its code could not be downloaded (src/ui/region-boundary). */
export const REGION_ERROR_COPY = {
  texto: (region: string) =>
    `Hubo un problema al cargar ${region}. Revisa tu conexión y vuelve a intentarlo.`,
  reintentar: 'Reintentar',
} as const;

/** The name of each region in that message, after 'al cargar'. */
export const REGION_NAMES = {
  restoDeInicio: 'esta parte de la página',
  precios: 'los precios de tu país',
  recomendacion: 'el descuento de tu recomendación',
  boletin: 'el formulario del boletín',
  pago: 'el pago',
  pasoDelRegistro: 'este paso del registro',
} as const;
