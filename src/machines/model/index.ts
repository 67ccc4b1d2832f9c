/**
 * Model-based testing definitions shared by the model tests (tests/model/) and the flow explorer:
 * the derived model, the per-machine runs and sample events, and the path generator.
 */
import type { AnyStateMachine } from 'xstate';
import { leadWizardModel } from './lead-wizard.samples';
import {
  blogGridModel,
  countryPricesModel,
  mobileSlidesModel,
  newsletterModel,
  notificationModel,
  paymentModel,
  referralBannerModel,
  welcomeModel,
} from './simple-machines.samples';
import type { MachineModel } from './types';

export {
  Coverage,
  allNodes,
  machineGraph,
  transitionKey,
  type AnySnapshot,
  type TransitionLike,
} from './graph';
export { toModelMachine, type ModelMachine } from './derived-model';
export { DEFAULT_MAX_SIMPLE_PATHS, shortestPaths, simplePaths, type ModelPath } from './paths';
export type { EventSamples, MachineModel, ModelRun } from './types';

export const machineModels: readonly MachineModel[] = [
  leadWizardModel,
  welcomeModel,
  referralBannerModel,
  paymentModel,
  mobileSlidesModel,
  countryPricesModel,
  newsletterModel,
  blogGridModel,
  notificationModel,
];

/** The model of a machine (matched by its id), or undefined when it has none yet. */
export function modelFor(machine: AnyStateMachine): MachineModel | undefined {
  return machineModels.find((m) => m.machine.id === machine.id);
}
