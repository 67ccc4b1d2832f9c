import { createActor } from 'xstate';
import { inspectFlow } from '../../ui/flow-recording';
import { leadWizardLogic, type WizardActor } from './lead-wizard.wiring';
import { persistWizard } from './persist-wizard';
import type { WizardStart } from './wizard-setup';

/**
 * The browser's wizard started from what it knows, stored as it changes. Loaded after hydration
 * with the rest of what the wizard starts from: XState and the machine are not part of the page's
 * first download, and step 1 keeps what is typed until they arrive.
 */
export function startWizard(start: WizardStart): { actor: WizardActor; stop: () => void } {
  const actor = createActor(
    leadWizardLogic(),
    start.snapshot
      ? { input: start.input, snapshot: start.snapshot, inspect: inspectFlow }
      : { input: start.input, inspect: inspectFlow },
  ).start();
  const stopPersisting = persistWizard(actor, start.snapshot !== undefined);
  return {
    actor,
    stop: () => {
      stopPersisting();
      actor.stop();
    },
  };
}
