// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RELOAD_GUARD_MS, failedFileOf, reloadIfFileGone } from '../../../src/services/reload-after-deploy';

const chunk = () => `${location.origin}/assets/home-rest-CqbYsLNo.js`;
const importError = () => new TypeError(`Failed to fetch dynamically imported module: ${chunk()}`);

function answer(status: number) {
  const fetchMock = vi.fn(async () => new Response(null, { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  sessionStorage.clear();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-03-01T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('failedFileOf', () => {
  it("reads the file from Chromium's and Vite's messages, same origin only", () => {
    expect(failedFileOf(importError())).toBe(chunk());
    expect(failedFileOf(new Error(`Unable to preload CSS for ${location.origin}/assets/blog-C.css`))).toBe(
      `${location.origin}/assets/blog-C.css`,
    );
    expect(failedFileOf(new TypeError('Importing a module script failed.'))).toBeUndefined();
    expect(failedFileOf(new TypeError('… module: https://cdn.example/assets/x.js'))).toBeUndefined();
  });
});

describe('reloadIfFileGone', () => {
  it('reloads once when the file answers 404, asking with HEAD past the cache', async () => {
    const fetchMock = answer(404);
    const reload = vi.fn();
    expect(await reloadIfFileGone(importError(), reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(chunk(), { method: 'HEAD', cache: 'no-store' });
  });

  it('does not reload again on the same page within the guard, and does after it', async () => {
    answer(404);
    const reload = vi.fn();
    await reloadIfFileGone(importError(), reload);
    vi.setSystemTime(Date.now() + RELOAD_GUARD_MS - 1000);
    expect(await reloadIfFileGone(importError(), reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 2000);
    expect(await reloadIfFileGone(importError(), reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload for a dropped connection or a file that is still there', async () => {
    const reload = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await reloadIfFileGone(importError(), reload)).toBe(false);
    answer(200);
    expect(await reloadIfFileGone(importError(), reload)).toBe(false);
    answer(503);
    expect(await reloadIfFileGone(importError(), reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload with storage blocked: nothing would stop a loop', async () => {
    answer(404);
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const reload = vi.fn();
    expect(await reloadIfFileGone(importError(), reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('asks nothing about a file of another origin or an error without a file', async () => {
    const fetchMock = answer(404);
    const reload = vi.fn();
    expect(await reloadIfFileGone(new Error('boom'), reload)).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });
});
