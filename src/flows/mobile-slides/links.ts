import type { SiteConfig } from '../../config';

/** The query parameter that tells the registration and admin hosts where a visitor comes from. */
const ORIGIN_PARAM = 'origen';

function withOrigin(host: string, origin: string): string {
  const url = new URL(host);
  url.searchParams.set(ORIGIN_PARAM, origin);
  return url.toString();
}

/** 'Iniciar Prueba Gratis' on the app welcome: the registration host with the origin. */
export function mobileTrialUrl(config: Pick<SiteConfig, 'registrationHost'>, origin: string): string {
  return withOrigin(config.registrationHost, origin);
}

/** 'Ya Tengo Cuenta' on the app welcome: the admin host with the origin. */
export function mobileAdminUrl(config: Pick<SiteConfig, 'adminHost'>, origin: string): string {
  return withOrigin(config.adminHost, origin);
}
