// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const loader = vi.hoisted(() => ({
  loadScript: vi.fn<(src: string, timeoutMs?: number) => Promise<void>>(),
}));
vi.mock('../../../src/services/script-loader', () => loader);

interface FakeParams {
  sitekey: string;
  size: string;
  callback(token: string): void;
  'error-callback'(): void;
}

function fakeGrecaptcha(answer: (params: FakeParams) => void) {
  let params: FakeParams | undefined;
  const fake = {
    ready: vi.fn((cb: () => void) => cb()),
    render: vi.fn((_el: HTMLElement, p: Record<string, unknown>) => {
      params = p as unknown as FakeParams;
      return 3;
    }),
    execute: vi.fn(() => {
      setTimeout(() => params && answer(params), 1);
    }),
    reset: vi.fn(),
  };
  window.grecaptcha = fake;
  return fake;
}

async function load() {
  vi.resetModules();
  return import('../../../src/services/bot-check');
}

beforeEach(() => loader.loadScript.mockReset().mockResolvedValue(undefined));
afterEach(() => {
  delete window.grecaptcha;
});

describe('getBotToken (invisible reCAPTCHA)', () => {
  it('loads the script, renders one invisible widget with the configured site key and resolves its token', async () => {
    const { getBotToken, RECAPTCHA_SCRIPT } = await load();
    const fake = fakeGrecaptcha((p) => p.callback('tok-1'));
    await expect(getBotToken()).resolves.toBe('tok-1');
    await expect(getBotToken()).resolves.toBe('tok-1');
    expect(loader.loadScript).toHaveBeenCalledWith(RECAPTCHA_SCRIPT, 20000);
    expect(RECAPTCHA_SCRIPT).toMatch(/^https:\/\/www\.google\.com\/recaptcha\/api\.js\?render=explicit/);
    expect(fake.render).toHaveBeenCalledTimes(1);
    expect(fake.render.mock.calls[0]?.[1]).toMatchObject({
      sitekey: '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI',
      size: 'invisible',
    });
    expect(fake.reset).toHaveBeenCalledTimes(2);
  });

  it('rejects with the Spanish message when the script cannot load, and loads again on retry', async () => {
    const { getBotToken, BOT_CHECK_LOAD_ERROR } = await load();
    loader.loadScript.mockRejectedValueOnce(new Error('network'));
    await expect(getBotToken()).rejects.toThrow(BOT_CHECK_LOAD_ERROR);
    fakeGrecaptcha((p) => p.callback('tok-2'));
    await expect(getBotToken()).resolves.toBe('tok-2');
    expect(loader.loadScript).toHaveBeenCalledTimes(2);
  });

  it('rejects when the widget reports an error or never answers', async () => {
    const { getBotToken, BOT_CHECK_LOAD_ERROR } = await load();
    fakeGrecaptcha((p) => p['error-callback']());
    await expect(getBotToken()).rejects.toThrow(BOT_CHECK_LOAD_ERROR);
    const silent = await load();
    fakeGrecaptcha(() => undefined);
    await expect(silent.getBotToken(20000, 20)).rejects.toThrow(BOT_CHECK_LOAD_ERROR);
  });
});

describe('botTokenWithFallback', () => {
  it('passes tokens through and, after two failures in a row, lets the create go ahead without one', async () => {
    const { botTokenWithFallback, BOT_CHECK_MAX_FAILURES } = await load();
    expect(BOT_CHECK_MAX_FAILURES).toBe(2);
    const getToken = vi
      .fn<() => Promise<string>>()
      .mockResolvedValueOnce('tok-1')
      .mockRejectedValueOnce(new Error('bloqueado'))
      .mockRejectedValueOnce(new Error('bloqueado'));
    const next = botTokenWithFallback(getToken);
    await expect(next()).resolves.toBe('tok-1');
    await expect(next()).rejects.toThrow('bloqueado');
    await expect(next()).rejects.toThrow('bloqueado');
    await expect(next()).resolves.toBe('');
    expect(getToken).toHaveBeenCalledTimes(3);
  });

  it('a success resets the count of failures', async () => {
    const { botTokenWithFallback } = await load();
    const getToken = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('x'))
      .mockResolvedValueOnce('tok')
      .mockRejectedValueOnce(new Error('x'));
    const next = botTokenWithFallback(getToken);
    await expect(next()).rejects.toThrow();
    await expect(next()).resolves.toBe('tok');
    await expect(next()).rejects.toThrow();
    expect(getToken).toHaveBeenCalledTimes(3);
  });
});
