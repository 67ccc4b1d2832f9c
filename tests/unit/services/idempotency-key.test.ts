// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PENDING_CREATE_STORAGE_KEY,
  TAB_SEED_STORAGE_KEY,
  clearPendingCreateKey,
  keepPendingCreateKey,
  pendingCreateKey,
  tabKeySeed,
} from '../../../src/services/idempotency-key';

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

describe("pendingCreateKey: a create's key kept until its answer arrives", () => {
  it('is kept in session storage, read back after a reload, and cleared', () => {
    tabKeySeed();
    expect(pendingCreateKey()).toBeUndefined();
    keepPendingCreateKey('clave-enviada-1');
    expect(sessionStorage.getItem(PENDING_CREATE_STORAGE_KEY)).toBe('clave-enviada-1');
    expect(pendingCreateKey()).toBe('clave-enviada-1');
    clearPendingCreateKey();
    expect(pendingCreateKey()).toBeUndefined();
  });

  it('ignores a stored value that is not a key', () => {
    sessionStorage.setItem(PENDING_CREATE_STORAGE_KEY, 'no es una clave');
    expect(pendingCreateKey()).toBeUndefined();
  });

  it('with storage blocked, follows the seed in the window name across reloads, and is cleared there', () => {
    blockStorage();
    const { seed } = tabKeySeed();
    keepPendingCreateKey('clave-enviada-2');
    expect(window.name).toBe(`registro-pestana:${seed}:clave-enviada-2`);
    // The reload: the seed is read back and the pending key is still there.
    expect(tabKeySeed().seed).toBe(seed);
    expect(pendingCreateKey()).toBe('clave-enviada-2');
    clearPendingCreateKey();
    expect(window.name).toBe(`registro-pestana:${seed}`);
    expect(pendingCreateKey()).toBeUndefined();
    expect(tabKeySeed().seed).toBe(seed);
  });

  it('with storage blocked, never writes into a name the window already had', () => {
    window.name = 'ventana-de-otro-sitio';
    blockStorage();
    tabKeySeed();
    keepPendingCreateKey('clave-enviada-3');
    expect(window.name).toBe('ventana-de-otro-sitio');
    expect(pendingCreateKey()).toBeUndefined();
  });

  it('refuses a window name that is not ours to the letter', () => {
    blockStorage();
    window.name = 'registro-pestana:semilla:clave:extra';
    expect(pendingCreateKey()).toBeUndefined();
    window.name = 'registro-pestana:semilla:no válida';
    expect(pendingCreateKey()).toBeUndefined();
    expect(tabKeySeed().seed).toBe('semilla');
  });
});
