import { expect, type Page } from '@playwright/test';
import { REFERRAL_COPY } from './copy';
import { REFERRAL_BANNER_HIDE_DELAY_MS, REFERRAL_BANNER_SHOW_DELAY_MS } from '../../domain/constants';
import { referralBannerText } from '../../domain/referral';
import { referralBannerModel } from './referral-banner.samples';
import type { ReferralBannerInput } from './referral-banner.machine';
import type { BrowserModel } from '../../../tests/e2e/model/support/browser-model';
import { stayOnExits } from '../../../tests/e2e/model/support/held';
import { openHydrated, pausedClock } from '../../../tests/e2e/model/support/page';

const banner = (page: Page) => page.getByRole('region', { name: REFERRAL_COPY.region });

/** The home page with the run's code as ?ref (a blank code is sent as typed). */
function url(input: ReferralBannerInput): string {
  return input.code === null || input.code === undefined
    ? '/?cc=AR'
    : `/?cc=AR&ref=${encodeURIComponent(input.code)}`;
}

export const referralBannerBrowser: BrowserModel<{ code: string | null }> = {
  name: 'referral-banner',
  model: referralBannerModel,
  scope: '[data-referral-banner]',
  async open(page, run) {
    await stayOnExits(page);
    await pausedClock(page);
    const input = run.input as ReferralBannerInput;
    await openHydrated(page, url(input));
    await expect(page.locator('#planes')).toBeAttached();
    const code = input.code?.trim() ? input.code.trim() : null;
    // The banner is loaded after hydration when there is a code, and its delay starts once it is
    // mounted: the clock moves in small steps until then (far less than the delay).
    if (code !== null) {
      const slot = page.locator('[data-referral-banner="hidden"]');
      for (let i = 0; i < 50 && (await slot.count()) === 0; i++) await page.clock.runFor(10);
      await expect(slot).toBeAttached();
    }
    return { code };
  },
  states: {
    referralBanner: async ({ page }) => {
      await expect(page.getByRole('main')).toBeVisible();
    },
    'referralBanner.hidden': async ({ page }) => {
      await expect(banner(page)).toHaveCount(0);
    },
    'referralBanner.visible': async ({ page, fakes }) => {
      await expect(banner(page)).toBeVisible();
      await expect(banner(page).getByText(referralBannerText(fakes.code ?? ''))).toBeVisible();
      await expect(banner(page).getByRole('button', { name: REFERRAL_COPY.aplicar })).toBeVisible();
    },
    'referralBanner.dismissed': async ({ page }) => {
      await expect(banner(page)).toHaveCount(0);
      await expect(page.locator('[data-referral-banner="dismissed"]')).toBeAttached();
    },
  },
  events: {
    'xstate.after.showDelay.referralBanner.hidden': {
      act: ({ page }) => page.clock.runFor(REFERRAL_BANNER_SHOW_DELAY_MS),
    },
    'xstate.after.hideDelay.referralBanner.visible': {
      act: ({ page }) => page.clock.runFor(REFERRAL_BANNER_HIDE_DELAY_MS),
    },
    'banner.apply': {
      act: ({ page }) => banner(page).getByRole('button', { name: REFERRAL_COPY.aplicar }).click(),
    },
  },
};
