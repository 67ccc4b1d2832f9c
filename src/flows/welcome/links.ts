import type { SiteConfig } from '../../config';
import type { WelcomePlan } from './welcome.machine';

/**
 * Where the welcome page sends the visitor: the registration host from configuration, with the
 * plan only when it is pro or premium. Nothing else from the URL (redirect, next...) is used.
 */
export function registrationRedirectUrl(
  config: Pick<SiteConfig, 'registrationHost'>,
  plan: WelcomePlan | null,
): string {
  const url = new URL(config.registrationHost);
  if (plan) url.searchParams.set('plan', plan);
  return url.toString();
}
