/**
 * Invoked actors whose answer the explorer computes with the site's own code from the call's
 * input, instead of offering fixed samples that may not match what was typed: the wizard's step 1
 * check and its check of a field the visitor leaves run the prospect schema the API uses, so a wrong e-mail typed in the
 * simulation is refused with the very message the page shows. Loaded on demand, as on the site.
 */
import type {
  JudgeContactInput,
  ValidateContactInput,
} from '../../../src/flows/registration/lead-wizard.machine';

export interface RealAnswer {
  /** What the answer is, for the button. */
  label: string;
  answer: (input: unknown) => Promise<unknown>;
}

/** machine id -> actor src -> how to compute its answer. */
const REAL_ANSWERS: Record<string, Record<string, RealAnswer>> = {
  leadWizard: {
    validateContact: {
      label: 'Responde con las reglas del prospecto (las del servidor)',
      answer: async (input) => {
        const { contactErrors } = await import('../../../src/flows/registration/contact-validation');
        return contactErrors((input as ValidateContactInput).contact);
      },
    },
    judgeContact: {
      label: 'Revisa el campo con las reglas del prospecto (las del servidor)',
      answer: async (input) => {
        const { judgedContactErrors } = await import('../../../src/flows/registration/contact-validation');
        return judgedContactErrors(input as JudgeContactInput);
      },
    },
  },
};

export function realAnswerFor(machineId: string, src: string): RealAnswer | undefined {
  return REAL_ANSWERS[machineId]?.[src];
}
