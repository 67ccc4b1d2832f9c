import { readStorage, writeStorage } from './storage';

/**
 * After a deploy the previous build's hashed files may be gone (a CDN without the server's
 * retention, or a page left open past it): a page still running the old code then fails every
 * lazy download. When a failed download's file answers 404 (or 410), the page reloads once and
 * gets the new build; what the visitor typed is in sessionStorage (saved on `pagehide`), so it
 * comes back. A dropped connection is not a deploy: the file's check fails too, and the region
 * offers 'Reintentar'. At most one reload per page every RELOAD_GUARD_MS, noted in
 * sessionStorage; with storage blocked there is no reload (nothing would stop a loop).
 */
export const RELOAD_GUARD_MS = 5 * 60 * 1000;
const GUARD_KEY = 'recarga-tras-despliegue:';

/** The same-origin script or stylesheet a failed download names ('… module: https://…/x.js'). */
export function failedFileOf(error: unknown): string | undefined {
  const file = /\bhttps?:\/\/\S+?\.(?:m?js|css)\b/.exec(String(error))?.[0];
  return file?.startsWith(`${location.origin}/`) ? file : undefined;
}

/** Reloads the page once when the file a download failed on is gone from the server. */
export async function reloadIfFileGone(error: unknown, reload = () => location.reload()): Promise<boolean> {
  const file = failedFileOf(error);
  if (!file) return false;
  let status: number;
  try {
    status = (await fetch(file, { method: 'HEAD', cache: 'no-store' })).status;
  } catch {
    return false;
  }
  if (status !== 404 && status !== 410) return false;
  const key = GUARD_KEY + location.pathname;
  const now = Date.now();
  if (now - Number(readStorage('session', key) ?? 0) < RELOAD_GUARD_MS) return false;
  if (!writeStorage('session', key, String(now))) return false;
  reload();
  return true;
}

/** Listens for Vite's `vite:preloadError`, dispatched for every failed dynamic import of the build. */
export function reloadAfterDeploy(): void {
  addEventListener('vite:preloadError', (event) => {
    void reloadIfFileGone((event as Event & { payload?: unknown }).payload);
  });
}
