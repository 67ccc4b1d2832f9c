import { expect, type Page } from '@playwright/test';
import { NOTIFICATION_DISPLAY_MS } from '../../domain/constants';
import { NEWSLETTER_COPY } from '../newsletter/copy';
import { NOTIFICATION_COPY } from './copy';
import type { NotificationInput } from './notification.machine';
import { notificationModel } from './notification.samples';
import type { BrowserModel } from '../../../tests/e2e/model/support/browser-model';
import { holdRequests, stayOnExits } from '../../../tests/e2e/model/support/held';
import { openHydrated, pausedClock } from '../../../tests/e2e/model/support/page';

/*
 * The notification as the blog's newsletter form shows it: the server answers a subscription with
 * a warning (an address already subscribed), and the form shows that message in a notification for
 * the display delay. The page is opened with that answer already given, so every path starts with
 * the notification on screen, counting.
 */

const region = (page: Page) => page.getByRole('region', { name: NEWSLETTER_COPY.titulo });
/** Where the form puts its notification (and nothing else). */
const notice = (page: Page) => page.locator('.newsletter-notice');
const notification = (page: Page) => notice(page).getByRole('status');
const close = (page: Page) => notification(page).getByRole('button', { name: NOTIFICATION_COPY.cerrar });

/** Whether the pointer is over the notification or the focus inside it: what holds it on screen. */
const holding = (page: Page) =>
  notification(page).evaluate((el) => el.matches(':hover') || el.contains(document.activeElement));

const ADDRESS = 'ana@example.com';

export const notificationBrowser: BrowserModel<Record<string, never>> = {
  name: 'notification',
  model: notificationModel,
  scope: '.newsletter-notice',
  async open(page, run) {
    const { message } = run.input as NotificationInput;
    await stayOnExits(page);
    const subscribe = await holdRequests(page, (url) => url.pathname.endsWith('/api/newsletter/'));
    await pausedClock(page);
    await openHydrated(page, '/blog');
    await region(page).getByRole('textbox', { name: NEWSLETTER_COPY.etiqueta }).fill(ADDRESS);
    await region(page).getByRole('button', { name: NEWSLETTER_COPY.boton }).click();
    // The form's code loads on that press and React shows it on a timer: the paused clock moves in
    // small steps until the request goes out and the notification is shown (far less than its delay).
    for (let i = 0; i < 40 && subscribe.count() === 0; i++) await page.clock.runFor(25);
    await subscribe.answer((route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ response: 'error', message }),
      }),
    );
    for (let i = 0; i < 40 && (await notification(page).count()) === 0; i++) await page.clock.runFor(25);
    // The pointer leaves the form's button: only a path's step may hold the notification.
    await page.mouse.move(0, 0);
    return {};
  },
  states: {
    notification: async ({ page }) => {
      await expect(notice(page)).toBeAttached();
    },
    'notification.visible': async ({ page, after }) => {
      await expect(notification(page)).toBeVisible();
      await expect(notification(page)).toContainText(String(after.context.message));
      await expect(close(page)).toBeVisible();
    },
    'notification.visible.counting': async ({ page }) => {
      await expect.poll(() => holding(page)).toBe(false);
    },
    'notification.visible.held': async ({ page }) => {
      await expect.poll(() => holding(page)).toBe(true);
    },
    'notification.hidden': async ({ page, run }) => {
      await expect(notification(page)).toHaveCount(0);
      await expect(page.getByText((run.input as NotificationInput).message)).toHaveCount(0);
    },
  },
  events: {
    'notification.dismiss': { act: ({ page }) => close(page).click() },
    'notification.hold': { act: ({ page }) => notification(page).hover() },
    'notification.release': { act: ({ page }) => page.mouse.move(0, 0) },
    'xstate.after.displayDelay.notification.visible.counting': {
      act: ({ page }) => page.clock.runFor(NOTIFICATION_DISPLAY_MS),
    },
  },
};
