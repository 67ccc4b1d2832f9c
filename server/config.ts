/**
 * Server settings, declared once each in SERVER_SETTINGS: the environment variable (the key), its
 * default (the text the variable would hold), what it is in Spanish (the README's table shows it)
 * and the zod schema that checks and converts a given value. readConfig validates the environment
 * before anything starts and reports every problem at once, in Spanish (docs/api.md, README).
 */
import path from 'node:path';
import * as z from 'zod/mini';
import { DEFAULT_RATE_LIMIT, type RateLimitOptions } from './api';
import { parseOrigins } from './cors';
import { flowsEnabled } from './flows-explorer';
import { parsePasswordHash } from './flows-login';
import { DEFAULT_FLOW_COUNTS_RETENTION_DAYS } from './flow-counts';
import { DEFAULT_WRITE_RATE_LIMIT } from './guards';
import { POSTGRES_DEFAULTS } from './storage/postgres';
import { POSTGRES_URL_PATTERN, type StorageConfig } from './storage';
import { isHopCount, LOOPBACK_HOSTS, parseTrustProxy, type TrustProxy } from './trust-proxy';

type Env = Readonly<Record<string, string | undefined>>;

/** A check of a given value: it takes the variable's text and gives the setting's value. */
type Check = z.ZodMiniType<unknown, string>;

interface Declared<S extends Check> {
  /** The value when the variable is unset or blank, as text: it is checked like a given one. */
  default?: string;
  /** What it is, in Spanish: the README's table says so. */
  description: string;
  /** Checks and converts a given value; an issue's message follows "VARIABLE inválido: ". */
  schema: S;
}

/** A setting as declared, with its field of the schema: its default, or undefined when unset. */
function setting<S extends Check>(
  declared: Declared<S> & { default: string },
): Declared<S> & { default: string; field: z.ZodMiniPrefault<S> };
function setting<S extends Check>(
  declared: Declared<S> & { default?: undefined },
): Declared<S> & { default?: undefined; field: z.ZodMiniOptional<S> };
function setting<S extends Check>(declared: Declared<S>) {
  const { default: fallback, schema } = declared;
  return {
    ...declared,
    field: fallback === undefined ? z.optional(schema) : z.prefault(schema, fallback as z.input<S>),
  };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const MINUTE_MS = 60_000;

const isInteger = (value: string, min: number, max: number) =>
  /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max;

/** A whole number from min to max; otherwise "<value>. <hint>". */
const integer = (min: number, max: number, hint: string) =>
  z.pipe(
    z
      .string()
      .check(z.refine((v) => isInteger(v, min, max), { error: (iss) => `${String(iss.input)}. ${hint}` })),
    z.transform(Number),
  );

/** Requests per minute and client address, or `off`. */
const perMinute = z.pipe(
  z.string().check(
    z.refine((v) => v === 'off' || isInteger(v, 1, 1_000_000), {
      error: (iss) => `${String(iss.input)}. Usa un número de pedidos por minuto u "off".`,
    }),
  ),
  z.transform((v): RateLimitOptions | false =>
    v === 'off' ? false : { max: Number(v), timeWindowMs: MINUTE_MS },
  ),
);

/** A switch written `yes` or `no` (e.g. 1/0, on/off): true or false. */
const onOff = (yes: string, no: string) =>
  z.pipe(
    z.string().check(
      z.refine((v) => v === yes || v === no, {
        // Spanish writes "u" for "or" before an o sound: "on u off".
        error: (iss) => `${String(iss.input)}. Usa ${yes} ${/^o/i.test(no) ? 'u' : 'o'} ${no}.`,
      }),
    ),
    z.transform((v) => v === yes),
  );

const filePath = z.pipe(
  z.string(),
  z.transform((v) => path.resolve(v)),
);

export const SERVER_SETTINGS = {
  PORT: setting({
    default: '4173',
    description: 'puerto TCP (0 elige uno libre; el registro muestra la URL)',
    schema: integer(0, 65535, 'Usa un número entre 0 y 65535.'),
  }),
  HOST: setting({
    default: '127.0.0.1',
    description: 'dirección en la que escucha (0.0.0.0 para exponerlo en la red)',
    schema: z.string(),
  }),
  DIST_DIR: setting({
    default: 'dist/client',
    description: 'compilación del sitio que sirve (con su routes-manifest.json)',
    schema: filePath,
  }),
  TRUST_PROXY: setting({
    description:
      'direcciones o rangos CIDR de tus proxies, por comas (127.0.0.1), o cuántos proxies hay delante (1, solo con HOST local): solo a ellos se les cree X-Forwarded-For; true se rechaza',
    schema: z.pipe(
      z.string(),
      z.transform((v, ctx): TrustProxy => {
        const parsed = parseTrustProxy(v);
        if (parsed.ok) return parsed.value;
        ctx.issues.push({ code: 'custom', message: parsed.problem, input: v });
        return z.NEVER;
      }),
    ),
  }),
  RATE_LIMIT: setting({
    default: String(DEFAULT_RATE_LIMIT.max),
    description:
      'pedidos a /api por minuto y dirección de cliente, contados en cada proceso; off lo desactiva (y también el de escrituras, si no se define)',
    schema: perMinute,
  }),
  WRITE_RATE_LIMIT: setting({
    default: String(DEFAULT_WRITE_RATE_LIMIT.max),
    description:
      'escrituras (prospectos y newsletter) por minuto y dirección de cliente, compartidas a través de PostgreSQL; off lo desactiva',
    schema: perMinute,
  }),
  LOG_LEVEL: setting({
    default: 'info',
    description: `nivel del registro (pino): ${LOG_LEVELS.join(', ')}`,
    schema: z.enum(LOG_LEVELS, {
      error: (iss) => `${String(iss.input)}. Usa uno de: ${LOG_LEVELS.join(', ')}.`,
    }),
  }),
  CORS_ORIGINS: setting({
    description: 'orígenes de otros sitios, separados por comas, que pueden llamar a /api desde un navegador',
    schema: z.pipe(
      z.string(),
      z.transform((v, ctx) => {
        const parsed = parseOrigins(v);
        if ('origins' in parsed) return parsed.origins;
        ctx.issues.push({ code: 'custom', message: parsed.problem, input: v });
        return z.NEVER;
      }),
    ),
  }),
  DATABASE_URL: setting({
    description:
      'postgres://…: guarda todo en PostgreSQL en lugar de SQLite (varios procesos, ver docs/deployment.md)',
    // The message never repeats the value: it holds the password.
    schema: z
      .string()
      .check(z.refine((v) => POSTGRES_URL_PATTERN.test(v), 'debe empezar con postgres:// o postgresql://.')),
  }),
  DB_FILE: setting({
    default: 'data/site.db',
    description: 'archivo SQLite de la API local (sin DATABASE_URL); se crea con su carpeta si falta',
    schema: filePath,
  }),
  PG_POOL_MAX: setting({
    default: String(POSTGRES_DEFAULTS.poolMax),
    description: 'conexiones a PostgreSQL por proceso',
    schema: integer(1, 1000, 'Usa un número entre 1 y 1000.'),
  }),
  FLOW_COUNTS_DAYS: setting({
    default: String(DEFAULT_FLOW_COUNTS_RETENTION_DAYS),
    description:
      'días que se guardan los conteos de visitantes reales de los flujos; los más viejos se borran al cambiar el día',
    schema: integer(1, 3650, 'Usa un número de días entre 1 y 3650.'),
  }),
  SHUTDOWN_TIMEOUT: setting({
    default: '10',
    description: 'segundos que SIGTERM espera a los pedidos en curso antes de salir igual',
    schema: integer(1, 3600, 'Usa un número de segundos entre 1 y 3600.'),
  }),
  NODE_ENV: setting({
    description:
      'production: no inicia con una compilación que tenga valores de ejemplo (salvo STAGING=1) y apaga /flujos/ (salvo FLOWS=on)',
    schema: z.string(),
  }),
  STAGING: setting({
    description:
      '1: copia de prueba; con NODE_ENV=production inicia aunque la compilación tenga valores de ejemplo (y los nombra)',
    schema: onOff('1', '0'),
  }),
  FLOWS: setting({
    description:
      'on u off: el explorador de flujos en /flujos/; sin definir, apagado con NODE_ENV=production',
    schema: onOff('on', 'off'),
  }),
  FLOWS_USER: setting({
    description:
      'usuario que pide, en producción, el explorador de flujos y sus conteos (/api/flow-counts); va con FLOWS_PASSWORD_HASH',
    schema: z.string().check(
      z.refine(
        // HTTP Basic cannot carry a user with a colon or a control character (RFC 7617).
        (v) => v.length <= 100 && [...v].every((c) => c !== ':' && c >= ' ' && c !== '\u007f'),
        'hasta 100 caracteres, sin «:» ni caracteres de control.',
      ),
    ),
  }),
  FLOWS_PASSWORD_HASH: setting({
    description:
      'hash de la contraseña de FLOWS_USER, tal como lo escribe npm run flows:password (la contraseña nunca se guarda)',
    // The message never repeats the value: a hash is a secret's fingerprint all the same.
    schema: z
      .string()
      .check(
        z.refine(
          (v) => parsePasswordHash(v) !== undefined,
          'no es un hash de npm run flows:password (empieza con scrypt:).',
        ),
      ),
  }),
};

/** The environment's settings, checked and converted, in the table's order (the problems' order). */
const settingsSchema = z.object(
  Object.fromEntries(Object.entries(SERVER_SETTINGS).map(([name, s]) => [name, s.field])) as {
    [K in keyof typeof SERVER_SETTINGS]: (typeof SERVER_SETTINGS)[K]['field'];
  },
);

/** The server's configuration from its settings. */
const serverSchema = z.pipe(
  // The login is one setting in two variables: half of it would be a login nobody can give.
  settingsSchema.check(
    z.refine((s) => s.FLOWS_USER === undefined || s.FLOWS_PASSWORD_HASH !== undefined, {
      path: ['FLOWS_PASSWORD_HASH'],
      message: 'falta, y FLOWS_USER lo necesita: créalo con npm run flows:password.',
    }),
    z.refine((s) => s.FLOWS_PASSWORD_HASH === undefined || s.FLOWS_USER !== undefined, {
      path: ['FLOWS_USER'],
      message: 'falta, y FLOWS_PASSWORD_HASH lo necesita.',
    }),
    // A count trusts whoever connects: safe only where nothing but the proxy beside it can connect.
    z.refine((s) => !isHopCount(s.TRUST_PROXY) || LOOPBACK_HOSTS.has(s.HOST), {
      path: ['TRUST_PROXY'],
      message: `una cantidad de proxies solo se acepta con HOST en la propia máquina (${[...LOOPBACK_HOSTS].join(', ')}), donde solo el proxy llega al servidor; escuchando en la red, cualquiera que llegue directo elegiría su dirección. Usa las direcciones IP o rangos CIDR de tus proxies, separados por comas.`,
    }),
  ),
  z.transform((s) => ({
    production: s.NODE_ENV === 'production',
    staging: s.STAGING ?? false,
    flows: flowsEnabled({ flows: s.FLOWS, production: s.NODE_ENV === 'production' }),
    port: s.PORT,
    host: s.HOST,
    distDir: s.DIST_DIR,
    trustProxy: s.TRUST_PROXY ?? false,
    logLevel: s.LOG_LEVEL,
    rateLimit: s.RATE_LIMIT,
    writeRateLimit: s.WRITE_RATE_LIMIT,
    corsOrigins: s.CORS_ORIGINS ?? [],
    shutdownTimeoutMs: s.SHUTDOWN_TIMEOUT * 1000,
    flowCountsDays: s.FLOW_COUNTS_DAYS,
    flowsLogin:
      s.FLOWS_USER !== undefined && s.FLOWS_PASSWORD_HASH !== undefined
        ? { user: s.FLOWS_USER, passwordHash: s.FLOWS_PASSWORD_HASH }
        : undefined,
    storage: {
      databaseUrl: s.DATABASE_URL,
      dbFile: s.DB_FILE,
      postgres: { poolMax: s.PG_POOL_MAX },
    } satisfies StorageConfig,
  })),
);

export type ServerConfig = z.output<typeof serverSchema>;

/**
 * The environment as the schema reads it: values trimmed, blank ones unset. RATE_LIMIT=off (the
 * end-to-end run, the benchmark) also lifts the write limit unless WRITE_RATE_LIMIT is set.
 */
function given(env: Env): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  for (const name of Object.keys(SERVER_SETTINGS)) values[name] = env[name]?.trim() || undefined;
  if (values.RATE_LIMIT === 'off') values.WRITE_RATE_LIMIT ??= 'off';
  return values;
}

export function readConfig(env: Env): { ok: true; config: ServerConfig } | { ok: false; problems: string[] } {
  const result = z.safeParse(serverSchema, given(env));
  if (result.success) return { ok: true, config: result.data };
  return {
    ok: false,
    problems: result.error.issues.map((issue) => `${String(issue.path[0])} inválido: ${issue.message}`),
  };
}

/** Where the data lives, for logs: the SQLite file, or the PostgreSQL host and database (no password). */
export function describeStorage(storage: StorageConfig): string {
  if (!storage.databaseUrl) return `SQLite ${storage.dbFile}`;
  try {
    const url = new URL(storage.databaseUrl);
    return `PostgreSQL ${url.hostname || '(socket)'}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

/**
 * Why the server could not listen, in Spanish with the variable to change, for the errors a person
 * can fix (a port taken, a privileged port, an address of another machine); undefined for others.
 */
export function listenProblem(error: unknown, at: { host: string; port: number }): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'EADDRINUSE':
      return `El puerto ${at.port} ya está en uso en ${at.host}: otro programa escucha ahí (¿otro npm start?). Ciérralo o elige otro puerto con PORT, por ejemplo PORT=${at.port === 65535 ? 4173 : at.port + 1}.`;
    case 'EACCES':
      return `No hay permiso para escuchar en el puerto ${at.port}: elige uno mayor que 1023 con PORT, por ejemplo PORT=4173.`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `La dirección ${at.host} no es de esta máquina: cambia HOST, por ejemplo HOST=127.0.0.1 (solo esta máquina) o HOST=0.0.0.0 (toda la red).`;
    default:
      return undefined;
  }
}
