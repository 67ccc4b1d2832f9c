/**
 * The registry of the flows' versions on disk: a folder with one file per flow (./versions.ts),
 * committed with the code, so every version that ever shipped stays known on a clean checkout.
 * `recordVersions` appends each flow's version of today when it is missing (the site's
 * `npm run flows:versions`); `missingVersions` says which are missing (the check a unit test runs).
 * A flow's version is the site's to compute (its behaviour's fingerprint, ../kit/behaviour.ts):
 * both take them as machine id -> version.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { snapshotFlow, type CatalogueEntry } from './snapshot';
import { readVersions, versionsText, withVersion, type FlowVersions } from './versions';

export function versionsFile(dir: string, slug: string): string {
  return path.join(dir, `${slug}.json`);
}

/** A flow's registry, empty when it has no file yet (a file that does not parse is an error). */
export function loadVersions(dir: string, slug: string): FlowVersions {
  const file = versionsFile(dir, slug);
  if (!existsSync(file)) return readVersions(undefined, slug);
  return readVersions(JSON.parse(readFileSync(file, 'utf8')) as unknown, slug);
}

export interface MissingVersion {
  slug: string;
  version: string;
}

export type Versions = Readonly<Record<string, string>>;

function versionOf(versions: Versions, entry: CatalogueEntry): string {
  const version = versions[entry.machine.id];
  if (version === undefined) throw new Error(`no version for ${entry.machine.id}`);
  return version;
}

/** The flows whose version of today the registry does not have. */
export function missingVersions(
  dir: string,
  entries: readonly CatalogueEntry[],
  versions: Versions,
): MissingVersion[] {
  return entries
    .map((entry) => ({ slug: entry.slug, version: versionOf(versions, entry) }))
    .filter(({ slug, version }) => !loadVersions(dir, slug).versions[version]);
}

/** Adds each flow's version of today when it is missing; returns the versions added. */
export function recordVersions(
  dir: string,
  entries: readonly CatalogueEntry[],
  versions: Versions,
): MissingVersion[] {
  const added: MissingVersion[] = [];
  mkdirSync(dir, { recursive: true });
  for (const entry of entries) {
    const version = versionOf(versions, entry);
    const registry = loadVersions(dir, entry.slug);
    if (registry.versions[version]) continue;
    // As JSON keeps it: what the page reads back is what was written.
    const snapshot = JSON.parse(JSON.stringify({ ...snapshotFlow(entry), version })) as ReturnType<
      typeof snapshotFlow
    >;
    writeFileSync(versionsFile(dir, entry.slug), versionsText(withVersion(registry, version, snapshot)));
    added.push({ slug: entry.slug, version });
  }
  return added;
}
