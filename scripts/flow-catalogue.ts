/**
 * The build's flow catalogue for the real-visitor counts (server/flow-counts.ts): per machine, its
 * version (its behaviour's fingerprint, as the pages, QA's results and the explorer's links name it) and the
 * identities of its states and transitions, as the flow explorer and the flow diff name them. The
 * server checks every beacon against it. Written into dist/client beside routes-manifest.json by
 * `npm run build`; never served as a file.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { flowVersions } from '@tienda/flow-workbench/behaviour';
import { machineGraph } from '@tienda/flow-workbench/kit';
import { FLOW_CATALOGUE_FILE } from '../server/flow-counts';
import { flows } from '../src/flows/catalogue';

/** The catalogue's JSON: `{ flows: { <machine id>: { version, states, transitions } } }`. */
export function flowCatalogue(
  entries: readonly { machine: Parameters<typeof machineGraph>[0] }[] = flows,
  versions: Readonly<Record<string, string>> = flowVersions(process.cwd()),
) {
  return {
    flows: Object.fromEntries(
      entries.map(({ machine }) => {
        const { states, transitions } = machineGraph(machine);
        const version = versions[machine.id];
        if (version === undefined)
          throw new Error(`${machine.id} has no version: is its machine file in src/flows/<flow>/?`);
        return [machine.id, { version, states, transitions }];
      }),
    ),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = path.resolve('dist/client', FLOW_CATALOGUE_FILE);
  await writeFile(file, `${JSON.stringify(flowCatalogue())}\n`);
  console.info(`Catálogo de flujos para los conteos: ${flows.length} flujos en ${path.relative('.', file)}`);
}
