/** The flow catalogue, imported by the explorer and its build tools through this one module. */
export { flows, type FlowEntry } from '../../src/flows/catalogue';
