/**
 * Child process of the flow diff: loads the flow catalogue of the tree given as its first argument
 * (a checkout of another commit, or the working tree), at the first of the paths that follow that
 * exists, and prints its snapshot as one line of JSON,
 * last on stdout. On failure, one line on stderr and an exit code the parent turns into Spanish.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { behaviourVersion } from '../kit/behaviour';
import { EXIT_LOAD_FAILED, EXIT_NO_CATALOGUE, snapshotFlows, type CatalogueEntry } from './snapshot';

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n').find((line) => line.trim() !== '') ?? text;
}

/** Exits once stderr has the line (a module of the catalogue may keep the process alive). */
function fail(code: number, message: string): void {
  process.stderr.write(`${message}\n`, () => process.exit(code));
}

function isEntry(value: unknown): value is CatalogueEntry {
  if (value === null || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  const machine = entry.machine as { root?: unknown } | undefined;
  return typeof entry.slug === 'string' && typeof entry.title === 'string' && !!machine?.root;
}

async function main(root: string, paths: readonly string[]): Promise<void> {
  const catalogue = paths.find((file) => existsSync(path.join(root, file)));
  if (!catalogue) return fail(EXIT_NO_CATALOGUE, paths.join(', '));
  let flows: unknown;
  try {
    const mod = (await import(pathToFileURL(path.join(root, catalogue)).href)) as { flows?: unknown };
    flows = mod.flows;
  } catch (error) {
    return fail(EXIT_LOAD_FAILED, `${catalogue}: ${firstLine(error)}`);
  }
  if (!Array.isArray(flows) || !flows.every(isEntry))
    return fail(
      EXIT_LOAD_FAILED,
      `${catalogue} no exporta una lista flows de flujos con slug, title y machine`,
    );
  let json: string;
  try {
    const snapshot = snapshotFlows(flows, catalogue);
    // Each flow's version as that tree's code makes it, where the tree names its machine's file.
    snapshot.flows.forEach((flow, i) => {
      const source = (flows as CatalogueEntry[])[i]?.source;
      if (typeof source === 'string' && existsSync(path.join(root, source)))
        flow.version = behaviourVersion(path.join(root, source));
    });
    json = JSON.stringify(snapshot);
  } catch (error) {
    return fail(EXIT_LOAD_FAILED, `${catalogue}: ${firstLine(error)}`);
  }
  process.stdout.write(`\n${json}\n`, () => process.exit(0));
}

const [root, ...paths] = process.argv.slice(2);
if (!root || paths.length === 0) fail(2, 'falta la carpeta del árbol o la ruta del catálogo');
else await main(path.resolve(root), paths);
