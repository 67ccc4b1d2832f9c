import { useEffect, useState } from 'react';
import { loadCounts, periodRange, periodText, type CountsResult, type Period } from './counts';

export type CountsState =
  | { status: 'loading'; range: { desde: string; hasta: string } }
  | (CountsResult & {
      range: { desde: string; hasta: string };
    });

/** The counts of a period, fetched again whenever the period changes (an older answer is dropped). */
export function useCounts(url: string | undefined, period: Period): CountsState | undefined {
  const key = periodText(period);
  const [state, setState] = useState<{ key: string; value: CountsState } | undefined>(undefined);

  useEffect(() => {
    if (url === undefined) return;
    const range = periodRange(period, new Date());
    const controller = new AbortController();
    loadCounts(url, range, { signal: controller.signal }).then(
      (result) => setState({ key, value: { ...result, range } }),
      () => {
        // Aborted: a newer period is being fetched.
      },
    );
    return () => controller.abort();
    // The period is its text: a new object of the same period is not a new request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, key]);

  if (url === undefined) return undefined;
  if (state?.key !== key) return { status: 'loading', range: periodRange(period, new Date()) };
  return state.value;
}
