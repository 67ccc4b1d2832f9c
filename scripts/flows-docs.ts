/**
 * Generates docs/flows/ from the flow catalogue (src/flows/catalogue.ts) with
 * `npm run docs:flows`: an index, and per flow the files of FLOW_FILES. The output is
 * deterministic; tests/unit/scripts/flows-docs.test.ts regenerates it in memory and fails when it
 * is stale. The pieces: flows-docs/walk.ts (states and transitions), mermaid.ts (the diagram),
 * stately.ts (the import file), pages.ts (the Markdown pages). flows-svg.ts adds the flow
 * explorer's diagram of each flow as an SVG; elkjs lays out asynchronously, hence not a FLOW_FILES
 * entry.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { flows, type FlowEntry } from '../src/flows/catalogue';
import { renderFlowPage, renderIndex } from './flows-docs/pages';
import { renderStatelyFile } from './flows-docs/stately';
import { generateFlowSvgs } from './flows-svg';

export { renderMermaid } from './flows-docs/mermaid';
export { checkNotes, renderFlowPage, renderIndex } from './flows-docs/pages';
export { renderStatelyFile } from './flows-docs/stately';

export const FLOWS_DIR = 'docs/flows';
export const STALE_MESSAGE = 'docs/flows is stale: run npm run docs:flows';

/** One generated file per flow: its name inside docs/flows and its content. */
export interface FlowFileWriter {
  fileName: (entry: FlowEntry) => string;
  render: (entry: FlowEntry) => string;
}

/** What is written for every flow; a new kind of file (an SVG diagram, say) is one more entry. */
export const FLOW_FILES: readonly FlowFileWriter[] = [
  { fileName: (entry) => `${entry.slug}.md`, render: renderFlowPage },
  { fileName: (entry) => `${entry.slug}.stately.js`, render: renderStatelyFile },
];

/** Every generated file, by name inside docs/flows. */
export function generateFlowDocs(entries: readonly FlowEntry[] = flows): Map<string, string> {
  const files = new Map<string, string>();
  files.set('README.md', renderIndex(entries));
  for (const entry of entries) {
    for (const writer of FLOW_FILES) files.set(writer.fileName(entry), writer.render(entry));
  }
  return files;
}

async function main(): Promise<void> {
  const dir = path.resolve(FLOWS_DIR);
  mkdirSync(dir, { recursive: true });
  const files = generateFlowDocs();
  for (const [name, content] of await generateFlowSvgs(flows)) files.set(name, content);
  for (const name of readdirSync(dir)) {
    if (!files.has(name)) rmSync(path.join(dir, name));
  }
  for (const [name, content] of files) writeFileSync(path.join(dir, name), content);
  console.info(`docs:flows: wrote ${files.size} files in ${FLOWS_DIR}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
