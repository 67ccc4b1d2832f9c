/**
 * Code a flow loads on demand (a dynamic import), asked for from several places: the first call
 * starts the download and every later one shares it; a failed load (offline) is forgotten, so the
 * next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    if (!loading) {
      const started = load();
      loading = started;
      started.catch(() => {
        if (loading === started) loading = undefined;
      });
    }
    return loading;
  };
}
