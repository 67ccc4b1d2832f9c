/** Copy of the pages shown when something is missing or broken. The not-found page's heading is the route table's (pages.ts). */
import { COMMON_COPY } from './common';

export const NOT_FOUND_COPY = {
  texto: 'Puede que el enlace esté mal escrito o que la página se haya movido.',
  volver: COMMON_COPY.volverAlInicio,
} as const;

/** What the application shows when a page throws while rendering. */
export const APP_ERROR_COPY = {
  /** Spec section 8, verbatim. */
  titulo: 'Unexpected Application Error!',
  texto: 'Algo salió mal al mostrar esta página. Intenta recargarla o vuelve al inicio.',
  volver: COMMON_COPY.volverAlInicio,
} as const;
