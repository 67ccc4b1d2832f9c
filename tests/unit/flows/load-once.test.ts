import { describe, expect, it, vi } from 'vitest';
import { loadOnce, loadWithRetries } from '../../../src/flows/load-once';

describe('loadOnce', () => {
  it('downloads once for every caller', async () => {
    const load = vi.fn(() => Promise.resolve('código'));
    const get = loadOnce(load);
    await expect(Promise.all([get(), get()])).resolves.toEqual(['código', 'código']);
    await expect(get()).resolves.toBe('código');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load (offline), and keeps the load that worked', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue('código');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('Failed to fetch');
    await expect(get()).resolves.toBe('código');
    await expect(get()).resolves.toBe('código');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('loadWithRetries', () => {
  const failed = () => new TypeError('Failed to fetch dynamically imported module');

  it('tries again by itself after each growing wait, then never again; callers cause no request', async () => {
    vi.useFakeTimers();
    try {
      const load = vi.fn<() => Promise<string>>(() => Promise.reject(failed()));
      const get = loadWithRetries(load, [1000, 2000]);
      const failures: number[] = [];
      get.onFailure((n) => failures.push(n));
      const settled = get.settled();
      settled.catch(() => undefined);
      // Every call while the tries go on (a focus, a keystroke) gets the last failure, no request.
      await expect(get()).rejects.toThrow('Failed to fetch');
      for (let i = 0; i < 20; i++) await get().catch(() => undefined);
      expect(load).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(999);
      expect(load).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(load).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1999);
      expect(load).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(load).toHaveBeenCalledTimes(3);
      await expect(settled).rejects.toThrow('Failed to fetch');
      expect(failures).toEqual([1, 2, 3]);
      // No try left: later calls never ask again.
      await vi.advanceTimersByTimeAsync(60_000);
      await expect(get()).rejects.toThrow('Failed to fetch');
      expect(load).toHaveBeenCalledTimes(3);
      // A listener added late hears how many failed.
      const late: number[] = [];
      get.onFailure((n) => late.push(n));
      expect(late).toEqual([3]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives the code to every caller once a later try succeeds', async () => {
    vi.useFakeTimers();
    try {
      const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(failed()).mockResolvedValue('código');
      const get = loadWithRetries(load, [1000, 2000]);
      const settled = get.settled();
      await expect(get()).rejects.toThrow();
      await vi.advanceTimersByTimeAsync(1000);
      await expect(settled).resolves.toBe('código');
      await expect(get()).resolves.toBe('código');
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
  it('tells of trouble once: after the failures the rule names, or a load that never answers in time; never once the code came', async () => {
    vi.useFakeTimers();
    try {
      const rule = { failures: 2, afterMs: 8000 };
      const failing = loadWithRetries(() => Promise.reject(failed()), [1000, 2000, 4000]);
      const byFailures = vi.fn();
      failing.onTrouble(rule, byFailures);
      failing.settled().catch(() => undefined);
      await vi.advanceTimersByTimeAsync(999);
      expect(byFailures).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(byFailures).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(20_000);
      expect(byFailures).toHaveBeenCalledTimes(1);

      const silent = loadWithRetries(() => new Promise<string>(() => undefined), [1000]);
      const bySilence = vi.fn();
      silent.onTrouble(rule, bySilence);
      void silent.settled();
      await vi.advanceTimersByTimeAsync(7999);
      expect(bySilence).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(bySilence).toHaveBeenCalledTimes(1);

      const arrives = loadWithRetries(() => Promise.resolve('código'), [1000]);
      const afterCode = vi.fn();
      arrives.onTrouble(rule, afterCode);
      await arrives.settled();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(afterCode).not.toHaveBeenCalled();
      const removed = vi.fn();
      const stop = silent.onTrouble(rule, removed);
      stop();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(removed).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
