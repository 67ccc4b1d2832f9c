import { REGISTRATION_COPY } from './copy';

/** 'Paso N de 4' with a bar (widths in registro.css: no inline style, for the CSP), on steps 1 to 4. */
export function WizardProgress({ step, total }: { step: number; total: number }) {
  return (
    <div className="wizard-progress">
      <p className="wizard-progress-text">{REGISTRATION_COPY.progreso(step, total)}</p>
      <div className="wizard-progress-bar" aria-hidden="true" data-step={step}>
        <span />
      </div>
    </div>
  );
}
