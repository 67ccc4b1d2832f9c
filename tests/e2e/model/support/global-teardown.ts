/**
 * The end of every Playwright run: when the run walked model paths in the browser, their results
 * for the flow explorer are written (finishRun), even when a path failed and the coverage check did
 * not run. A run of other projects only writes nothing.
 */
import { browserModels } from '../machines';
import { finishRun } from './artifacts';

export default function globalTeardown(): void {
  for (const line of finishRun(browserModels)) console.info(line);
}
