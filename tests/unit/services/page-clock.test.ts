import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenLoadedAndIdle } from '../../../src/services/page-clock';

/** A page still loading, whose 'load' the test fires, with or without idle callbacks. */
function page(readyState: 'loading' | 'complete', idle: boolean) {
  const onLoad: (() => void)[] = [];
  const idleCalls: { run: () => void; timeout: number | undefined }[] = [];
  vi.stubGlobal('document', { readyState });
  vi.stubGlobal('window', { addEventListener: (_type: string, f: () => void) => onLoad.push(f) });
  vi.stubGlobal(
    'requestIdleCallback',
    idle
      ? (run: () => void, options?: { timeout?: number }) =>
          idleCalls.push({ run, timeout: options?.timeout })
      : undefined,
  );
  return { load: () => onLoad.forEach((f) => f()), idleCalls };
}

describe('whenLoadedAndIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits for the load, then for an idle moment no longer than the longest wait', () => {
    const p = page('loading', true);
    const run = vi.fn();
    whenLoadedAndIdle(run, 5000);
    expect(p.idleCalls).toHaveLength(0);
    p.load();
    expect(p.idleCalls).toEqual([{ run, timeout: 5000 }]);
    expect(run).not.toHaveBeenCalled();
  });

  it('asks for the idle moment at once on a page already loaded', () => {
    const p = page('complete', true);
    const run = vi.fn();
    whenLoadedAndIdle(run, 5000);
    expect(p.idleCalls).toHaveLength(1);
  });

  it('without idle callbacks, runs the longest wait after the load', () => {
    vi.useFakeTimers();
    const p = page('loading', false);
    const run = vi.fn();
    whenLoadedAndIdle(run, 5000);
    vi.advanceTimersByTime(10_000);
    expect(run).not.toHaveBeenCalled();
    p.load();
    vi.advanceTimersByTime(4999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
