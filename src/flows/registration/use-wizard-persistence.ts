import { useEffect } from 'react';
import { isWorthResuming } from './lead-wizard.restore';
import { clearWizardSnapshot, saveWizardSnapshot } from '../../services/wizard-persistence';
import type { WizardActor } from './lead-wizard.wiring';

/**
 * Stores the wizard in session storage on every change so that a reload (or coming back to
 * /registro in the same tab) resumes it, and sends the data not yet on the server again after a
 * restore and whenever the connection comes back.
 */
export function useWizardPersistence(actor: WizardActor, enabled: boolean, restored: boolean): void {
  useEffect(() => {
    if (!enabled) return undefined;
    const save = () => {
      const snapshot = actor.getSnapshot();
      if (isWorthResuming(snapshot)) saveWizardSnapshot(actor.getPersistedSnapshot());
      else clearWizardSnapshot();
    };
    save();
    const subscription = actor.subscribe(save);
    if (restored) actor.send({ type: 'sync.flush' });
    const flush = () => actor.send({ type: 'sync.flush' });
    window.addEventListener('online', flush);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('online', flush);
    };
  }, [actor, enabled, restored]);
}
