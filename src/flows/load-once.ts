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

/** Code loaded by loadWithRetries. */
export interface RetriedLoad<T> {
  /**
   * Starts the tries (once), and gives the code, or the failure of the try under way or of the last
   * one: a caller never waits through the waits between tries, and never causes a request itself.
   */
  (): Promise<T>;
  /** Starts the tries (once); the code once a try succeeds, the last failure once no try is left. */
  settled(): Promise<T>;
  /**
   * Calls `listener` with the number of failed tries so far after each one (at once if some
   * already failed); returns the function that removes it.
   */
  onFailure(listener: (failures: number) => void): () => void;
  /**
   * Calls `listener` once when the load is in trouble: `rule.failures` tries failed, or no try
   * gave the code within `rule.afterMs` of this call (a download that never answers). Never after
   * the code arrived. Returns the function that removes it (and its timer).
   */
  onTrouble(rule: TroubleRule, listener: () => void): () => void;
}

/** When a load that has not given its code yet is worth telling the visitor about. */
export interface TroubleRule {
  failures: number;
  afterMs: number;
}

/**
 * Code a page needs to start a flow, downloaded with a bounded number of tries: a failed download
 * is tried again by itself after each of `waitsMs` (growing), so no focus, keystroke or press asks
 * for the file again. After the last wait the load has failed for good in this page: calls get the
 * failure without a request (a reload starts over). Chromium does not keep a failed dynamic
 * import: each try downloads the file again.
 */
export function loadWithRetries<T>(load: () => Promise<T>, waitsMs: readonly number[]): RetriedLoad<T> {
  let tries: Promise<T> | undefined;
  // The try under way, or the last one: set before tryUntilDone's first await.
  let current: Promise<T> = Promise.reject(new Error('not started'));
  current.catch(() => undefined);
  let failures = 0;
  let loaded = false;
  const listeners = new Set<(failures: number) => void>();
  const tryUntilDone = async (): Promise<T> => {
    for (;;) {
      current = load();
      try {
        const code = await current;
        loaded = true;
        return code;
      } catch (error) {
        failures += 1;
        for (const listener of listeners) listener(failures);
        const wait = waitsMs[failures - 1];
        if (wait === undefined) throw error;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  };
  const settled = () => (tries ??= tryUntilDone());
  const get = (() => {
    settled().catch(() => undefined);
    return current;
  }) as RetriedLoad<T>;
  get.settled = settled;
  get.onFailure = (listener) => {
    listeners.add(listener);
    if (failures > 0) listener(failures);
    return () => listeners.delete(listener);
  };
  get.onTrouble = (rule, listener) => {
    if (loaded) return () => undefined;
    let told = false;
    const tell = () => {
      if (told || loaded) return;
      told = true;
      stop();
      listener();
    };
    const timer = setTimeout(tell, rule.afterMs);
    const stopListening = get.onFailure((n) => {
      if (n >= rule.failures) tell();
    });
    const stop = () => {
      clearTimeout(timer);
      stopListening();
    };
    return stop;
  };
  return get;
}
