import { config } from '../config';
import { loadScript } from './script-loader';

/**
 * Advertising conversion events (spec section 7), sent the Meta pixel way: fbq('track', 'Lead') and
 * fbq('track', 'Purchase', { currency, value }). The pixel script loads only when a real pixel id
 * is configured; every call is also recorded, so the welcome page can be tested without one.
 * The Content-Security-Policy (server/security.ts) lists the pixel's hosts either way: the server
 * serves any build and cannot tell whether it was built with a pixel id.
 */

export const PIXEL_SCRIPT = 'https://connect.facebook.net/en_US/fbevents.js';

interface PurchaseParams {
  currency: string;
  value: number;
}

type AnalyticsCall = { event: 'Lead' } | { event: 'Purchase'; params: PurchaseParams };

/** The pixel's command queue, as Meta's snippet defines it. */
interface Fbq {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[][];
  push: Fbq;
  loaded: boolean;
  version: string;
}

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
    /** Every conversion call of this page, in order (read by the end-to-end tests). */
    __analyticsCalls?: AnalyticsCall[];
  }
}

/** A pixel id is real when it is all digits and not the all-zero placeholder of the defaults. */
export function isRealPixelId(id: string): boolean {
  return /^\d{8,20}$/.test(id) && !/^0+$/.test(id);
}

export interface Analytics {
  trackLead(): void;
  trackPurchase(params: PurchaseParams): void;
  /** Every call so far. */
  readonly calls: readonly AnalyticsCall[];
}

/**
 * Meta's snippet, typed: until fbevents.js arrives, commands wait in fbq.queue, so an event is
 * queued the moment it is tracked and a redirect right after it cannot lose it from the page's
 * side. The script loads asynchronously and never blocks rendering.
 */
function installPixel(pixelId: string): Fbq {
  let fbq = window.fbq;
  if (!fbq) {
    const stub = ((...args: unknown[]) => {
      if (stub.callMethod) stub.callMethod(...args);
      else stub.queue.push(args);
    }) as Fbq;
    stub.queue = [];
    stub.push = stub;
    stub.loaded = true;
    stub.version = '2.0';
    window.fbq = stub;
    window._fbq ??= stub;
    fbq = stub;
    // Ad blockers stop this script routinely; the page works the same without it.
    loadScript(PIXEL_SCRIPT).catch((error: unknown) =>
      console.warn('No se pudo cargar el píxel de anuncios', error),
    );
  }
  fbq('init', pixelId);
  return fbq;
}

export function createAnalytics(pixelId: string): Analytics {
  const calls: AnalyticsCall[] = [];
  let pixel: Fbq | null | undefined;

  const send = (call: AnalyticsCall) => {
    calls.push(call);
    if (typeof window === 'undefined') return;
    (window.__analyticsCalls ??= []).push(call);
    if (pixel === undefined) pixel = isRealPixelId(pixelId) ? installPixel(pixelId) : null;
    if (!pixel) return;
    if (call.event === 'Purchase') pixel('track', call.event, { ...call.params });
    else pixel('track', call.event);
  };

  return {
    calls,
    trackLead: () => send({ event: 'Lead' }),
    trackPurchase: ({ currency, value }) => send({ event: 'Purchase', params: { currency, value } }),
  };
}

/** The site's analytics, with the pixel id from configuration. */
export const analytics: Analytics = createAnalytics(config.metaPixelId);
