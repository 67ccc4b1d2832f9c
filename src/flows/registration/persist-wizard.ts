import { clearWizardSnapshot, saveWizardSnapshot } from '../../services/wizard-persistence';
import type { LeadWizardSnapshot } from './lead-wizard.machine';
import type { WizardActor } from './lead-wizard.wiring';

/**
 * Stores the wizard in session storage after every change so that a reload (or coming back to
 * /registro in the same tab) resumes it, and sends the data not yet on the server again after a
 * restore and whenever the connection comes back. The function returned stops it, writing a
 * change still waiting: call it before the actor stops.
 */
export function persistWizard(actor: WizardActor, restored: boolean): () => void {
  let frame: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
    frame = timer = undefined;
    const snapshot = actor.getSnapshot();
    if (isWorthResuming(snapshot)) saveWizardSnapshot(actor.getPersistedSnapshot());
    else clearWizardSnapshot();
  };
  // A keystroke's change is written after the next paint, once per frame, so storage is not
  // part of the keystroke; leaving or hiding the page writes at once, so nothing typed is lost.
  const saveSoon = () => {
    if (frame !== undefined || timer !== undefined) return;
    frame = requestAnimationFrame(() => {
      frame = undefined;
      timer = setTimeout(save, 0);
    });
  };
  const saveIfHidden = () => {
    if (document.visibilityState === 'hidden') save();
  };
  save();
  const subscription = actor.subscribe(saveSoon);
  if (restored) actor.send({ type: 'sync.flush' });
  const flush = () => actor.send({ type: 'sync.flush' });
  window.addEventListener('online', flush);
  window.addEventListener('pagehide', save);
  document.addEventListener('visibilitychange', saveIfHidden);
  return () => {
    subscription.unsubscribe();
    if (frame !== undefined || timer !== undefined) save();
    window.removeEventListener('online', flush);
    window.removeEventListener('pagehide', save);
    document.removeEventListener('visibilitychange', saveIfHidden);
  };
}

/**
 * Whether a stored copy of this wizard would resume anything: a lead exists, a request or a
 * failure is under way, or something was typed. Otherwise nothing is stored, and a later visit
 * starts from its own campaign data.
 */
export function isWorthResuming(snapshot: LeadWizardSnapshot): boolean {
  const { nombreEmpresa, nombre, apellido, whatsapp, email, leadId } = snapshot.context;
  return (
    leadId !== null ||
    !snapshot.matches({ steps: { contact: 'editing' } }) ||
    [nombreEmpresa, nombre, apellido, whatsapp, email].some((value) => value !== '')
  );
}
