/**
 * A flow's past versions on the page: its file of the registry of versions, beside the page
 * (versiones/<slug>.json, ../../vite/plugin.ts), fetched only when a link names a version other
 * than today's; and the chart of what changed since one of them (../changes/between.ts).
 */
import { useEffect, useState } from 'react';
import { readVersions, type FlowVersions } from '../../diff/versions';
import { changesSince } from '../changes/between';
import type { FlowChanges } from '../changes/types';
import type { FlowEntry } from '../flows';

export function versionsUrl(slug: string): string {
  return `versiones/${encodeURIComponent(slug)}.json`;
}

const loading = new Map<string, Promise<FlowVersions | null>>();

/** A flow's registry of versions; null when it cannot be read. */
export function loadFlowVersions(slug: string): Promise<FlowVersions | null> {
  let promise = loading.get(slug);
  if (!promise) {
    promise = fetch(versionsUrl(slug), { cache: 'no-cache' })
      .then(async (response) => (response.ok ? readVersions(await response.json(), slug) : null))
      .catch(() => null);
    loading.set(slug, promise);
  }
  return promise;
}

/** undefined while not asked for or loading; then the registry, or null when it cannot be read. */
export function useFlowVersions(slug: string, wanted: boolean): FlowVersions | null | undefined {
  const [loaded, setLoaded] = useState<{ slug: string; versions: FlowVersions | null } | undefined>();
  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    void loadFlowVersions(slug).then((versions) => {
      if (!cancelled) setLoaded({ slug, versions });
    });
    return () => {
      cancelled = true;
    };
  }, [slug, wanted]);
  return wanted && loaded?.slug === slug ? loaded.versions : undefined;
}

/** The chart of what changed since a version: still loading, unknown to the registry, or the chart. */
export type ChartSince =
  | { status: 'loading' }
  | { status: 'unknown' }
  /** The version's flow and today's differ only where the chart draws nothing. */
  | { status: 'same' }
  | { status: 'ready'; changes: FlowChanges };

const charts = new WeakMap<FlowEntry, Map<string, FlowChanges | undefined>>();

export function chartSince(
  entry: FlowEntry,
  versions: FlowVersions | null | undefined,
  version: string,
): ChartSince {
  if (versions === undefined) return { status: 'loading' };
  const older = versions?.versions[version];
  if (!older) return { status: 'unknown' };
  let cache = charts.get(entry);
  if (!cache) charts.set(entry, (cache = new Map()));
  if (!cache.has(version)) cache.set(version, changesSince(entry, older));
  const changes = cache.get(version);
  return changes ? { status: 'ready', changes } : { status: 'same' };
}
