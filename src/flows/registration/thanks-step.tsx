import type { MouseEvent } from 'react';
import { FREE_TRIAL_DAYS } from '../../domain/constants';
import { SECTOR_LABELS, type Sector } from '../../domain/wizard-options';
import { REGISTRATION_COPY } from './copy';
import { StepHeading } from './step-heading';

export interface ThanksStepProps {
  /** 'trial' in promotion mode, otherwise the sector's demo. */
  offer: 'trial' | 'demo';
  sector: Sector | null;
  trialUrl: string;
  demoUrl: string | null;
  demoVisited: boolean;
  /** Background updates keep failing (the lead exists; its latest answers are not saved yet). */
  saveFailed: boolean;
  /** 'Registrar otro negocio' works (the lead is saved). */
  canRestart: boolean;
  focusOnMount: boolean;
  onTrialStart(): void;
  onDemoVisit(): void;
  onRestart(): void;
}

const COPY = REGISTRATION_COPY.gracias;
const HEADING_ID = 'paso-gracias';

/** Step 5: the trial offer (promotion mode) or the demo store for the chosen sector. */
export function ThanksStep(props: ThanksStepProps) {
  const { offer, sector, trialUrl, demoUrl, demoVisited, saveFailed, canRestart, focusOnMount } = props;
  const startTrial = (event: MouseEvent<HTMLAnchorElement>) => {
    // A plain click goes through the machine (which navigates); other clicks open the link as usual.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    props.onTrialStart();
  };
  return (
    <section className="wizard-step wizard-thanks" aria-labelledby={HEADING_ID}>
      <StepHeading id={HEADING_ID} focusOnMount={focusOnMount}>
        {COPY.titulo}
      </StepHeading>
      <p className="wizard-lead">{COPY.bajada}</p>
      {offer === 'trial' ? (
        <div className="wizard-offer">
          <p>{COPY.prueba(FREE_TRIAL_DAYS)}</p>
          <a className="btn btn-primary" href={trialUrl} onClick={startTrial}>
            {COPY.empezarPrueba}
          </a>
        </div>
      ) : demoUrl !== null && sector !== null ? (
        <div className="wizard-offer">
          <p>{COPY.demo(SECTOR_LABELS[sector].toLowerCase())}</p>
          <a
            className="btn btn-primary"
            href={demoUrl}
            target="_blank"
            rel="noopener"
            onClick={props.onDemoVisit}
            onAuxClick={(event) => {
              if (event.button === 1) props.onDemoVisit();
            }}
          >
            {COPY.verDemo}
            <span className="visually-hidden">{COPY.pestanaNueva}</span>
          </a>
          {demoVisited ? <p className="wizard-hint">{COPY.demoAbierta}</p> : null}
        </div>
      ) : null}
      <p className="wizard-sync" role="status">
        {saveFailed ? COPY.sinGuardar : ''}
      </p>
      <div className="wizard-another">
        <p>{COPY.otroNegocio}</p>
        <button type="button" className="btn" onClick={props.onRestart} disabled={!canRestart}>
          {COPY.registrarOtro}
        </button>
      </div>
    </section>
  );
}
