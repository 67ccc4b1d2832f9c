import { retryOnce } from '../../ui/retry-import';
import { loadOnce } from '../load-once';

/**
 * The lead API's calls (and the HTTP helper under them): with the later steps, when the visitor
 * starts on step 1, or at the latest on the first save. A page load that only reads never
 * downloads them. A failed load is a failed save for the machine: the notice, the data kept, a
 * retry (which loads again).
 */
export const loadLeads = loadOnce(retryOnce(() => import('../../services/leads')));
