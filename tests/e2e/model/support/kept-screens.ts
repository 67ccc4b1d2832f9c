/**
 * The earlier versions' screenshots (docs/testing.md, "Flow explorer artifacts"): when a run
 * replaces a machine's screens/ folder, the screenshots there of another version of the machine
 * (or of the same one, when this run took none) move to versions/<machine id>/<version>/screens/,
 * so the explorer's chart of changes can show the base's screen beside this version's. Only the
 * newest KEPT_VERSIONS versions per machine stay, so the folder does not grow with every change.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Enough for a branch's base and a few of its own steps; a version is at most two PNGs per state. */
export const KEPT_VERSIONS = 5;
/** A flow's version, eight hexadecimal digits; anything else is not a folder of ours. */
const VERSION = /^[0-9a-f]{8}$/;
const RUN_FILE = 'run.json';

/** The run that took a version's screenshots, from that run's results (its machine entry). */
export interface EarlierRun {
  graph: string;
  date: string;
  commit: string | null;
}

/**
 * Moves `screens/<machine id>` aside before this run's screenshots take its place: kept under its
 * version unless this run brings screenshots of that same version; a kept copy of the version this
 * run photographed is dropped (screens/ holds newer ones). Without a readable version the earlier
 * screenshots cannot be told apart, so they are not kept.
 */
export function keepEarlierScreens(
  artifactsDir: string,
  machineId: string,
  earlier: EarlierRun | undefined,
  run: { graph: string; tookScreens: boolean },
): void {
  const versionsDir = path.join(artifactsDir, 'versions', machineId);
  const screens = path.join(artifactsDir, 'screens', machineId);
  const hasScreens = existsSync(screens) && readdirSync(screens).some((f) => f.endsWith('.png'));
  if (run.tookScreens) rmSync(path.join(versionsDir, run.graph), { recursive: true, force: true });
  if (
    hasScreens &&
    earlier &&
    VERSION.test(earlier.graph) &&
    !(earlier.graph === run.graph && run.tookScreens)
  ) {
    const kept = path.join(versionsDir, earlier.graph);
    rmSync(kept, { recursive: true, force: true });
    mkdirSync(kept, { recursive: true });
    renameSync(screens, path.join(kept, 'screens'));
    writeFileSync(path.join(kept, RUN_FILE), `${JSON.stringify(earlier, null, 2)}\n`);
  }
  pruneVersions(versionsDir);
}

/** When a kept version's run was made (its run.json's date); unreadable ones count as the oldest. */
function keptDate(dir: string): number {
  try {
    const raw = JSON.parse(readFileSync(path.join(dir, RUN_FILE), 'utf8')) as { date?: unknown };
    const date = typeof raw.date === 'string' ? Date.parse(raw.date) : NaN;
    return Number.isNaN(date) ? 0 : date;
  } catch {
    return 0;
  }
}

/** Keeps the `keep` versions whose run was made last (what is not a version's folder is left alone). */
export function pruneVersions(versionsDir: string, keep = KEPT_VERSIONS): void {
  if (!existsSync(versionsDir)) return;
  const versions = readdirSync(versionsDir)
    .filter((name) => VERSION.test(name))
    .map((name) => ({ name, date: keptDate(path.join(versionsDir, name)) }))
    .sort((a, b) => b.date - a.date || a.name.localeCompare(b.name));
  for (const { name } of versions.slice(keep))
    rmSync(path.join(versionsDir, name), { recursive: true, force: true });
  if (readdirSync(versionsDir).length === 0) rmSync(versionsDir, { recursive: true, force: true });
}
