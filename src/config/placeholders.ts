/**
 * Which settings are still the embedded examples. They keep `npm start` working for a newcomer;
 * the server names them in one block when it starts, and a production build
 * (`NODE_ENV=production npm run build`, scripts/check-production.ts) refuses to run while any is
 * left: a company must never publish the example brand, hosts, phone, e-mail, payment ids, pixel,
 * store listing or testimonials by mistake, nor leave the hero's video unsaid (a URL, or none).
 */
import type { Placeholder } from '../domain/placeholders';
import { SITE_SETTINGS, type SiteConfig, type SiteKey } from './load';

export { productionRefusal, type Placeholder } from '../domain/placeholders';

/** The example testimonials' file and the mark that makes them real (spec: testimonials are {user_content}). */
export const TESTIMONIALS_FILE = 'src/content/home/testimonials.ts';
const TESTIMONIALS_MARK = 'TESTIMONIALS_ARE_REAL';

/** Hosts that can never be a company's own: the reserved example and test names. */
const RESERVED_HOST = /(^|\.)(example|test|invalid|localhost)$|(^|\.)example\.(com|net|org)$/i;

function isExample(key: SiteKey, value: string): boolean {
  if (value === SITE_SETTINGS[key].default) return true;
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

/** Every example setting still in use, in the order of SITE_SETTINGS (and the README's table). */
export function sitePlaceholders(
  config: SiteConfig,
  content: { testimonialsAreReal: boolean },
): Placeholder[] {
  const found: Placeholder[] = [];
  for (const key of Object.keys(SITE_SETTINGS) as SiteKey[]) {
    const { env, description, placeholder } = SITE_SETTINGS[key];
    if (placeholder && isExample(key, config[key])) {
      found.push({ where: env, setting: description, value: config[key] || 'sin definir' });
    }
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
