/**
 * The flows' change the explorer was built with (virtual:flow-changes), for the page: null when it
 * was built without a base, or when no flow differs from it.
 */
import changes from 'virtual:flow-changes';
import type { ChangesData, FlowChanges } from './types';

export const flowsChanges: ChangesData | null = changes;

export function changesOf(slug: string): FlowChanges | undefined {
  return flowsChanges?.flows[slug];
}
