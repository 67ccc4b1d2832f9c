// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOT_CHECK_FAILED_MESSAGE } from '../../../src/domain/messages';

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
    const { getBotToken, RECAPTCHA_SCRIPT, BOT_CHECK_READY_TIMEOUT_MS } = await load();
    const fake = fakeGrecaptcha((p) => p.callback('tok-1'));
    await expect(getBotToken()).resolves.toBe('tok-1');
    await expect(getBotToken()).resolves.toBe('tok-1');
    expect(loader.loadScript).toHaveBeenCalledWith(RECAPTCHA_SCRIPT, BOT_CHECK_READY_TIMEOUT_MS);
    expect(RECAPTCHA_SCRIPT).toMatch(/^https:\/\/www\.google\.com\/recaptcha\/api\.js\?render=explicit/);
    expect(fake.render).toHaveBeenCalledTimes(1);
    expect(fake.render.mock.calls[0]?.[1]).toMatchObject({
      sitekey: '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI',
      size: 'invisible',
    });
    expect(fake.reset).toHaveBeenCalledTimes(2);
  });

  it('rejects with the Spanish message when the script cannot load, and loads again on retry', async () => {
    const { getBotToken } = await load();
    loader.loadScript.mockRejectedValueOnce(new Error('network'));
    await expect(getBotToken()).rejects.toThrow(BOT_CHECK_FAILED_MESSAGE);
    fakeGrecaptcha((p) => p.callback('tok-2'));
    await expect(getBotToken()).resolves.toBe('tok-2');
    expect(loader.loadScript).toHaveBeenCalledTimes(2);
  });

  it('rejects when the widget reports an error or never answers', async () => {
    const { getBotToken } = await load();
    fakeGrecaptcha((p) => p['error-callback']());
    await expect(getBotToken()).rejects.toThrow(BOT_CHECK_FAILED_MESSAGE);
    const silent = await load();
    fakeGrecaptcha(() => undefined);
    await expect(silent.getBotToken(20000, 20)).rejects.toThrow(BOT_CHECK_FAILED_MESSAGE);
  });
});
