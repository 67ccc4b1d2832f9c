/**
 * The model runs and sample events of every machine that has them, for the model tests, the
 * browser model paths and the flow explorer (its buttons).
 */
import type { AnyStateMachine } from 'xstate';
import type { MachineModel } from '../types';
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
