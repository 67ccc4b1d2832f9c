/**
 * The flow diff (a site's `npm run flows:diff -- <git-ref>`): what changed in the flows between a commit and the working
 * tree, read from the machines themselves (not from their text). Prints a Markdown summary in
 * Spanish for a review, or 'sin cambios en los flujos', and writes both snapshots and the diff to
 * a JSON file for the flow explorer (reports/flows-diff.json unless --json says otherwise). The
 * pieces: trees.ts (the two trees and their snapshots), snapshot.ts, diff.ts, markdown.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { diffFlows, type FlowsDiff } from './diff';
import { NO_CHANGES, renderFlowsDiff } from './markdown';
import type { CataloguePaths, FlowsSnapshot } from './snapshot';
import {
  catalogueAt,
  checkOut,
  FlowsDiffError,
  hasLocalChanges,
  headCommit,
  loadSnapshot,
  noCatalogueMessage,
  repoRoot,
  resolveCommit,
} from './trees';

export const DEFAULT_JSON = 'reports/flows-diff.json';
const USAGE =
  'Uso: npm run flows:diff -- <referencia git> [--json <archivo>] [--root <carpeta del repositorio>]';

export interface FlowsDiffReport {
  version: 1;
  date: string;
  /** The ref compared with, as given, and its commit. */
  base: { ref: string; commit: string; catalogue: string };
  /** The working tree: its HEAD commit, and whether it has changes of its own. */
  head: { commit: string | null; localChanges: boolean; catalogue: string };
  /** The Markdown summary as printed. */
  summary: string;
  before: FlowsSnapshot;
  after: FlowsSnapshot;
  diff: FlowsDiff;
}

function parse(argv: string[]) {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { json: { type: 'string' }, root: { type: 'string' } },
    });
    const [ref, ...extra] = positionals;
    if (!ref || extra.length > 0) throw new FlowsDiffError(USAGE);
    return { ref, json: values.json, root: values.root };
  } catch (error) {
    if (error instanceof FlowsDiffError) throw error;
    // node:util's own message is in English: an unknown option, or --json or --root without a value.
    throw new FlowsDiffError(`Opción desconocida o sin valor. ${USAGE}`);
  }
}

/** The ref and its commit, or the commit alone when the ref is one: '`main` (1a2b3c4)', '`1a2b3c4`'. */
function baseName(ref: string, commit: string, quote: (text: string) => string): string {
  const short = commit.slice(0, 7);
  const isCommit = /^[0-9a-f]{4,40}$/i.test(ref) && commit.startsWith(ref.toLowerCase());
  return isCommit ? quote(short) : `${quote(ref)} (${short})`;
}

/** The summary as printed: a line naming the base, then the sections. */
export function summaryText(ref: string, commit: string, markdown: string): string {
  if (markdown === NO_CHANGES) return NO_CHANGES;
  return `Cambios en los flujos respecto de ${baseName(ref, commit, (r) => `\`${r}\``)}:\n\n${markdown}`;
}

export interface CompareOptions {
  /** Where a tree keeps its catalogue module (its `flows`), relative to the repository root. */
  catalogues: CataloguePaths;
}

/**
 * Both snapshots and their diff: the flows of `ref` against the working tree of the repository
 * that holds `dir`. Writes nothing; the explorer's build calls it too (../vite/flow-changes.ts).
 */
export async function compareFlows(
  dir: string,
  ref: string,
  { catalogues }: CompareOptions,
): Promise<FlowsDiffReport> {
  const root = repoRoot(path.resolve(dir));
  const commit = resolveCommit(root, ref);
  const label = baseName(ref, commit, (r) => `«${r}»`);
  if (catalogueAt(root, commit, catalogues) === null)
    throw new FlowsDiffError(noCatalogueMessage(label, catalogues));
  const tmp = mkdtempSync(path.join(tmpdir(), 'flows-diff-'));
  const stop = new AbortController();
  const cleanUp = () => {
    stop.abort();
    rmSync(tmp, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    cleanUp();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const tree = path.join(tmp, 'tree');
    checkOut(root, commit, tree, path.join(tmp, 'index'));
    // Both at once; the first to fail ends the other.
    const endOthers = <T>(p: Promise<T>) =>
      p.catch((error: unknown) => {
        stop.abort();
        throw error;
      });
    const [before, after] = await Promise.all([
      endOthers(loadSnapshot(tree, label, catalogues, stop.signal)),
      endOthers(loadSnapshot(root, 'el árbol de trabajo', catalogues, stop.signal)),
    ]);
    const diff = diffFlows(before, after);
    return {
      version: 1,
      date: new Date().toISOString(),
      base: { ref, commit, catalogue: before.catalogue },
      head: { commit: headCommit(root), localChanges: hasLocalChanges(root), catalogue: after.catalogue },
      summary: summaryText(ref, commit, renderFlowsDiff(diff, before, after)),
      before,
      after,
      diff,
    };
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    cleanUp();
  }
}

/** The command line: compares, writes the JSON report, and returns the summary to print. */
export async function run(argv: string[], options: CompareOptions): Promise<string> {
  const args = parse(argv);
  const root = repoRoot(path.resolve(args.root ?? '.'));
  const report = await compareFlows(root, args.ref, options);
  const jsonFile = args.json === undefined ? path.join(root, DEFAULT_JSON) : path.resolve(args.json);
  mkdirSync(path.dirname(jsonFile), { recursive: true });
  writeFileSync(jsonFile, `${JSON.stringify(report, null, 2)}\n`);
  return report.summary;
}

/** `run` as a command: prints the summary, or the Spanish reason it failed with exit code 1. */
export async function flowsDiffCommand(argv: string[], options: CompareOptions): Promise<void> {
  try {
    console.info(await run(argv, options));
  } catch (error) {
    if (error instanceof FlowsDiffError) console.error(error.message);
    else console.error(`flows:diff falló: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
