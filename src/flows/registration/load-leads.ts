import type * as Leads from '../../services/leads';

let loading: Promise<typeof Leads> | undefined;

/**
 * The lead API's calls (and the HTTP helper under them), loaded once: with the later steps, when
 * the visitor starts on step 1, or at the latest on the first save. A page load that only reads
 * never downloads them. A failed load (offline) is tried again next time, and the machine treats
 * it as a failed save: the notice, the data kept, a retry.
 */
export function loadLeads(): Promise<typeof Leads> {
  loading ??= import('../../services/leads');
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
