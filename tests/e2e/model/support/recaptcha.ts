import { expect, type Page } from '@playwright/test';

/** The reCAPTCHA script URL the bot check loads (src/services/bot-check.ts). */
export const RECAPTCHA_PATTERN = /^https:\/\/www\.google\.com\/recaptcha\/api\.js/;

/**
 * A fake invisible reCAPTCHA whose execute() waits for the test: `answerBotCheck` then calls the
 * widget's callback with a token, or its error callback.
 */
export function fakeRecaptchaSource(): string {
  return `window.__modelBot = { params: null, pending: false };
window.grecaptcha = {
  ready: function (cb) { cb(); },
  render: function (el, params) { window.__modelBot.params = params; return 1; },
  execute: function () { window.__modelBot.pending = true; },
  reset: function () {},
};`;
}

/** Answers the pending bot check: with a token, or (null) with the widget's error. */
export async function answerBotCheck(page: Page, token: string | null): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { __modelBot?: { pending: boolean } }).__modelBot?.pending),
    )
    .toBe(true);
  await page.evaluate((t) => {
    const bot = (
      window as unknown as {
        __modelBot: { pending: boolean; params: Record<string, (token?: string) => void> };
      }
    ).__modelBot;
    bot.pending = false;
    if (t === null) bot.params['error-callback']?.();
    else bot.params.callback?.(t);
  }, token);
}
