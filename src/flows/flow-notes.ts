/**
 * One flow of the catalogue (src/flows/catalogue.ts), declared next to its machine in
 * src/flows/<flow>/<flow>.flow.ts: title, description and one line per named event, guard,
 * action, actor and delay, in plain Spanish for the product owners (read in the flow explorer,
 * /flujos/, and in docs/flows/; numbers taken from the constants). The shape is the flow
 * workbench's, which reads the catalogue: a type only, so nothing of the workbench reaches the
 * site's code, and the docs generator fails when a name of the machine has no line.
 */
export type { FlowEntry } from '@tienda/flow-workbench';
