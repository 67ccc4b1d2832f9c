/** Error bodies of the API, all in Spanish. See docs/api.md. */
import { MAINTENANCE_MESSAGE } from '../src/domain/messages';
import { BODY_FIELD_LABEL as BODY, type ProspectFieldError } from '../src/domain/prospect-schema';

export interface ErrorBody {
  error: string;
  campos?: ProspectFieldError[];
}

export const INVALID_DATA = 'Datos inválidos';

export function invalidData(campos: ProspectFieldError[]): ErrorBody {
  return { error: INVALID_DATA, campos };
}

export const API_NOT_FOUND: ErrorBody = { error: 'No existe ese recurso de la API.' };
export const METHOD_NOT_ALLOWED: ErrorBody = { error: 'Método no permitido para este recurso de la API.' };
export const TOO_MANY_REQUESTS: ErrorBody = {
  error: 'Demasiadas solicitudes seguidas. Espera un minuto y vuelve a intentarlo.',
};
export const INTERNAL_ERROR: ErrorBody = { error: MAINTENANCE_MESSAGE };
export const BAD_URL: ErrorBody = { error: 'La dirección solicitada no es válida.' };

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
  ) {
    super(body.error);
    this.name = 'HttpError';
  }
}

interface ErrorLike {
  code?: unknown;
  statusCode?: unknown;
}

/**
 * Maps an error raised while handling a request to a status and a Spanish body. Every problem with
 * the request body is a 400 'Datos inválidos'; anything unexpected is a 500.
 */
export function toErrorResponse(error: unknown, bodyLimitKb: number): { status: number; body: ErrorBody } {
  if (error instanceof HttpError) return { status: error.statusCode, body: error.body };
  const { code, statusCode } = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return {
        status: 400,
        body: invalidData([{ campo: BODY, mensaje: 'Los datos enviados no son un JSON válido.' }]),
      };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: invalidData([{ campo: BODY, mensaje: 'No se enviaron datos.' }]) };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        status: 400,
        body: invalidData([
          { campo: BODY, mensaje: `Los datos enviados superan el máximo de ${bodyLimitKb} KB.` },
        ]),
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 400,
        body: invalidData([
          {
            campo: 'tipo de contenido',
            mensaje: 'Los datos deben enviarse como JSON (Content-Type: application/json).',
          },
        ]),
      };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return {
        status: 400,
        body: invalidData([{ campo: BODY, mensaje: 'El largo declarado de los datos no coincide.' }]),
      };
  }
  if (statusCode === 429) return { status: 429, body: TOO_MANY_REQUESTS };
  // secure-json-parse rejects __proto__ / constructor.prototype keys with a SyntaxError.
  if (error instanceof SyntaxError) {
    return {
      status: 400,
      body: invalidData([{ campo: BODY, mensaje: 'Los datos enviados no son un JSON válido.' }]),
    };
  }
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { status: statusCode, body: { error: 'La solicitud no es válida.' } };
  }
  return { status: 500, body: INTERNAL_ERROR };
}
