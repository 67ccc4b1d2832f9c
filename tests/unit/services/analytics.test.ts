// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const loader = vi.hoisted(() => ({
  loadScript: vi.fn<(src: string, timeoutMs?: number) => Promise<void>>(),
}));
vi.mock('../../../src/services/script-loader', () => loader);

import { CONFIG_DEFAULTS } from '../../../src/config';
import { PIXEL_SCRIPT, createAnalytics, isRealPixelId } from '../../../src/services/analytics';

const REAL_ID = '123456789012345';

beforeEach(() => {
  loader.loadScript.mockReset();
  loader.loadScript.mockResolvedValue(undefined);
});

afterEach(() => {
  delete window.fbq;
  delete window._fbq;
  delete window.__analyticsCalls;
  vi.restoreAllMocks();
});

describe('isRealPixelId', () => {
  it('counts the placeholder of the defaults and malformed ids as no pixel', () => {
    expect(isRealPixelId(CONFIG_DEFAULTS.metaPixelId)).toBe(false);
    for (const id of ['', '0000000000', '12345', 'abc123456789', '12345678901234567890123'])
      expect(isRealPixelId(id)).toBe(false);
    expect(isRealPixelId(REAL_ID)).toBe(true);
  });
});

describe('analytics without a pixel id', () => {
  it('loads nothing and defines no pixel, but records Lead and Purchase in order', () => {
    const analytics = createAnalytics(CONFIG_DEFAULTS.metaPixelId);
    analytics.trackLead();
    analytics.trackPurchase({ currency: 'USD', value: 36 });
    const expected = [{ event: 'Lead' }, { event: 'Purchase', params: { currency: 'USD', value: 36 } }];
    expect(analytics.calls).toEqual(expected);
    expect(window.__analyticsCalls).toEqual(expected);
    expect(window.fbq).toBeUndefined();
    expect(loader.loadScript).not.toHaveBeenCalled();
  });
});

describe('analytics with a real pixel id', () => {
  it('queues init, Lead and Purchase synchronously, before the script has loaded', () => {
    loader.loadScript.mockReturnValue(new Promise(() => {}));
    const analytics = createAnalytics(REAL_ID);
    analytics.trackLead();
    analytics.trackPurchase({ currency: 'USD', value: 12 });
    expect(window.fbq?.queue).toEqual([
      ['init', REAL_ID],
      ['track', 'Lead'],
      ['track', 'Purchase', { currency: 'USD', value: 12 }],
    ]);
    expect(window._fbq).toBe(window.fbq);
    expect(analytics.calls).toHaveLength(2);
  });

  it('loads the pixel script once, asynchronously', () => {
    const analytics = createAnalytics(REAL_ID);
    analytics.trackLead();
    analytics.trackPurchase({ currency: 'USD', value: 36 });
    expect(loader.loadScript).toHaveBeenCalledTimes(1);
    expect(loader.loadScript).toHaveBeenCalledWith(PIXEL_SCRIPT);
  });

  it('hands the events to the loaded pixel once it has taken over the queue', () => {
    const analytics = createAnalytics(REAL_ID);
    analytics.trackLead();
    const fbq = window.fbq;
    if (!fbq) throw new Error('no pixel');
    const sent: unknown[][] = [];
    fbq.callMethod = (...args) => sent.push(args);
    analytics.trackPurchase({ currency: 'USD', value: 36 });
    expect(sent).toEqual([['track', 'Purchase', { currency: 'USD', value: 36 }]]);
  });

  it('reuses a pixel the page already has instead of loading a second one', () => {
    const existing = Object.assign(vi.fn(), { queue: [], loaded: true, version: '2.0' });
    window.fbq = existing as unknown as NonNullable<Window['fbq']>;
    createAnalytics(REAL_ID).trackLead();
    expect(loader.loadScript).not.toHaveBeenCalled();
    expect(existing.mock.calls).toEqual([
      ['init', REAL_ID],
      ['track', 'Lead'],
    ]);
  });

  it('a blocked pixel script only logs a warning; tracking goes on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    loader.loadScript.mockRejectedValue(new Error('No se pudo cargar'));
    const analytics = createAnalytics(REAL_ID);
    expect(() => analytics.trackLead()).not.toThrow();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    analytics.trackPurchase({ currency: 'USD', value: 12 });
    expect(analytics.calls).toHaveLength(2);
  });
});
