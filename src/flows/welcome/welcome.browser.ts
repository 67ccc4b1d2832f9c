import { expect, type Page } from '@playwright/test';
import { WELCOME_REDIRECT_DELAY_MS } from '../../domain/constants';
import { welcomeModel } from './welcome.samples';
import type { WelcomeInput } from './welcome.machine';
import { WELCOME_COPY } from './copy';
import type { BrowserModel } from '../../../tests/e2e/model/support/browser-model';
import { stayOnExits } from '../../../tests/e2e/model/support/held';
import { openHydrated, pausedClock, returnFromCache } from '../../../tests/e2e/model/support/page';

/** The query string of a welcome run's input. */
function query(input: WelcomeInput): string {
  const params = new URLSearchParams();
  if (input.skipRedirect) params.set('skipRedirect', '');
  if (typeof input.plan === 'string') params.set('plan', input.plan);
  const text = params.toString().replace(/=(&|$)/g, '$1');
  return text === '' ? '' : `?${text}`;
}

const status = (page: Page) => page.getByRole('status');
const redirecting = (page: Page) => page.getByText(WELCOME_COPY.redirigiendo);

export const welcomeBrowser: BrowserModel<{ exits: string[] }> = {
  name: 'welcome',
  model: welcomeModel,
  scope: '.welcome',
  async open(page, run) {
    const exits = await stayOnExits(page);
    await pausedClock(page);
    await openHydrated(page, `/bienvenido${query(run.input as WelcomeInput)}`);
    // The machine has started: both conversions went out on entry.
    await expect.poll(() => page.evaluate(() => window.__analyticsCalls?.length ?? 0)).toBe(2);
    return { exits };
  },
  states: {
    welcome: async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(WELCOME_COPY.titulo);
    },
    'welcome.preparing': async ({ page }) => {
      await expect(status(page)).toHaveText(WELCOME_COPY.preparando);
      await expect(page.getByRole('link', { name: WELCOME_COPY.continuar })).toHaveCount(0);
    },
    'welcome.ready': async ({ page }) => {
      await expect(status(page)).toHaveText(WELCOME_COPY.lista);
      await expect(page.getByRole('link', { name: WELCOME_COPY.continuar })).toBeVisible();
    },
    'welcome.ready.redirecting': async ({ page, fakes }) => {
      await expect(redirecting(page)).toBeVisible();
      await expect.poll(() => fakes.exits.length).toBe(1);
    },
    'welcome.ready.staying': async ({ page }) => {
      await expect(redirecting(page)).toHaveCount(0);
    },
  },
  events: {
    'xstate.after.redirectDelay.welcome.preparing': {
      act: ({ page }) => page.clock.runFor(WELCOME_REDIRECT_DELAY_MS),
    },
    'redirect.abort': { act: ({ page }) => returnFromCache(page) },
  },
};
