import { useSelector } from '@xstate/react';
import { config } from '../../config';
import { newIdempotencyKey } from '../../services/idempotency-key';
import { demoUrl } from './links';
import { ThanksStep } from './thanks-step';
import { TRIAL_URL, type WizardActor } from './lead-wizard.wiring';

/** Step 5 wired to the machine: the offer, the saving warning and 'Registrar otro negocio'. */
export function ThanksContainer({ actor, focusOnMount }: { actor: WizardActor; focusOnMount: boolean }) {
  const offer = useSelector(actor, (s) => (s.matches({ steps: { thanks: 'trial' } }) ? 'trial' : 'demo'));
  const sector = useSelector(actor, (s) => s.context.sector);
  const demoVisited = useSelector(actor, (s) => s.matches({ steps: { thanks: { demo: 'visited' } } }));
  const saveFailed = useSelector(actor, (s) => s.hasTag('saveFailed'));
  // The key matters only in the event sent on the click.
  const canRestart = useSelector(actor, (s) => s.can({ type: 'wizard.restart', idempotencyKey: '' }));
  return (
    <ThanksStep
      offer={offer}
      sector={sector}
      trialUrl={TRIAL_URL}
      demoUrl={sector === null ? null : demoUrl(config, sector)}
      demoVisited={demoVisited}
      saveFailed={saveFailed}
      canRestart={canRestart}
      focusOnMount={focusOnMount}
      onTrialStart={() => actor.send({ type: 'trial.start' })}
      onDemoVisit={() => actor.send({ type: 'demo.visit' })}
      onRestart={() => actor.send({ type: 'wizard.restart', idempotencyKey: newIdempotencyKey() })}
    />
  );
}
