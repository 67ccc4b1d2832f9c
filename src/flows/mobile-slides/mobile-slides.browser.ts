import { expect, type Page } from '@playwright/test';
import { mobileSlidesModel } from './mobile-slides.samples';
import { MOBILE_WELCOME_COPY as COPY } from './copy';
import type { BrowserModel } from '../../../tests/e2e/model/support/browser-model';
import { stayOnExits } from '../../../tests/e2e/model/support/held';
import { openHydrated, returnFromCache } from '../../../tests/e2e/model/support/page';

const slide = (page: Page, n: 1 | 2) => page.getByRole('group', { name: COPY.posicion(n, 2) });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function expectSlide(page: Page, n: 1 | 2) {
  await expect(slide(page, n)).not.toHaveAttribute('inert');
  await expect(slide(page, n === 1 ? 2 : 1)).toHaveAttribute('inert');
}

export const mobileSlidesBrowser: BrowserModel<{ exits: string[] }> = {
  name: 'mobile-slides',
  model: mobileSlidesModel,
  scope: 'main',
  async open(page) {
    const exits = await stayOnExits(page);
    await openHydrated(page, '/mobile/bienvenida');
    await page.getByRole('button', { name: 'Entendido' }).click();
    return { exits };
  },
  states: {
    mobileSlides: async ({ page }) => {
      await expect(page.getByRole('region', { name: COPY.region })).toBeVisible();
    },
    'mobileSlides.slide1': async ({ page }) => {
      await expectSlide(page, 1);
      await expect(button(page, COPY.comenzar)).toBeVisible();
    },
    'mobileSlides.slide2': async ({ page }) => {
      await expectSlide(page, 2);
      await expect(button(page, COPY.prueba)).toBeEnabled();
      await expect(page.getByRole('status')).toHaveText('');
    },
    'mobileSlides.redirecting': async ({ page }) => {
      await expectSlide(page, 2);
      await expect(page.getByRole('status')).toHaveText(COPY.redirigiendo);
    },
    'mobileSlides.redirecting.trial': async ({ page, fakes }) => {
      await expect(button(page, COPY.prueba)).toHaveAttribute('aria-busy', 'true');
      await expect.poll(() => fakes.exits.at(-1) ?? '').toContain('origen=apk');
    },
    'mobileSlides.redirecting.account': async ({ page, fakes }) => {
      await expect(button(page, COPY.cuenta)).toHaveAttribute('aria-busy', 'true');
      await expect.poll(() => fakes.exits.at(-1) ?? '').toContain('origen=apk');
    },
  },
  events: {
    'slide.next': { act: ({ page }) => button(page, COPY.comenzar).click() },
    'slide.back': { act: ({ page }) => button(page, COPY.volver).click() },
    'trial.start': { act: ({ page }) => button(page, COPY.prueba).click() },
    'account.open': { act: ({ page }) => button(page, COPY.cuenta).click() },
    'redirect.abort': { act: ({ page }) => returnFromCache(page) },
  },
};
