import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from '../../../src/flows/load-once';

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
