/** What the application shows when a page throws while rendering (part of every page's code). */
import { COMMON_COPY } from './common';

export const APP_ERROR_COPY = {
  /** Spec section 8, verbatim. */
  titulo: 'Unexpected Application Error!',
  texto: 'Algo salió mal al mostrar esta página. Intenta recargarla o vuelve al inicio.',
  volver: COMMON_COPY.volverAlInicio,
} as const;
