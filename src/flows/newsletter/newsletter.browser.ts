import { expect, type Page } from '@playwright/test';
import { NEWSLETTER_COPY } from './copy';
import { NEWSLETTER_ERROR_MESSAGE } from '../../domain/newsletter';
import { newsletterModel } from './newsletter.samples';
import type { BrowserModel } from '../../../tests/e2e/model/support/browser-model';
import { holdRequests, stayOnExits, type Held } from '../../../tests/e2e/model/support/held';
import { openHydrated } from '../../../tests/e2e/model/support/page';

function form(page: Page) {
  const region = page.getByRole('region', { name: NEWSLETTER_COPY.titulo });
  return {
    region,
    email: region.getByRole('textbox', { name: NEWSLETTER_COPY.etiqueta }),
    send: region.getByRole('button', { name: NEWSLETTER_COPY.boton }),
    sending: region.getByRole('button', { name: NEWSLETTER_COPY.enviando }),
  };
}

/** The address typed for a valid submit and for an invalid one. */
const VALID = 'ana@example.com';
const INVALID = 'no';

export const newsletterBrowser: BrowserModel<{ subscribe: Held }> = {
  name: 'newsletter',
  model: newsletterModel,
  scope: 'section.newsletter',
  async open(page) {
    await stayOnExits(page);
    const subscribe = await holdRequests(page, (url) => url.pathname.endsWith('/api/newsletter/'));
    await openHydrated(page, '/blog');
    return { subscribe };
  },
  states: {
    newsletter: async ({ page }) => {
      await expect(form(page).region.getByRole('heading', { name: NEWSLETTER_COPY.titulo })).toBeVisible();
    },
    'newsletter.idle': async ({ page }) => {
      await expect(form(page).send).toBeVisible();
      await expect(form(page).email).not.toHaveAttribute('aria-invalid', 'true');
    },
    'newsletter.invalid': async ({ page }) => {
      await expect(form(page).email).toHaveAttribute('aria-invalid', 'true');
      await expect(form(page).region.getByText(NEWSLETTER_COPY.invalido)).toBeVisible();
      await expect(form(page).email).toBeFocused();
    },
    'newsletter.sending': async ({ page }) => {
      await expect(form(page).sending).toHaveAttribute('aria-disabled', 'true');
    },
    'newsletter.success': async ({ page, after }) => {
      await expect(form(page).region.getByRole('status').first()).toHaveText(String(after.context.message));
      await expect(form(page).email).toHaveValue('');
    },
    'newsletter.warning': async ({ page, after }) => {
      await expect(form(page).region.getByText(String(after.context.message))).toBeVisible();
      await expect(form(page).email).toHaveValue(VALID);
    },
    'newsletter.error': async ({ page }) => {
      await expect(form(page).region.getByRole('alert')).toHaveText(NEWSLETTER_ERROR_MESSAGE);
      await expect(form(page).email).toHaveValue(VALID);
    },
  },
  events: {
    'form.submit': {
      act: async ({ page, event }) => {
        const valid = (event as { passesBrowserCheck?: boolean }).passesBrowserCheck === true;
        await form(page).email.fill(valid ? VALID : INVALID);
        await form(page).send.click();
      },
    },
    'xstate.done.actor.subscribe': {
      act: async ({ fakes, event }) => {
        const output = (event as { output?: unknown }).output;
        await fakes.subscribe.answer((route) =>
          route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(output) }),
        );
      },
    },
    'xstate.error.actor.subscribe': {
      act: ({ fakes }) => fakes.subscribe.answer((route) => route.abort('connectionrefused')).then(() => {}),
    },
  },
};
