// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TAB_SEED_STORAGE_KEY, tabKeySeed } from '../../../src/services/idempotency-key';

function blockStorage() {
  vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
    throw new DOMException('El almacenamiento está bloqueado.', 'SecurityError');
  });
}

beforeEach(() => {
  sessionStorage.clear();
  window.name = '';
});
afterEach(() => vi.restoreAllMocks());

describe("tabKeySeed: the tab's seed of the create's key", () => {
  it('is minted once and read back after a reload (session storage)', () => {
    const first = tabKeySeed();
    expect(first.kept).toBe(true);
    expect(sessionStorage.getItem(TAB_SEED_STORAGE_KEY)).toBe(first.seed);
    expect(tabKeySeed()).toEqual(first);
  });

  it('is a new one for another tab (another session storage)', () => {
    const first = tabKeySeed().seed;
    sessionStorage.clear();
    expect(tabKeySeed().seed).not.toBe(first);
  });

  it('ignores a stored value that is not a key, and replaces it', () => {
    sessionStorage.setItem(TAB_SEED_STORAGE_KEY, 'no es una clave');
    const { seed } = tabKeySeed();
    expect(seed).not.toBe('no es una clave');
    expect(sessionStorage.getItem(TAB_SEED_STORAGE_KEY)).toBe(seed);
  });

  it('with storage blocked, survives a reload in the window name and says progress is not kept', () => {
    blockStorage();
    const first = tabKeySeed();
    expect(first.kept).toBe(false);
    expect(window.name).toContain(first.seed);
    // A reload keeps the window's name, not the page's memory.
    expect(tabKeySeed()).toEqual(first);
  });

  it('with storage blocked, never takes a name the window already had', () => {
    window.name = 'ventana-de-otro-sitio';
    blockStorage();
    tabKeySeed();
    expect(window.name).toBe('ventana-de-otro-sitio');
  });
});
