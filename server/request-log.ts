/**
 * Structured JSON logs (pino, one line per request) without personal data: no body, no query string,
 * no client address, no path segment that looks like an e-mail or a phone number. The client is a
 * short keyed hash, enough to follow one abuser within a process's log and useless to anyone else.
 * In a terminal the same lines are printed for a person to read (pino-pretty); anywhere else (a
 * pipe, a file, a log collector) they stay JSON.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pinoPretty from 'pino-pretty';
import { clientKey } from './guards';

/** A path segment holding an e-mail address or a long number (a phone, a document). */
const PERSONAL_SEGMENT = /@|%40|\d{6,}/i;
const MAX_PATH_LENGTH = 200;

/** The request path as logged: no query string, personal-looking segments replaced, bounded length. */
function safePath(url: string): string {
  const pathOnly = url.split(/[?#]/, 1)[0] ?? '';
  const path = pathOnly
    .split('/')
    .map((segment) => (PERSONAL_SEGMENT.test(segment) ? ':redactado' : segment))
    .join('/');
  return path.length > MAX_PATH_LENGTH ? `${path.slice(0, MAX_PATH_LENGTH)}…` : path;
}

/** Quoted parts of an error message may echo client input (JSON.parse does). */
function redactMessage(message: string): string {
  return message.replace(/"[^"]*"|'[^']*'|«[^»]*»/g, '"…"').slice(0, 300);
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  code?: string;
  message: string;
  stack: string;
}

/** pino `err` serializer: type, code, redacted message and the stack frames (no enumerable extras). */
function serializeError(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '(no es un Error)', stack: '' };
  const code = (error as { code?: unknown }).code;
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return {
    type: error.name,
    ...(typeof code === 'string' ? { code } : {}),
    message: redactMessage(error.message),
    stack: frames.join('\n'),
  };
}

export interface LogOptions {
  level: string;
  /** Lines for a person (pino-pretty) rather than JSON: prettyLogs() tells. */
  pretty?: boolean;
  /** Where the lines go (stdout when absent). */
  stream?: { write(line: string): void };
}

/** Whether the logs are read by a person: stdout is a terminal. Piped or redirected, JSON. */
export function prettyLogs(stdout: { isTTY?: boolean } = process.stdout): boolean {
  return stdout.isTTY === true;
}

/** The request line's fields, said in its message instead when printed for a person. */
const REQUEST_FIELDS = ['method', 'path', 'route', 'status', 'ms', 'client'];

/** One short line per log entry: time, level, the Spanish message; a request as `GET /ruta 200 (3 ms)`. */
function prettyStream(destination: LogOptions['stream']) {
  return pinoPretty({
    ...(destination ? { destination: destination as NodeJS.WritableStream, colorize: false } : {}),
    translateTime: 'SYS:HH:MM:ss',
    ignore: ['pid', 'hostname', 'reqId', ...REQUEST_FIELDS].join(','),
    singleLine: true,
    messageFormat: (log, messageKey) => {
      const message = String(log[messageKey] ?? '');
      if (typeof log.method === 'string' && typeof log.path === 'string') {
        return `${log.method} ${log.path} ${String(log.status)} (${String(log.ms)} ms)`;
      }
      return log.status === undefined ? message : `${message} (${String(log.status)})`;
    },
  });
}

export function loggerOptions(options: LogOptions): FastifyServerOptions['logger'] {
  const stream = options.pretty ? prettyStream(options.stream) : options.stream;
  return {
    level: options.level,
    serializers: { err: serializeError },
    ...(stream ? { stream } : {}),
  };
}

/** Client hashes remembered per process; the map starts over when it grows past this. */
const CLIENT_CACHE_SIZE = 10_000;

/** One `request completed` line per answered request (fastify's own request logging is off). */
export function logRequests(app: FastifyInstance): void {
  const salt = randomBytes(16);
  // An HMAC per request was a visible share of a GET's time; a client sends many requests.
  const clients = new Map<string, string>();
  const clientHash = (address: string): string => {
    const key = clientKey(address);
    let hash = clients.get(key);
    if (hash === undefined) {
      if (clients.size >= CLIENT_CACHE_SIZE) clients.clear();
      hash = createHmac('sha256', salt).update(key).digest('hex').slice(0, 12);
      clients.set(key, hash);
    }
    return hash;
  };
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    // 503 is expected now and then (database busy, shutting down); other 5xx are bugs.
    const level =
      status === 503
        ? 'warn'
        : status >= 500
          ? 'error'
          : request.url.startsWith('/api/health')
            ? 'debug'
            : 'info';
    request.log[level](
      {
        method: request.method,
        path: safePath(request.url),
        route: request.routeOptions.url ?? null,
        status,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        client: clientHash(request.ip),
      },
      'request completed',
    );
  });
}
