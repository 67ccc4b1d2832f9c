import type { BrowserModel } from '../support/browser-model';
import { blogGridBrowser } from './blog-grid';
import { countryPricesBrowser } from './country-prices';
import { leadWizardBrowser } from './lead-wizard';
import { mobileSlidesBrowser } from './mobile-slides';
import { newsletterBrowser } from './newsletter';
import { notificationBrowser } from './notification';
import { paymentBrowser } from './payment';
import { referralBannerBrowser } from './referral-banner';
import { welcomeBrowser } from './welcome';

/** The machines whose paths run in the browser, each with its table of assertions and actions. */
export const browserModels = [
  leadWizardBrowser,
  welcomeBrowser,
  referralBannerBrowser,
  paymentBrowser,
  mobileSlidesBrowser,
  newsletterBrowser,
  countryPricesBrowser,
  blogGridBrowser,
  notificationBrowser,
] as unknown as readonly BrowserModel<unknown>[];
