/** Error bodies of the API, all in Spanish. See docs/api.md. */
import { MAINTENANCE_MESSAGE } from '../src/domain/messages';
import { BODY_FIELD_LABEL as BODY, type ProspectFieldError } from '../src/domain/prospect-schema';
import { StorageUnavailableError, type UnavailableReason } from './storage/types';

export interface ErrorBody {
  error: string;
  campos?: ProspectFieldError[];
}

const INVALID_DATA = 'Datos inválidos';

export function invalidData(campos: ProspectFieldError[]): ErrorBody {
  return { error: INVALID_DATA, campos };
}

export const API_NOT_FOUND: ErrorBody = { error: 'No existe ese recurso de la API.' };
export const METHOD_NOT_ALLOWED: ErrorBody = { error: 'Método no permitido para este recurso de la API.' };
export const TOO_MANY_REQUESTS: ErrorBody = {
  error: 'Demasiadas solicitudes seguidas. Espera un minuto y vuelve a intentarlo.',
};
const INTERNAL_ERROR: ErrorBody = { error: MAINTENANCE_MESSAGE };
export const BAD_URL: ErrorBody = { error: 'La dirección solicitada no es válida.' };
export const SERVICE_UNAVAILABLE: ErrorBody = {
  error: 'El servicio no está disponible en este momento. Vuelve a intentarlo en unos segundos.',
};
export const SHUTTING_DOWN: ErrorBody = {
  error: 'El servidor se está reiniciando. Vuelve a intentarlo en unos segundos.',
};
/** No login, or not one HTTP Basic can read, where one is asked for (server/flows-login.ts). */
const LOGIN_REQUIRED: ErrorBody = {
  error: 'Ingresa el usuario y la contraseña del explorador de flujos.',
};
export const FORBIDDEN_ORIGIN: ErrorBody = {
  error: 'Este sitio no tiene permiso para usar la API.',
};
/** Answers of requests Node's HTTP parser rejects before fastify sees them (see rawClientError). */
const CLIENT_TIMEOUT: ErrorBody = { error: 'La solicitud tardó demasiado en llegar.' };
const HEADERS_TOO_LARGE: ErrorBody = {
  error: 'Los encabezados de la solicitud son demasiado grandes.',
};
const BAD_REQUEST: ErrorBody = { error: 'La solicitud no es válida.' };

/** Why a page request is refused before any route sees it: each has a whole Spanish page. */
export type RefusedRequest = 'timeout' | 'headers' | 'request' | 'url';

/** What a page request gets instead of the API's JSON body. */
const ERROR_PAGES: Readonly<Record<RefusedRequest, { title: string; text: string }>> = {
  timeout: {
    title: 'La página tardó demasiado en pedirse',
    text: 'Tu navegador tardó demasiado en enviar la solicitud. Revisa tu conexión y vuelve a cargar la página.',
  },
  headers: {
    title: 'La dirección es demasiado larga',
    text: 'No pudimos abrir esta página porque la dirección (o los datos que la acompañan) es demasiado larga. Revisa el enlace que seguiste o vuelve al inicio.',
  },
  request: {
    title: 'No pudimos entender la solicitud',
    text: 'La solicitud que recibimos no es válida. Revisa el enlace que seguiste o vuelve al inicio.',
  },
  url: {
    title: 'La dirección no es válida',
    text: 'No pudimos abrir esta página porque su dirección tiene caracteres mal escritos. Revisa el enlace que seguiste o vuelve al inicio.',
  },
};

/** A self-contained page (no script, inline style only, as the site's policy allows). */
export function errorPage(refused: RefusedRequest): string {
  const { title, text } = ERROR_PAGES[refused];
  return [
    '<!doctype html><html lang="es"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<meta name="robots" content="noindex"><title>${title}</title>`,
    '<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1f2933}a{color:#0b5cad}</style>',
    `</head><body><main><h1>${title}</h1><p>${text}</p><p><a href="/">Ir al inicio</a></p></main></body></html>`,
  ].join('');
}

/** Whether a request's raw URL is the API's (/api, /api/..., /api?...), decodable or not. */
export function isApiUrl(url: string): boolean {
  return /^\/api(?:[/?#]|$)/.test(url);
}

/** Whether the first bytes of a request that could not be parsed ask for the API (/api...). */
export function isApiRequestLine(rawPacket: unknown): boolean {
  if (!(rawPacket instanceof Uint8Array)) return false;
  const start = Buffer.from(rawPacket.subarray(0, 64)).toString('latin1');
  return /^[A-Z]{3,8} \/api(?:[/?# ]|$)/.test(start);
}

/**
 * The raw HTTP answer to a request that could not even be parsed (fastify's clientErrorHandler):
 * a 100 KB query string or oversized headers (431), a request that took too long (408), bytes
 * that are not HTTP (400). The API gets its JSON error body, anything else a Spanish page; both
 * with the security headers every answer carries (`securityHeaders`, computed by the caller).
 */
export function rawClientError(
  code: unknown,
  options: { api: boolean; securityHeaders: Readonly<Record<string, string>> },
): string {
  const [status, reason, body, refused] =
    code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? ([408, 'Request Timeout', CLIENT_TIMEOUT, 'timeout'] as const)
      : code === 'HPE_HEADER_OVERFLOW'
        ? ([431, 'Request Header Fields Too Large', HEADERS_TOO_LARGE, 'headers'] as const)
        : ([400, 'Bad Request', BAD_REQUEST, 'request'] as const);
  const [type, content] = options.api
    ? ['application/json; charset=utf-8', JSON.stringify(body)]
    : ['text/html; charset=utf-8', errorPage(refused)];
  return [
    `HTTP/1.1 ${status} ${reason}`,
    `Content-Type: ${type}`,
    `Content-Length: ${Buffer.byteLength(content)}`,
    'Cache-Control: no-store',
    ...Object.entries(options.securityHeaders).map(([name, value]) => `${name}: ${value}`),
    'Connection: close',
    '',
    content,
  ].join('\r\n');
}

const JSON_ONLY = 'Los datos deben enviarse como JSON (Content-Type: application/json).';

/** 415 naming the content types the route accepts. */
export function unsupportedMediaType(mensaje: string = JSON_ONLY): ErrorBody {
  return { error: 'Tipo de contenido no admitido.', campos: [{ campo: 'tipo de contenido', mensaje }] };
}

/** Seconds a client should wait before retrying, by why the database is unavailable. */
export const RETRY_AFTER_SECONDS: Readonly<Record<UnavailableReason, number>> = {
  busy: 2,
  unreachable: 5,
  full: 30,
};
/** Retry-After of a request refused because the server is shutting down. */
export const SHUTDOWN_RETRY_AFTER_SECONDS = 5;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    /** Seconds for the Retry-After header (429 and 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(body.error);
    this.name = 'HttpError';
  }
}

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  retryAfterSeconds?: number;
}

interface ErrorLike {
  code?: unknown;
  statusCode?: unknown;
}

/**
 * Maps an error raised while handling a request to a status and a Spanish body. Every problem with
 * the request body is a 400 'Datos inválidos' (415 for its content type); a database that cannot
 * answer now is a 503 with Retry-After; anything unexpected is a 500.
 */
export function toErrorResponse(error: unknown, bodyLimitKb: number): ErrorResponse {
  if (error instanceof HttpError) {
    return error.retryAfterSeconds === undefined
      ? { status: error.statusCode, body: error.body }
      : { status: error.statusCode, body: error.body, retryAfterSeconds: error.retryAfterSeconds };
  }
  if (error instanceof StorageUnavailableError) {
    return { status: 503, body: SERVICE_UNAVAILABLE, retryAfterSeconds: RETRY_AFTER_SECONDS[error.reason] };
  }
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
    case 'FST_ERR_CTP_INVALID_TYPE':
      return { status: 415, body: unsupportedMediaType() };
    case 'FST_BASIC_AUTH_MISSING_OR_BAD_AUTHORIZATION_HEADER':
      return { status: 401, body: LOGIN_REQUIRED };
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
    return { status: statusCode, body: BAD_REQUEST };
  }
  return { status: 500, body: INTERNAL_ERROR };
}
