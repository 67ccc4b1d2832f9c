/**
 * Every external host, key and the API base, read from the environment (VITE_* variables,
 * see README "Configuración") with documented placeholder defaults, validated when the site is
 * built (vite.config.ts): an invalid value fails the build instead of shipping a broken link.
 */

export type Env = Readonly<Record<string, string | boolean | undefined>>;

export interface SiteConfig {
  brandName: string;
  siteUrl: string;
  apiBase: string;
  contactEmail: string;
  /** WhatsApp chat number, digits only with country code. */
  chatNumber: string;
  registrationHost: string;
  adminHost: string;
  identitySignupUrl: string;
  androidStoreUrl: string;
  demoBaseUrl: string;
  /** The hero's video (an embed URL); empty: no video, the hero shows its illustration. */
  videoEmbedUrl: string;
  paypalClientIdSandbox: string;
  paypalClientIdLive: string;
  recaptchaSiteKey: string;
  metaPixelId: string;
}

export const CONFIG_DEFAULTS: SiteConfig = {
  brandName: 'MiTienda',
  siteUrl: 'https://www.mitienda.example',
  apiBase: '/api',
  contactEmail: 'hola@mitienda.example',
  chatNumber: '5491100000000',
  registrationHost: 'https://registro.mitienda.example',
  adminHost: 'https://admin.mitienda.example',
  identitySignupUrl: 'https://cuenta.mitienda.example/registro',
  androidStoreUrl: 'https://play.google.com/store/apps/details?id=example.mitienda.admin',
  demoBaseUrl: 'https://demo.mitienda.example',
  videoEmbedUrl: '',
  // PayPal's public placeholder ids; distinct so a page shows which one it loaded.
  paypalClientIdSandbox: 'sb',
  paypalClientIdLive: 'test',
  // Google's public test key: always passes, for local use only.
  recaptchaSiteKey: '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI',
  metaPixelId: '000000000000000',
};

/** The environment variable of each setting. */
export const ENV_NAMES: Readonly<Record<keyof SiteConfig, string>> = {
  brandName: 'VITE_BRAND_NAME',
  siteUrl: 'VITE_SITE_URL',
  apiBase: 'VITE_API_BASE',
  contactEmail: 'VITE_CONTACT_EMAIL',
  chatNumber: 'VITE_CHAT_NUMBER',
  registrationHost: 'VITE_REGISTRATION_HOST',
  adminHost: 'VITE_ADMIN_HOST',
  identitySignupUrl: 'VITE_IDENTITY_SIGNUP_URL',
  androidStoreUrl: 'VITE_ANDROID_STORE_URL',
  demoBaseUrl: 'VITE_DEMO_BASE_URL',
  videoEmbedUrl: 'VITE_VIDEO_EMBED_URL',
  paypalClientIdSandbox: 'VITE_PAYPAL_CLIENT_ID_SANDBOX',
  paypalClientIdLive: 'VITE_PAYPAL_CLIENT_ID_LIVE',
  recaptchaSiteKey: 'VITE_RECAPTCHA_SITE_KEY',
  metaPixelId: 'VITE_META_PIXEL_ID',
};

type Check = (value: string) => boolean;

const isAbsoluteHttpUrl: Check = (v) => {
  try {
    const u = new URL(v);
    return (
      u.protocol === 'https:' || (u.protocol === 'http:' && /^(localhost|127\.0\.0\.1)$/.test(u.hostname))
    );
  } catch {
    return false;
  }
};
const isApiBase: Check = (v) => /^\/[\w\-/]*$/.test(v) || isAbsoluteHttpUrl(v);
const isEmail: Check = (v) => /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(v);
const isDigits: Check = (v) => /^\d{8,15}$/.test(v);
const isKey: Check = (v) => /^[\w-]{1,200}$/.test(v);
const isName: Check = (v) => /^[\p{L}\p{N} .&-]{1,40}$/u.test(v);

const CHECKS: Record<keyof SiteConfig, { check: Check; expect: string }> = {
  brandName: { check: isName, expect: 'un nombre de hasta 40 letras' },
  siteUrl: { check: isAbsoluteHttpUrl, expect: 'una URL https' },
  apiBase: { check: isApiBase, expect: 'una ruta como /api o una URL https' },
  contactEmail: { check: isEmail, expect: 'un e-mail' },
  chatNumber: { check: isDigits, expect: 'de 8 a 15 dígitos con código de país' },
  registrationHost: { check: isAbsoluteHttpUrl, expect: 'una URL https' },
  adminHost: { check: isAbsoluteHttpUrl, expect: 'una URL https' },
  identitySignupUrl: { check: isAbsoluteHttpUrl, expect: 'una URL https' },
  androidStoreUrl: { check: isAbsoluteHttpUrl, expect: 'una URL https' },
  demoBaseUrl: { check: isAbsoluteHttpUrl, expect: 'una URL https' },
  videoEmbedUrl: { check: isAbsoluteHttpUrl, expect: 'una URL https' },
  paypalClientIdSandbox: { check: isKey, expect: 'una clave alfanumérica' },
  paypalClientIdLive: { check: isKey, expect: 'una clave alfanumérica' },
  recaptchaSiteKey: { check: isKey, expect: 'una clave alfanumérica' },
  metaPixelId: { check: isDigits, expect: 'de 8 a 15 dígitos' },
};

/** Builds the configuration from an environment; throws naming every invalid variable. */
export function loadConfig(env: Env): SiteConfig {
  const errors: string[] = [];
  const out = { ...CONFIG_DEFAULTS };
  for (const key of Object.keys(CONFIG_DEFAULTS) as (keyof SiteConfig)[]) {
    const raw = env[ENV_NAMES[key]];
    if (typeof raw !== 'string' || raw.trim() === '') continue;
    const value = raw.trim().replace(/\/+$/, '') || raw.trim();
    const { check, expect } = CHECKS[key];
    if (check(value)) out[key] = value;
    else errors.push(`${ENV_NAMES[key]} debe ser ${expect} (recibido: ${JSON.stringify(raw)})`);
  }
  if (errors.length > 0) throw new Error(`Configuración inválida:\n- ${errors.join('\n- ')}`);
  return out;
}
