/**
 * The site's settings, declared once each in SITE_SETTINGS: its VITE_* variable, its default (an
 * example that keeps `npm start` working), what it is in Spanish (the README's table and the
 * server's example block show it) and the zod check of a given value. The type and the defaults
 * come from that table. The build validates the environment here (vite.config.ts,
 * scripts/check-production.ts): an invalid value fails it, naming the variable; pages receive the
 * plain values (src/config/index.ts), never zod.
 */
import * as z from 'zod/mini';

export type Env = Readonly<Record<string, string | boolean | undefined>>;

interface SiteSetting {
  /** The environment variable. */
  env: string;
  /** The value when the variable is unset or blank. */
  default: string;
  /** What it is, in Spanish: the README's table and the list of example settings name it so. */
  description: string;
  /** Whether the default is an example a production build refuses (src/config/placeholders.ts). */
  placeholder: boolean;
  /** The check of a given value; its message completes "VITE_… debe ser …". */
  schema: z.ZodMiniType<string, string>;
}

function isAbsoluteHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      url.protocol === 'https:' ||
      (url.protocol === 'http:' && /^(localhost|127\.0\.0\.1)$/.test(url.hostname))
    );
  } catch {
    return false;
  }
}

/**
 * A string that passes `test`, else the issue `expect`. Pure, so that a bundle which imports the
 * configuration's values (src/config/index.ts) drops every schema and zod with it.
 */
/* #__NO_SIDE_EFFECTS__ */
function valid(test: (value: string) => boolean, expect: string) {
  return z.string().check(z.refine(test, expect));
}

/** VITE_VIDEO_EMBED_URL's value for a hero without a video (its illustration instead). */
export const NO_VIDEO = 'none';

const httpsUrl = valid(isAbsoluteHttpUrl, 'una URL https');
const key = valid((v) => /^[\w-]{1,200}$/.test(v), 'una clave alfanumérica');

export const SITE_SETTINGS = {
  brandName: {
    env: 'VITE_BRAND_NAME',
    default: 'MiTienda',
    description: 'nombre de la marca',
    placeholder: true,
    schema: valid((v) => /^[\p{L}\p{N} .&-]{1,40}$/u.test(v), 'un nombre de hasta 40 letras'),
  },
  siteUrl: {
    env: 'VITE_SITE_URL',
    default: 'https://www.mitienda.example',
    description: 'URL pública del sitio (URL canónicas, sitemap, feed, Open Graph)',
    placeholder: true,
    schema: httpsUrl,
  },
  apiBase: {
    env: 'VITE_API_BASE',
    default: '/api',
    description: 'base de la API: /api (este servidor) o la URL de la API del panel',
    placeholder: false,
    schema: valid(
      (v) => /^\/[\w\-/]*$/.test(v) || isAbsoluteHttpUrl(v),
      'una ruta como /api o una URL https',
    ),
  },
  contactEmail: {
    env: 'VITE_CONTACT_EMAIL',
    default: 'hola@mitienda.example',
    description: 'e-mail de contacto',
    placeholder: true,
    schema: valid((v) => /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(v), 'un e-mail'),
  },
  chatNumber: {
    env: 'VITE_CHAT_NUMBER',
    default: '5491100000000',
    description: 'número de WhatsApp, solo dígitos, con código de país',
    placeholder: true,
    schema: valid((v) => /^\d{8,15}$/.test(v), 'de 8 a 15 dígitos con código de país'),
  },
  registrationHost: {
    env: 'VITE_REGISTRATION_HOST',
    default: 'https://registro.mitienda.example',
    description: 'host de registro',
    placeholder: true,
    schema: httpsUrl,
  },
  adminHost: {
    env: 'VITE_ADMIN_HOST',
    default: 'https://admin.mitienda.example',
    description: 'host de administración',
    placeholder: true,
    schema: httpsUrl,
  },
  identitySignupUrl: {
    env: 'VITE_IDENTITY_SIGNUP_URL',
    default: 'https://cuenta.mitienda.example/registro',
    description: 'alta en el servicio de identidad',
    placeholder: true,
    schema: httpsUrl,
  },
  androidStoreUrl: {
    env: 'VITE_ANDROID_STORE_URL',
    default: 'https://play.google.com/store/apps/details?id=example.mitienda.admin',
    description: 'ficha de la app en Google Play',
    placeholder: true,
    schema: httpsUrl,
  },
  demoBaseUrl: {
    env: 'VITE_DEMO_BASE_URL',
    default: 'https://demo.mitienda.example',
    description: 'tiendas de demostración, una por rubro',
    placeholder: true,
    schema: httpsUrl,
  },
  videoEmbedUrl: {
    env: 'VITE_VIDEO_EMBED_URL',
    // Unset is an example too: a production site says which video its hero plays, or none.
    default: '',
    description: `video de la portada: su URL para insertar, o ${NO_VIDEO} para mostrar la ilustración`,
    placeholder: true,
    schema: valid((v) => v === NO_VIDEO || isAbsoluteHttpUrl(v), `una URL https o ${NO_VIDEO}`),
  },
  paypalClientIdSandbox: {
    env: 'VITE_PAYPAL_CLIENT_ID_SANDBOX',
    // PayPal's public placeholder ids; distinct so a page shows which one it loaded.
    default: 'sb',
    description: 'PayPal, id de cliente sandbox',
    placeholder: true,
    schema: key,
  },
  paypalClientIdLive: {
    env: 'VITE_PAYPAL_CLIENT_ID_LIVE',
    default: 'test',
    description: 'PayPal, id de cliente de producción',
    placeholder: true,
    schema: key,
  },
  recaptchaSiteKey: {
    env: 'VITE_RECAPTCHA_SITE_KEY',
    // Google's public test key: always passes, for local use only.
    default: '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI',
    description: 'clave de reCAPTCHA (la de prueba de Google acepta todo)',
    placeholder: true,
    schema: key,
  },
  metaPixelId: {
    env: 'VITE_META_PIXEL_ID',
    default: '000000000000000',
    description: 'píxel de Meta',
    placeholder: true,
    schema: valid((v) => /^\d{8,15}$/.test(v), 'de 8 a 15 dígitos'),
  },
} as const satisfies Record<string, SiteSetting>;

type Settings = typeof SITE_SETTINGS;
export type SiteKey = keyof Settings;

/** One value per setting, in the table's order. */
/* #__NO_SIDE_EFFECTS__ */
function perSetting<T>(pick: (setting: SiteSetting) => T): { [K in SiteKey]: T } {
  return Object.fromEntries(
    (Object.keys(SITE_SETTINGS) as SiteKey[]).map((key) => [key, pick(SITE_SETTINGS[key])]),
  ) as { [K in SiteKey]: T };
}

/** The settings as one object: an unset one takes its default, a given one must pass its check. */
export const siteSchema = z.object(
  perSetting((setting) => z._default(setting.schema, setting.default)) as {
    [K in SiteKey]: z.ZodMiniDefault<Settings[K]['schema']>;
  },
);

export type SiteConfig = z.output<typeof siteSchema>;

export const CONFIG_DEFAULTS: SiteConfig = perSetting((setting) => setting.default);

/** The environment variable of each setting. */
export const ENV_NAMES: Readonly<Record<SiteKey, string>> = perSetting((setting) => setting.env);

/** A variable's value as the schema reads it: trimmed, without a trailing slash; blank is unset. */
function given(raw: Env[string]): string | undefined {
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  return raw.trim().replace(/\/+$/, '') || raw.trim();
}

/** Builds the configuration from an environment; throws naming every invalid variable. */
export function loadConfig(env: Env): SiteConfig {
  const result = z.safeParse(
    siteSchema,
    perSetting((setting) => given(env[setting.env])),
  );
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => {
    const name = SITE_SETTINGS[issue.path[0] as SiteKey].env;
    return `${name} debe ser ${issue.message} (recibido: ${JSON.stringify(env[name])})`;
  });
  throw new Error(`Configuración inválida:\n- ${errors.join('\n- ')}`);
}
