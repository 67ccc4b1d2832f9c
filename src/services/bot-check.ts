import { config } from '../config';
import { BOT_CHECK_SIZE } from '../domain/constants';
import { loadScript } from './script-loader';

/** Invisible reCAPTCHA run before the lead is created when the campaign source is fb. */

export const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js?render=explicit';
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

/** Resolves a fresh token; rejects with a Spanish message when the script cannot load. */
export async function getBotToken(timeoutMs = 20000): Promise<string> {
  try {
    await loadScript(RECAPTCHA_SCRIPT, timeoutMs);
  } catch (cause) {
    throw new Error(BOT_CHECK_LOAD_ERROR, { cause });
  }
  const grecaptcha = window.grecaptcha;
  if (!grecaptcha) throw new Error(BOT_CHECK_LOAD_ERROR);
  await new Promise<void>((resolve) => grecaptcha.ready(resolve));
  if (!widget) {
    const container = document.createElement('div');
    document.body.appendChild(container);
    const state: Widget = { id: -1 };
    state.id = grecaptcha.render(container, {
      sitekey: config.recaptchaSiteKey,
      size: BOT_CHECK_SIZE,
      callback: (token: string) => state.resolve?.(token),
      'error-callback': () => state.reject?.(new Error(BOT_CHECK_LOAD_ERROR)),
      'expired-callback': () => state.reject?.(new Error(BOT_CHECK_LOAD_ERROR)),
    });
    widget = state;
  }
  const current = widget;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(BOT_CHECK_LOAD_ERROR)), timeoutMs);
    current.resolve = (token) => {
      clearTimeout(timer);
      grecaptcha.reset(current.id);
      resolve(token);
    };
    current.reject = (error) => {
      clearTimeout(timer);
      grecaptcha.reset(current.id);
      reject(error);
    };
    grecaptcha.execute(current.id);
  });
}
