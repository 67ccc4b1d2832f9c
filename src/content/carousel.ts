/** The carousels' controls and their words for screen readers: the home page's and the app welcome's slides. */
import { COMMON_COPY } from './common';

export const CAROUSEL_COPY = {
  anterior: 'Anterior',
  siguiente: COMMON_COPY.siguiente,
  pausar: 'Pausar el carrusel',
  reanudar: 'Reanudar el carrusel',
  diapositiva: 'diapositiva',
  carrusel: 'carrusel',
  /** A slide's position for screen readers, e.g. '1 de 2' (Swiper's '{{index}} de {{slidesLength}}'). */
  posicion: (index: number | string, total: number | string) => `${index} de ${total}`,
  primera: 'Primera diapositiva',
  ultima: 'Última diapositiva',
} as const;
