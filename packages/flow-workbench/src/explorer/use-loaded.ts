import { useEffect, useState } from 'react';

/**
 * What a page-wide load gives (QA's artifacts, the mutation summary: each fetched once and shared),
 * undefined until it arrives; a component gone by then is left alone.
 */
export function useLoaded<T>(load: () => Promise<T>): T | undefined {
  const [loaded, setLoaded] = useState<{ value: T }>();
  useEffect(() => {
    let cancelled = false;
    void load().then((value) => {
      if (!cancelled) setLoaded({ value });
    });
    return () => {
      cancelled = true;
    };
  }, [load]);
  return loaded?.value;
}
