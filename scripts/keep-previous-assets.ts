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
 * Usage: tsx scripts/keep-previous-assets.ts before|after [--dist DIR]
 */
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

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
  };
}

/** Before `vite build`: moves the current build's files to the archive. */
export async function beforeBuild(dist: string, now = Date.now()): Promise<number> {
  const { assets, archived, index } = paths(dist);
  const replaced = await filesIn(assets);
  await mkdir(archived, { recursive: true });
  for (const file of replaced) await rename(path.join(assets, file), path.join(archived, file));
  await writeFile(index, JSON.stringify(retire(await readRetired(index), replaced, now)));
  return replaced.length;
}

/** After the build: prunes the archive and copies what is kept back beside the new files. */
export async function afterBuild(dist: string, now = Date.now()): Promise<{ kept: number; dropped: number }> {
  const { assets, archived, index } = paths(dist);
  const { keep, drop } = planRetention(await readRetired(index), await filesIn(assets), now);
  for (const file of drop) await rm(path.join(archived, file), { force: true });
  await mkdir(assets, { recursive: true });
  const present = new Set(await filesIn(archived));
  for (const file of Object.keys(keep)) {
    if (present.has(file)) await copyFile(path.join(archived, file), path.join(assets, file));
    else delete keep[file];
  }
  await writeFile(index, JSON.stringify(keep));
  return { kept: Object.keys(keep).length, dropped: drop.length };
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
    const { kept, dropped } = await afterBuild(dist);
    console.info(
      `Archivos de compilaciones anteriores que se siguen sirviendo (${ASSET_RETENTION_DAYS} días): ${kept}; fuera del archivo (vencidos o de nuevo en esta compilación): ${dropped}`,
    );
  } else {
    console.error('Uso: tsx scripts/keep-previous-assets.ts before|after [--dist DIR]');
    process.exit(2);
  }
}
