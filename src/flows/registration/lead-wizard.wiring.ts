import { fromPromise, type Actor } from 'xstate';
import { config } from '../../config';
import { SaveError } from '../../domain/save-failure';
import { leadWizardMachine } from './lead-wizard.machine';
import { trialSignupUrl } from './links';
import { loadContactValidation } from './load-contact-validation';
import { loadLeads } from './load-leads';

export const TRIAL_URL = trialSignupUrl(config);

/** The wizard machine with the browser's effects: the lead API, the bot check, navigation. */
export function leadWizardLogic() {
  return leadWizardMachine.provide({
    actors: {
      validateContact: fromPromise(async ({ input }) =>
        (await loadContactValidation()).contactErrors(input.contact),
      ),
      judgeContact: fromPromise(async ({ input }) =>
        (await loadContactValidation()).judgedContactErrors(input),
      ),
      // Loaded only for fb campaigns: the bot check is not part of the first paint.
      getBotToken: fromPromise(async () => (await import('../../services/bot-check')).getBotToken()),
      createLead: fromPromise(async ({ input, signal }) => {
        // Told apart from a failed request: retrying cannot help when a deploy removed the file.
        const leads = await loadLeads().catch((cause: unknown) => {
          throw new SaveError('download', 'No se pudo descargar el código del registro', { cause });
        });
        return leads.createWizardLead(input.payload, input.idempotencyKey, { signal });
      }),
      updateLead: fromPromise(async ({ input, signal }) =>
        (await loadLeads()).updateLead(input.payload, { signal }),
      ),
    },
    actions: {
      // Spec section 8: the failure is logged; the view shows it from the state.
      logLeadError: (_, params: { message: string }) => console.info(params.message),
      openTrialSignup: () => window.location.assign(TRIAL_URL),
    },
  });
}

export type WizardActor = Actor<ReturnType<typeof leadWizardLogic>>;
