/**
 * `npm run docs:flows`: docs/flows/ from the flow catalogue (src/flows/catalogue.ts), written by
 * the workbench's generator. tests/unit/scripts/flows-docs.test.ts regenerates it in memory and
 * fails when it is stale.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateFlowDocs, writeFlowDocs, type DocsOptions } from '@tienda/flow-workbench/generators';
import { flows } from '../src/flows/catalogue';

export const FLOWS_DIR = 'docs/flows';
export const STALE_MESSAGE = 'docs/flows is stale: run npm run docs:flows';

/** A flow's entry, with its notes: the `*.flow.ts` beside its machine (src/flows/<flow>/). */
export function flowEntryFile(entry: { source: string }): string {
  const dir = path.dirname(entry.source);
  const file = readdirSync(dir).find((name) => name.endsWith('.flow.ts'));
  return file === undefined ? `the *.flow.ts file of ${dir}` : `${dir}/${file}`;
}

export const DOCS_OPTIONS: DocsOptions = {
  entryFile: flowEntryFile,
  intro:
    'Every flow of the site is an XState v5 machine in its folder `src/flows/<flow>/` (listed in `src/flows/catalogue.ts`). These pages are generated from the machine definitions: a Mermaid diagram, the tables of events, guards, actions, actors and delays, and a file to import into Stately. After changing a machine run `npm run docs:flows`; a unit test fails while these files are stale. How QA runs the model-based paths is in [docs/testing.md](../testing.md).',
};

/** Every generated file but the SVGs, by name inside docs/flows. */
export function siteFlowDocs(): Map<string, string> {
  return generateFlowDocs(flows, DOCS_OPTIONS);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const count = await writeFlowDocs(flows, path.resolve(FLOWS_DIR), DOCS_OPTIONS);
  console.info(`docs:flows: wrote ${count} files in ${FLOWS_DIR}`);
}
