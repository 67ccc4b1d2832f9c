/**
 * What the site gives the flow workbench (@tienda/flow-workbench): its flows with their meaning
 * (src/flows/catalogue.ts), every machine's sample events (./samples.ts), and the actors whose
 * answer the explorer computes with the site's own code. The explorer's build loads this module
 * by its path (./vite.config.ts); the workbench never imports the site.
 */
import { defineCatalogue } from '@tienda/flow-workbench';
import type { JudgeContactInput, ValidateContactInput } from '../src/flows/registration/lead-wizard.machine';
import { flows } from '../src/flows/catalogue';
import { machineModels } from './samples';

/** Where the flow diff finds a commit's flows: today's place first, then the older one. */
export const DIFF_CATALOGUES = ['src/flows/catalogue.ts', 'src/machines/flow-catalogue.ts'] as const;

/** The registry of every version of each flow, relative to the repository root (npm run flows:versions writes it). */
export const FLOW_VERSIONS = 'workbench/flow-versions';

export { flows };

export default defineCatalogue({
  flows,
  models: machineModels,
  // The site's own API counts the visitors of every flow (server/flow-counts.ts).
  visits: { url: '/api/flow-counts' },
  realAnswers: {
    leadWizard: {
      // Step 1's submit check runs the prospect schema the API uses (contactErrors), so a wrong e-mail
      // typed in the simulation is refused with the very message the page shows. Loaded on
      // demand, as on the site.
      validateContact: {
        label: 'Responde con las reglas del prospecto (las del servidor)',
        answer: async (input) => {
          const { contactErrors } = await import('../src/flows/registration/contact-validation');
          return contactErrors((input as ValidateContactInput).contact);
        },
      },
      // The check of a field the visitor leaves, with the same rules.
      judgeContact: {
        label: 'Revisa el campo con las reglas del prospecto (las del servidor)',
        answer: async (input) => {
          const { judgedContactErrors } = await import('../src/flows/registration/contact-validation');
          return judgedContactErrors(input as JudgeContactInput);
        },
      },
    },
  },
});
