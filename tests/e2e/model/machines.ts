/**
 * The machines whose paths run in the browser, each with its table of assertions and actions: the
 * `BrowserModel` exported by the `<machine>.browser.ts` of its flow folder (src/flows/<flow>/).
 * Nothing lists them: they are found there (src/flows/flow-parts.ts says how; Playwright's loader
 * reads the folders), in the catalogue's order of their flows.
 */
import { flows } from '../../../src/flows/catalogue';
import { exportsOf, findFlowParts, inFlowOrder, isMachine } from '../../../src/flows/flow-parts';
import type { BrowserModel } from './support/browser-model';

function isBrowserModel(value: unknown): value is BrowserModel<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const table = value as Partial<BrowserModel<unknown>>;
  return (
    typeof table.name === 'string' &&
    isMachine(table.model?.machine) &&
    typeof table.open === 'function' &&
    typeof table.states === 'object' &&
    typeof table.events === 'object'
  );
}

const found = exportsOf(
  await findFlowParts('browser', () =>
    import.meta.glob('../../../src/flows/*/*.browser.ts', { eager: true }),
  ),
  isBrowserModel,
);

export const browserModels: readonly BrowserModel<unknown>[] = inFlowOrder(
  found,
  (table) => table.model.machine.id,
  flows.map((flow) => flow.machine.id),
);

/** The file of a machine's table, from the repository's root ('src/flows/welcome/welcome.browser.ts'). */
export function tableFile(table: BrowserModel<unknown>): string {
  const file = found.find((part) => part.value === table)?.file;
  return file === undefined ? `the *.browser.ts of ${table.name}'s flow folder` : `src/flows/${file}`;
}
