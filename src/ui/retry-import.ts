/**
 * Code loaded on demand, tried a second time when its download fails (a dropped connection, a
 * request lost on a flaky mobile network). Chromium does not keep a failed dynamic import: the
 * second call of the same loader downloads the file and the files it imports again.
 */
export function retryOnce<T>(load: () => Promise<T>): () => Promise<T> {
  return () => load().catch(() => load());
}
