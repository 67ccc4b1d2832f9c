/** Copy of the not-found page below its heading (the route table's, pages.ts). */
import { COMMON_COPY } from './common';

export const NOT_FOUND_COPY = {
  texto: 'Puede que el enlace esté mal escrito o que la página se haya movido.',
  volver: COMMON_COPY.volverAlInicio,
} as const;
