/**
 * A flow's past versions, as the registry of versions keeps them (one file per flow,
 * `<slug>.json`, written by ./version-registry.ts): each version (the flow's behaviour's fingerprint, ../kit/behaviour.ts; the graph's signature for versions kept before)
 * with the flow's snapshot then (./snapshot.ts), in the order they were recorded. An explorer link
 * names the version it was made from; with its snapshot the explorer draws what changed since.
 * Pure: the page reads the same files.
 */
import type { FlowSnapshot } from './snapshot';

export const VERSIONS_FORMAT = 1;

export interface FlowVersions {
  format: typeof VERSIONS_FORMAT;
  slug: string;
  /** Version -> the flow's snapshot at that version, the oldest first. */
  versions: Record<string, FlowSnapshot>;
}

const VERSION = /^[0-9a-f]{8}$/;

function isSnapshot(value: unknown): value is FlowSnapshot {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Partial<FlowSnapshot>;
  return (
    typeof s.slug === 'string' &&
    typeof s.machineId === 'string' &&
    Array.isArray(s.states) &&
    Array.isArray(s.transitions) &&
    typeof s.guards === 'object'
  );
}

/** A registry file's versions: what is not a version with its snapshot is left out. */
export function readVersions(value: unknown, slug: string): FlowVersions {
  const out: FlowVersions = { format: VERSIONS_FORMAT, slug, versions: {} };
  if (typeof value !== 'object' || value === null) return out;
  const versions = (value as Partial<FlowVersions>).versions;
  if (typeof versions !== 'object' || versions === null) return out;
  for (const [version, snapshot] of Object.entries(versions)) {
    if (VERSION.test(version) && isSnapshot(snapshot)) out.versions[version] = snapshot;
  }
  return out;
}

/** The registry with `version` added at the end when it is missing (a version once kept never changes). */
export function withVersion(registry: FlowVersions, version: string, snapshot: FlowSnapshot): FlowVersions {
  if (registry.versions[version]) return registry;
  return { ...registry, versions: { ...registry.versions, [version]: snapshot } };
}

/** A registry file's text: stable, one version after the other, the oldest first. */
export function versionsText(registry: FlowVersions): string {
  return `${JSON.stringify(registry, null, 2)}\n`;
}
