import type { SiteConfig } from '../../config';
import type { Sector } from '../../domain/wizard-options';

/**
 * The thanks step's two destinations (spec section 4). The trial offer opens the identity
 * service's sign-up page for client admin, which sends the new user on to the admin app with
 * origin pe (the promotion the visitor came with).
 */
export function trialSignupUrl(config: Pick<SiteConfig, 'identitySignupUrl' | 'adminHost'>): string {
  return `${config.identitySignupUrl}?client_id=admin&redirect_uri=${encodeURIComponent(`${config.adminHost}/?origen=pe`)}`;
}

/** The demo store for a sector: {demoBaseUrl}/{sector}. */
export function demoUrl(config: Pick<SiteConfig, 'demoBaseUrl'>, sector: Sector): string {
  return `${config.demoBaseUrl}/${sector}`;
}
