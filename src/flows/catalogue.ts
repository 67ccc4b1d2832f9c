import { blogGridFlow } from './blog-grid/blog-grid.flow';
import { countryPricesFlow } from './country-prices/country-prices.flow';
import type { FlowEntry } from './flow-notes';
import { mobileSlidesFlow } from './mobile-slides/mobile-slides.flow';
import { newsletterFlow } from './newsletter/newsletter.flow';
import { notificationFlow } from './notification/notification.flow';
import { paymentFlow } from './payment/payment.flow';
import { referralBannerFlow } from './referral-banner/referral-banner.flow';
import { registrationFlow } from './registration/registration.flow';
import { welcomeFlow } from './welcome/welcome.flow';

/**
 * The flow catalogue: every flow machine of the site. Each flow declares its entry next to its
 * machine, in src/flows/<flow>/<flow>.flow.ts: title, description (built from the constants it
 * names, so a number can never go stale) and one line per named event, guard, action, actor and
 * delay, in plain Spanish. `npm run docs:flows` turns it into docs/flows/; the flow explorer
 * (/flujos/) shows it.
 */

export type { FlowEntry };

/** Every flow machine of the site, in the order of the docs index. */
export const flows: readonly FlowEntry[] = [
  registrationFlow,
  welcomeFlow,
  referralBannerFlow,
  paymentFlow,
  mobileSlidesFlow,
  countryPricesFlow,
  newsletterFlow,
  blogGridFlow,
  notificationFlow,
];
