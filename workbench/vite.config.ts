import path from 'node:path';
import { explorerConfig } from '@tienda/flow-workbench/vite';
import { DIFF_CATALOGUES, FLOW_VERSIONS } from './catalogue';

/** The flow explorer (/flujos/), built from the site's catalogue into dist/flujos. */
export default explorerConfig({
  catalogue: path.resolve(import.meta.dirname, 'catalogue.ts'),
  diffCatalogues: DIFF_CATALOGUES,
  outDir: path.resolve(import.meta.dirname, '../dist/flujos'),
  mutationSummary: path.resolve(import.meta.dirname, '../tests/mutation/summary.json'),
  flowVersions: path.resolve(import.meta.dirname, '..', FLOW_VERSIONS),
  root: path.resolve(import.meta.dirname, '..'),
  watch: [path.resolve(import.meta.dirname, '../src/flows'), import.meta.dirname],
});
