/**
 * Which settings are still the embedded examples. They keep `npm start` working for a newcomer;
 * the server names them in one block when it starts, and a production build
 * (`NODE_ENV=production npm run build`, scripts/check-production.ts) refuses to run while any is
 * left: a company must never publish the example brand, hosts, phone, e-mail, payment ids, pixel,
 * store listing or testimonials by mistake.
 */
import type { Placeholder } from '../domain/placeholders';
import { CONFIG_DEFAULTS, ENV_NAMES, type SiteConfig } from './load';

export { placeholderLines, type Placeholder } from '../domain/placeholders';

/** The example testimonials' file and the mark that makes them real (spec: testimonials are {user_content}). */
export const TESTIMONIALS_FILE = 'src/content/home/testimonials.ts';
export const TESTIMONIALS_MARK = 'TESTIMONIALS_ARE_REAL';

const SETTINGS: Partial<Record<keyof SiteConfig, string>> = {
  brandName: 'nombre de la marca',
  siteUrl: 'URL pública del sitio',
  contactEmail: 'e-mail de contacto',
  chatNumber: 'número de WhatsApp',
  registrationHost: 'host de registro',
  adminHost: 'host de administración',
  identitySignupUrl: 'alta en el servicio de identidad',
  androidStoreUrl: 'ficha de la app en Google Play',
  demoBaseUrl: 'tiendas de demostración',
  paypalClientIdSandbox: 'PayPal, id de cliente sandbox',
  paypalClientIdLive: 'PayPal, id de cliente de producción',
  recaptchaSiteKey: 'clave de reCAPTCHA (la de prueba de Google acepta todo)',
  metaPixelId: 'píxel de Meta',
};

/** Hosts that can never be a company's own: the reserved example and test names. */
const RESERVED_HOST = /(^|\.)(example|test|invalid|localhost)$|(^|\.)example\.(com|net|org)$/i;

function isExample(key: keyof SiteConfig, value: string): boolean {
  if (value === CONFIG_DEFAULTS[key]) return true;
  if (key === 'metaPixelId') return /^0+$/.test(value);
  if (key === 'contactEmail') return RESERVED_HOST.test(value.split('@')[1] ?? '');
  if (/^https?:\/\//.test(value)) {
    try {
      return RESERVED_HOST.test(new URL(value).hostname);
    } catch {
      return false;
    }
  }
  return false;
}

/** Every example setting still in use, in the order of the README's table. */
export function sitePlaceholders(
  config: SiteConfig,
  content: { testimonialsAreReal: boolean },
): Placeholder[] {
  const found: Placeholder[] = [];
  for (const [key, setting] of Object.entries(SETTINGS) as [keyof SiteConfig, string][]) {
    if (isExample(key, config[key])) found.push({ where: ENV_NAMES[key], setting, value: config[key] });
  }
  if (!content.testimonialsAreReal) {
    found.push({
      where: TESTIMONIALS_FILE,
      setting: 'testimonios de ejemplo (inventados)',
      value: `${TESTIMONIALS_MARK} = false`,
    });
  }
  return found;
}
