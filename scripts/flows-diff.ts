/**
 * `npm run flows:diff -- <git-ref>`: what changed in the flows between a commit and the working
 * tree, as Spanish Markdown for a review, and reports/flows-diff.json for the flow explorer; the
 * workbench's flow diff, given where the site keeps its catalogue.
 */
import { flowsDiffCommand } from '@tienda/flow-workbench/generators';
import { DIFF_CATALOGUES } from '../workbench/catalogue';

await flowsDiffCommand(process.argv.slice(2), { catalogues: DIFF_CATALOGUES });
