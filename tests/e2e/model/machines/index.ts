import type { BrowserModel } from '../support/browser-model';
import { leadWizardBrowser } from './lead-wizard';
import { mobileSlidesBrowser } from './mobile-slides';
import { newsletterBrowser } from './newsletter';
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
] as unknown as readonly BrowserModel<unknown>[];
