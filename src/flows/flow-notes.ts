/**
 * One flow of the catalogue (src/flows/catalogue.ts), declared next to its machine in
 * src/flows/<flow>/<flow>.flow.ts: title, description and one line per named event, guard,
 * action, actor and delay, in plain Spanish for the product owners (read in the flow explorer,
 * /flujos/, and in docs/flows/; numbers taken from the constants). The shape is the flow
 * workbench's, which reads the catalogue: a type only, so nothing of the workbench reaches the
 * site's code, and the docs generator fails when a name of the machine has no line.
 */
import type { FlowEntry as WorkbenchFlowEntry } from '@tienda/flow-workbench';

/** A flow of the site: the workbench's entry, and where it stands in the catalogue. */
export interface FlowEntry extends WorkbenchFlowEntry {
  /**
   * Its place in the catalogue, lowest first: the order of the docs index (docs/flows/README.md),
   * of the explorer's list and of the tools that go through every flow. Each flow has its own.
   */
  order: number;
}
