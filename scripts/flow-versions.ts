/**
 * `npm run flows:versions`: adds each flow's version of today (its behaviour's fingerprint, as the
 * explorer's links name it) to the registry of versions, workbench/flow-versions/<slug>.json, when
 * it is missing. Commit the files it writes: the explorer reads them to tell what changed since an
 * old link's version, and a unit test (tests/unit/workbench/flow-versions.test.ts) fails while a
 * flow's version of today is not there.
 */
import path from 'node:path';
import { flowVersions } from '@tienda/flow-workbench/behaviour';
import { recordVersions, versionsFile } from '@tienda/flow-workbench/generators';
import { FLOW_VERSIONS, flows } from '../workbench/catalogue';

const VERSIONS_DIR = path.resolve(import.meta.dirname, '..', FLOW_VERSIONS);

const added = recordVersions(VERSIONS_DIR, flows, flowVersions(path.resolve(import.meta.dirname, '..')));
for (const { slug, version } of added)
  console.info(
    `Versión ${version} de ${slug} agregada a ${path.relative('.', versionsFile(VERSIONS_DIR, slug))}`,
  );
console.info(
  added.length === 0
    ? `Registro de versiones: las ${flows.length} versiones de hoy ya estaban.`
    : `Registro de versiones: ${added.length} ${added.length === 1 ? 'versión nueva' : 'versiones nuevas'}; confírmalas con el código.`,
);
