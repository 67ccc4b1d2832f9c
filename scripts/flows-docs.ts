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
export const STALE_MESSAGE =
  'docs/flows is stale: run npm run flows:update (the docs, the registry of versions and the mutation of what changed), or npm run docs:flows alone';

/** A flow's entry, with its notes: the `*.flow.ts` beside its machine (src/flows/<flow>/). */
export function flowEntryFile(entry: { source: string }): string {
  const dir = path.dirname(entry.source);
  const file = readdirSync(dir).find((name) => name.endsWith('.flow.ts'));
  return file === undefined ? `the *.flow.ts file of ${dir}` : `${dir}/${file}`;
}

export const DOCS_OPTIONS: DocsOptions = {
  entryFile: flowEntryFile,
  intro:
    'Cada flujo del sitio es una máquina de XState v5 en su carpeta `src/flows/<flujo>/` (la lista está en `src/flows/catalogue.ts`). Estas páginas se generan a partir de las máquinas: el diagrama del explorador de flujos, las tablas de estados, transiciones, eventos, condiciones, acciones, servicios y esperas (cada fila dice primero qué significa y después su nombre en el código), un diagrama Mermaid con los nombres del código y un archivo para importar en Stately. Después de cambiar una máquina, ejecuta `npm run docs:flows`; una prueba unitaria falla mientras estos archivos no estén al día. Cómo recorre QA los caminos del modelo está en [docs/testing.md](../testing.md).',
};

/** Every generated file but the SVGs, by name inside docs/flows. */
export function siteFlowDocs(): Map<string, string> {
  return generateFlowDocs(flows, DOCS_OPTIONS);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const count = await writeFlowDocs(flows, path.resolve(FLOWS_DIR), DOCS_OPTIONS);
  console.info(`docs:flows: wrote ${count} files in ${FLOWS_DIR}`);
}
