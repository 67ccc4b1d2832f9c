import { Component, type ReactNode } from 'react';
import { REGISTRATION_COPY } from './copy';

/**
 * Keeps the wizard card on screen when a lazily loaded step fails to load, instead of React
 * unmounting the whole page. Progress is stored, so reloading resumes at the same step.
 */
export class StepLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="wizard-step" role="alert">
        <p>{REGISTRATION_COPY.pasoSinCargar}</p>
        <a className="btn btn-primary" href="/registro">
          {REGISTRATION_COPY.recargar}
        </a>
      </div>
    );
  }
}
