/**
 * The model runs and sample events of every machine that has them, for the model tests, the
 * browser model paths and the flow explorer (its buttons).
 */
import type { MachineModel } from '@tienda/flow-workbench/kit';
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
