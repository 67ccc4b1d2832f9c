/**
 * The model runs and sample events of every machine, for the model tests, the browser model paths
 * and the flow explorer (its buttons). Each machine's model is a `MachineModel` exported by the
 * `<machine>.samples.ts` of its flow folder (src/flows/<flow>/): nothing lists them, they are found
 * there (src/flows/flow-parts.ts says how, under Vite and under Node), in the catalogue's order.
 */
import type { MachineModel } from '@tienda/flow-workbench/kit';
import { flows } from '../src/flows/catalogue';
import { exportsOf, findFlowParts, inFlowOrder, isMachine } from '../src/flows/flow-parts';

function isMachineModel(value: unknown): value is MachineModel {
  if (typeof value !== 'object' || value === null) return false;
  const model = value as Partial<MachineModel>;
  return isMachine(model.machine) && Array.isArray(model.runs) && typeof model.samples === 'function';
}

const found = await findFlowParts('samples', () =>
  import.meta.glob('../src/flows/*/*.samples.ts', { eager: true }),
);

export const machineModels: readonly MachineModel[] = inFlowOrder(
  exportsOf(found, isMachineModel),
  (model) => model.machine.id,
  flows.map((flow) => flow.machine.id),
);
