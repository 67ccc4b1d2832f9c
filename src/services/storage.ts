/**
 * Browser storage that never throws: private modes, disabled cookies or a missing window
 * (prerendering) make reads return undefined and writes a no-op.
 */

type Area = 'local' | 'session';

function area(kind: Area): Storage | undefined {
  try {
    if (typeof window === 'undefined') return undefined;
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readStorage(kind: Area, key: string): string | undefined {
  try {
    return area(kind)?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

export function writeStorage(kind: Area, key: string, value: string): boolean {
  try {
    const store = area(kind);
    if (!store) return false;
    store.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeStorage(kind: Area, key: string): void {
  try {
    area(kind)?.removeItem(key);
  } catch {
    // Storage unavailable: nothing to remove.
  }
}

export function readCookie(name: string): string | undefined {
  try {
    if (typeof document === 'undefined') return undefined;
    for (const part of document.cookie.split(';')) {
      const [k, ...rest] = part.trim().split('=');
      if (k === name) return decodeURIComponent(rest.join('='));
    }
  } catch {
    // Cookies disabled.
  }
  return undefined;
}

export function writeCookie(name: string, value: string, days: number): void {
  try {
    if (typeof document === 'undefined') return;
    const maxAge = Math.round(days * 24 * 60 * 60);
    // Served over HTTPS, the cookie never travels in plain http, where anyone on the way could read
    // or change it; over plain http (a local server) Secure would make the browser drop it.
    const secure = document.location?.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
  } catch {
    // Cookies disabled: nothing is remembered for the next visit.
  }
}
