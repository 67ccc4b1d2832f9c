import { config } from '../config';
import { BOT_CHECK_SIZE } from '../domain/constants';
import { loadScript } from './script-loader';

/** Invisible reCAPTCHA run before the lead is created when the campaign source is fb. */

export const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js?render=explicit&hl=es';
export const BOT_CHECK_LOAD_ERROR =
  'No pudimos cargar la verificación de seguridad. Revisá tu conexión y volvé a intentar.';

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

/** How long the visitor may take on a challenge, when reCAPTCHA decides to show one. */
export const BOT_CHECK_EXECUTE_TIMEOUT_MS = 120_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(BOT_CHECK_LOAD_ERROR)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(BOT_CHECK_LOAD_ERROR));
      },
    );
  });
}

/**
 * Resolves a fresh token; rejects with a Spanish message when the script cannot load or answer in
 * time, so the wizard can offer a retry (a retry loads the script again).
 */
export async function getBotToken(
  timeoutMs = 20000,
  executeTimeoutMs = BOT_CHECK_EXECUTE_TIMEOUT_MS,
): Promise<string> {
  try {
    await loadScript(RECAPTCHA_SCRIPT, timeoutMs);
  } catch (cause) {
    throw new Error(BOT_CHECK_LOAD_ERROR, { cause });
  }
  const grecaptcha = window.grecaptcha;
  if (!grecaptcha) throw new Error(BOT_CHECK_LOAD_ERROR);
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
        'error-callback': () => state.reject?.(new Error(BOT_CHECK_LOAD_ERROR)),
        'expired-callback': () => state.reject?.(new Error(BOT_CHECK_LOAD_ERROR)),
      });
    } catch (cause) {
      container.remove();
      throw new Error(BOT_CHECK_LOAD_ERROR, { cause });
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
      reject(new Error(BOT_CHECK_LOAD_ERROR));
    }, executeTimeoutMs);
    current.resolve = (token) => {
      settle();
      if (typeof token === 'string' && token !== '') resolve(token);
      else reject(new Error(BOT_CHECK_LOAD_ERROR));
    };
    current.reject = (error) => {
      settle();
      reject(error);
    };
    grecaptcha.execute(current.id);
  });
}

/**
 * After this many failed checks in a row, the next attempt goes ahead without a token: a visitor
 * whose network blocks the bot-check host must still be able to leave their details (a lead is
 * never lost). The server treats recaptchaToken as optional.
 */
export const BOT_CHECK_MAX_FAILURES = 2;

/** Builds the bot-check policy used by the wizard: a token, or '' once the check kept failing. */
export function botTokenWithFallback(
  getToken: () => Promise<string>,
  maxFailures = BOT_CHECK_MAX_FAILURES,
): () => Promise<string> {
  let failures = 0;
  return async () => {
    if (failures >= maxFailures) return '';
    try {
      const token = await getToken();
      failures = 0;
      return token;
    } catch (error) {
      failures++;
      throw error;
    }
  };
}
