/**
 * The flow docs of a catalogue: an index, and per flow the files of FLOW_FILES (a Markdown page
 * with its Mermaid diagram, and a Stately import file), plus the explorer's diagram as an SVG.
 * The output is deterministic, so a site's test can regenerate it in memory and fail when its
 * folder is stale. The pieces: walk.ts (states and transitions), mermaid.ts (the diagram),
 * stately.ts (the import file), pages.ts (the Markdown pages), svg.ts (the SVG; elkjs lays out
 * asynchronously, hence not a FLOW_FILES entry).
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FlowEntry } from '../catalogue';
import { checkNotes, renderFlowPage, renderIndex } from './pages';
import { renderStatelyFile } from './stately';
import { generateFlowSvgs } from './svg';

/** One generated file per flow: its name inside the docs folder and its content. */
export interface FlowFileWriter {
  fileName: (entry: FlowEntry) => string;
  render: (entry: FlowEntry) => string;
}

/** What is written for every flow; a new kind of file is one more entry. */
export const FLOW_FILES: readonly FlowFileWriter[] = [
  { fileName: (entry) => `${entry.slug}.md`, render: renderFlowPage },
  { fileName: (entry) => `${entry.slug}.stately.js`, render: renderStatelyFile },
];

export interface DocsOptions {
  /** The index page's paragraph: where the site keeps its flows and how the docs are regenerated. */
  intro: string;
  /** The file that declares a flow's entry (its notes), named when a note is missing. */
  entryFile?: (entry: FlowEntry) => string;
}

/** Every generated file but the SVGs, by name inside the docs folder. */
export function generateFlowDocs(entries: readonly FlowEntry[], options: DocsOptions): Map<string, string> {
  const files = new Map<string, string>();
  files.set('README.md', renderIndex(entries, options.intro));
  for (const entry of entries) {
    checkNotes(entry, options.entryFile?.(entry));
    for (const writer of FLOW_FILES) files.set(writer.fileName(entry), writer.render(entry));
  }
  return files;
}

/**
 * Writes every file, SVGs included, into `dir` and removes what it no longer generates.
 * Returns how many files were written.
 */
export async function writeFlowDocs(
  entries: readonly FlowEntry[],
  dir: string,
  options: DocsOptions,
): Promise<number> {
  mkdirSync(dir, { recursive: true });
  const files = generateFlowDocs(entries, options);
  for (const [name, content] of await generateFlowSvgs(entries)) files.set(name, content);
  for (const name of readdirSync(dir)) {
    if (!files.has(name)) rmSync(path.join(dir, name));
  }
  for (const [name, content] of files) writeFileSync(path.join(dir, name), content);
  return files.size;
}
