import type { RateLimitHit } from './types';

/** Sweep expired windows once the map holds this many keys, so spoofed keys cannot grow it forever. */
const SWEEP_AT_SIZE = 10_000;

/** Fixed-window counters in this process (the SQLite storage: one server process per database). */
export function memoryRateLimiter(now: () => number = Date.now) {
  const windows = new Map<string, RateLimitHit>();
  return (key: string, windowMs: number): RateLimitHit => {
    const at = now();
    if (windows.size >= SWEEP_AT_SIZE) {
      for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k);
    }
    const current = windows.get(key);
    const hit =
      current && current.resetAt > at
        ? { count: current.count + 1, resetAt: current.resetAt }
        : { count: 1, resetAt: at + windowMs };
    windows.set(key, hit);
    return hit;
  };
}
