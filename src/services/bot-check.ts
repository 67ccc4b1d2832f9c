import { config } from '../config';
import { BOT_CHECK_SIZE } from '../domain/constants';
import { BOT_CHECK_FAILED_MESSAGE } from '../domain/messages';
import { loadScript } from './script-loader';

/**
 * Invisible reCAPTCHA run before the lead is created when the campaign source is fb. Every
 * failure throws BOT_CHECK_FAILED_MESSAGE; what follows a failure is the wizard machine's rule.
 */

export const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js?render=explicit&hl=es';

interface Grecaptcha {
  ready(cb: () => void): void;
  render(container: HTMLElement, params: Record<string, unknown>): number;
  execute(widgetId?: number): void;
  reset(widgetId?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

interface Widget {
  id: number;
  resolve?: (token: string) => void;
  reject?: (e: Error) => void;
}

let widget: Widget | undefined;

/** How long the script may take to load and get ready. */
export const BOT_CHECK_READY_TIMEOUT_MS = 20_000;
/** How long the visitor may take on a challenge, when reCAPTCHA decides to show one. */
export const BOT_CHECK_EXECUTE_TIMEOUT_MS = 120_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(BOT_CHECK_FAILED_MESSAGE)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(BOT_CHECK_FAILED_MESSAGE));
      },
    );
  });
}

/**
 * Resolves a fresh token; rejects with a Spanish message when the script cannot load or answer in
 * time (a later call loads the script again).
 */
export async function getBotToken(
  timeoutMs = BOT_CHECK_READY_TIMEOUT_MS,
  executeTimeoutMs = BOT_CHECK_EXECUTE_TIMEOUT_MS,
): Promise<string> {
  try {
    await loadScript(RECAPTCHA_SCRIPT, timeoutMs);
  } catch (cause) {
    throw new Error(BOT_CHECK_FAILED_MESSAGE, { cause });
  }
  const grecaptcha = window.grecaptcha;
  if (!grecaptcha) throw new Error(BOT_CHECK_FAILED_MESSAGE);
  await withTimeout(new Promise<void>((resolve) => grecaptcha.ready(resolve)), timeoutMs);
  if (!widget) {
    const container = document.createElement('div');
    document.body.appendChild(container);
    const state: Widget = { id: -1 };
    try {
      state.id = grecaptcha.render(container, {
        sitekey: config.recaptchaSiteKey,
        size: BOT_CHECK_SIZE,
        // Bottom right is taken by the floating WhatsApp button.
        badge: 'bottomleft',
        callback: (token: string) => state.resolve?.(token),
        'error-callback': () => state.reject?.(new Error(BOT_CHECK_FAILED_MESSAGE)),
        'expired-callback': () => state.reject?.(new Error(BOT_CHECK_FAILED_MESSAGE)),
      });
    } catch (cause) {
      container.remove();
      throw new Error(BOT_CHECK_FAILED_MESSAGE, { cause });
    }
    widget = state;
  }
  const current = widget;
  return new Promise<string>((resolve, reject) => {
    const settle = () => {
      clearTimeout(timer);
      current.resolve = undefined;
      current.reject = undefined;
      grecaptcha.reset(current.id);
    };
    const timer = setTimeout(() => {
      settle();
      reject(new Error(BOT_CHECK_FAILED_MESSAGE));
    }, executeTimeoutMs);
    current.resolve = (token) => {
      settle();
      if (typeof token === 'string' && token !== '') resolve(token);
      else reject(new Error(BOT_CHECK_FAILED_MESSAGE));
    };
    current.reject = (error) => {
      settle();
      reject(error);
    };
    grecaptcha.execute(current.id);
  });
}
