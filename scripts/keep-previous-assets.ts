/**
 * Keeps the previous builds' hashed files (dist/client/assets) served for ASSET_RETENTION_DAYS
 * after the build that replaced them (docs/deployment.md, "Deploys and open pages").
 *
 * A page open in a tab (or restored from the back-forward cache) runs the build it was loaded with
 * and downloads its lazily loaded parts later, by their hashed names. `vite build` empties
 * dist/client, so without this a deploy removed every file such a page still needs.
 *
 *   before  (run before `vite build`): the files of the build being replaced move to
 *           dist/asset-archive/files, noted in dist/asset-archive/retired.json as retired now;
 *   after   (run after the new build is complete and compressed): a file the new build has again
 *           is live, not archived; files retired more than the retention ago are deleted; the
 *           others are copied back into dist/client/assets, beside the new build's files.
 *
 * The flows' catalogue goes the same way, per flow version: such a page also sends beacons of
 * real visitors' counts with its own flows' versions (server/flow-counts.ts). `before` archives
 * the replaced build's versions in dist/asset-archive/flow-catalogues.json; `after` keeps those
 * the new build does not have, retired within the retention (at most PREVIOUS_FLOW_VERSIONS per
 * flow), and writes them beside the new catalogue, where the server reads them.
 *
 * Usage: tsx scripts/keep-previous-assets.ts before|after [--dist DIR]
 */
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FLOW_CATALOGUE_FILE, PREVIOUS_FLOW_CATALOGUES_FILE } from '../server/flow-counts';

export const ASSET_RETENTION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** File name in assets/ -> when the build it belonged to was replaced (ms since the epoch). */
export type RetiredFiles = Record<string, number>;

/** Marks the replaced build's files as retired now; a file retired earlier keeps its date. */
export function retire(retired: RetiredFiles, replaced: readonly string[], now: number): RetiredFiles {
  const next = { ...retired };
  for (const file of replaced) next[file] ??= now;
  return next;
}

/**
 * What to keep serving after a build: the retired files the new build does not have, retired
 * within the retention; `drop` lists the archived files to delete.
 */
export function planRetention(
  retired: RetiredFiles,
  current: readonly string[],
  now: number,
  retentionMs = ASSET_RETENTION_DAYS * DAY_MS,
): { keep: RetiredFiles; drop: string[] } {
  const live = new Set(current);
  const keep: RetiredFiles = {};
  const drop: string[] = [];
  for (const [file, at] of Object.entries(retired)) {
    if (!live.has(file) && now - at <= retentionMs) keep[file] = at;
    else drop.push(file);
  }
  return { keep, drop };
}

/** Flow versions kept per flow past the retention's clock: a day of many deploys stays bounded. */
export const PREVIOUS_FLOW_VERSIONS = 10;

/** One retired version of a flow: its graph's identities and when its build was replaced. */
export interface RetiredFlowVersion {
  version: string;
  states: string[];
  transitions: string[];
  retiredAt: number;
}

/** Machine id -> its retired versions, the most recently retired first. */
export type RetiredFlows = Record<string, RetiredFlowVersion[]>;

/** A build's catalogue as scripts/flow-catalogue.ts writes it. */
type BuildCatalogue = Record<string, { version: string; states: string[]; transitions: string[] }>;

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** Marks the replaced build's flow versions as retired now; a version retired earlier keeps its date. */
export function retireFlows(retired: RetiredFlows, replaced: BuildCatalogue, now: number): RetiredFlows {
  const next: RetiredFlows = { ...retired };
  for (const [id, { version, states, transitions }] of Object.entries(replaced)) {
    const versions = next[id] ?? [];
    if (versions.some((v) => v.version === version)) continue;
    next[id] = [{ version, states, transitions, retiredAt: now }, ...versions];
  }
  return next;
}

/**
 * The retired flow versions still to accept after a build: not the new build's own, retired
 * within the retention, and the PREVIOUS_FLOW_VERSIONS most recently retired of each flow.
 */
export function planFlowRetention(
  retired: RetiredFlows,
  current: BuildCatalogue,
  now: number,
  retentionMs = ASSET_RETENTION_DAYS * DAY_MS,
): RetiredFlows {
  const keep: RetiredFlows = {};
  for (const [id, versions] of Object.entries(retired)) {
    const kept = versions
      .filter((v) => v.version !== current[id]?.version && now - v.retiredAt <= retentionMs)
      .sort((a, b) => b.retiredAt - a.retiredAt)
      .slice(0, PREVIOUS_FLOW_VERSIONS);
    if (kept.length > 0) keep[id] = kept;
  }
  return keep;
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function flowsOf(parsed: unknown): Record<string, unknown> {
  const flows = (parsed as { flows?: unknown } | null | undefined)?.flows;
  return typeof flows === 'object' && flows !== null && !Array.isArray(flows)
    ? (flows as Record<string, unknown>)
    : {};
}

async function readBuildCatalogue(file: string): Promise<BuildCatalogue> {
  const catalogue: BuildCatalogue = {};
  for (const [id, value] of Object.entries(flowsOf(await readJson(file)))) {
    const { version, states, transitions } = (value ?? {}) as Record<string, unknown>;
    if (typeof version === 'string' && isStrings(states) && isStrings(transitions))
      catalogue[id] = { version, states, transitions };
  }
  return catalogue;
}

async function readRetiredFlows(file: string): Promise<RetiredFlows> {
  const retired: RetiredFlows = {};
  for (const [id, versions] of Object.entries(flowsOf(await readJson(file)))) {
    if (!Array.isArray(versions)) continue;
    const valid = versions.filter(
      (v: unknown): v is RetiredFlowVersion =>
        typeof v === 'object' &&
        v !== null &&
        typeof (v as RetiredFlowVersion).version === 'string' &&
        typeof (v as RetiredFlowVersion).retiredAt === 'number' &&
        isStrings((v as RetiredFlowVersion).states) &&
        isStrings((v as RetiredFlowVersion).transitions),
    );
    if (valid.length > 0) retired[id] = valid;
  }
  return retired;
}

async function filesIn(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
}

async function readRetired(file: string): Promise<RetiredFiles> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, number] =>
          typeof entry[1] === 'number' && !entry[0].includes('/') && !entry[0].startsWith('.'),
      ),
    );
  } catch {
    return {};
  }
}

function paths(dist: string) {
  const archive = path.join(dist, 'asset-archive');
  return {
    assets: path.join(dist, 'client', 'assets'),
    archived: path.join(archive, 'files'),
    index: path.join(archive, 'retired.json'),
    catalogue: path.join(dist, 'client', FLOW_CATALOGUE_FILE),
    previousCatalogues: path.join(dist, 'client', PREVIOUS_FLOW_CATALOGUES_FILE),
    archivedFlows: path.join(archive, 'flow-catalogues.json'),
  };
}

/** Before `vite build`: moves the current build's files to the archive. */
export async function beforeBuild(dist: string, now = Date.now()): Promise<number> {
  const { assets, archived, index, catalogue, archivedFlows } = paths(dist);
  const replaced = await filesIn(assets);
  await mkdir(archived, { recursive: true });
  for (const file of replaced) await rename(path.join(assets, file), path.join(archived, file));
  await writeFile(index, JSON.stringify(retire(await readRetired(index), replaced, now)));
  const flows = retireFlows(await readRetiredFlows(archivedFlows), await readBuildCatalogue(catalogue), now);
  await writeFile(archivedFlows, JSON.stringify({ flows }));
  return replaced.length;
}

/** After the build: prunes the archive and copies what is kept back beside the new files. */
export async function afterBuild(
  dist: string,
  now = Date.now(),
): Promise<{ kept: number; dropped: number; flowVersions: number }> {
  const { assets, archived, index, catalogue, previousCatalogues, archivedFlows } = paths(dist);
  const flows = planFlowRetention(
    await readRetiredFlows(archivedFlows),
    await readBuildCatalogue(catalogue),
    now,
  );
  await mkdir(path.dirname(archivedFlows), { recursive: true });
  await writeFile(archivedFlows, JSON.stringify({ flows }));
  await mkdir(path.dirname(previousCatalogues), { recursive: true });
  await writeFile(previousCatalogues, `${JSON.stringify({ flows })}\n`);
  const flowVersions = Object.values(flows).reduce((sum, versions) => sum + versions.length, 0);
  const { keep, drop } = planRetention(await readRetired(index), await filesIn(assets), now);
  for (const file of drop) await rm(path.join(archived, file), { force: true });
  await mkdir(assets, { recursive: true });
  const present = new Set(await filesIn(archived));
  for (const file of Object.keys(keep)) {
    if (present.has(file)) await copyFile(path.join(archived, file), path.join(assets, file));
    else delete keep[file];
  }
  await writeFile(index, JSON.stringify(keep));
  return { kept: Object.keys(keep).length, dropped: drop.length, flowVersions };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { dist: { type: 'string', default: 'dist' } },
  });
  const dist = path.resolve(values.dist);
  if (positionals[0] === 'before') {
    const moved = await beforeBuild(dist);
    console.info(`Archivos de la compilación anterior guardados: ${moved}`);
  } else if (positionals[0] === 'after') {
    const { kept, dropped, flowVersions } = await afterBuild(dist);
    console.info(
      `Archivos de compilaciones anteriores que se siguen sirviendo (${ASSET_RETENTION_DAYS} días): ${kept}; fuera del archivo (vencidos o de nuevo en esta compilación): ${dropped}`,
    );
    console.info(`Versiones anteriores de los flujos cuyos conteos se siguen aceptando: ${flowVersions}`);
  } else {
    console.error('Uso: tsx scripts/keep-previous-assets.ts before|after [--dist DIR]');
    process.exit(2);
  }
}
